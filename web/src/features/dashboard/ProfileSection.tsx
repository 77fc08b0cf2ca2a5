import type { ReactNode } from 'react';
import { Anchor, Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconId, IconMapPin, IconSettings, IconUserCircle, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { useRegistry } from '../../shell-api/registry.tsx';
import { DashboardSection } from '../../ui/DashboardSection.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import classes from './DashboardPage.module.css';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <ThemeIcon variant="light" color="stone" size={28} radius="md" style={{ flex: 'none' }}>
        {icon}
      </ThemeIcon>
      <div className={classes.wrapText}>
        <Text size="xs" c="dimmed" lh={1.3}>
          {label}
        </Text>
        <Text size="sm" fw={500} lh={1.35}>
          {value}
        </Text>
      </div>
    </Group>
  );
}

function QuickLink({ to, icon, label, hint }: { to: string; icon: ReactNode; label: string; hint: string }) {
  return (
    <Anchor component={Link} to={to} underline="never" className={classes.quickLink}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" className={classes.wrapText}>
          <ThemeIcon variant="light" color="oak" size={28} radius="md" style={{ flex: 'none' }}>
            {icon}
          </ThemeIcon>
          <div className={classes.wrapText}>
            <Text fw={600} size="sm" c="dark">
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          </div>
        </Group>
        <IconChevronRight size={18} color="var(--mantine-color-stone-6)" style={{ flex: 'none' }} aria-hidden />
      </Group>
    </Anchor>
  );
}

/** 'Mein Profil': who is logged in, where, and the way to the own and the portal's settings. */
export function ProfileSection() {
  const user = useCurrentUser();
  const can = useCan();
  const { settings } = useRegistry();
  const location = user.currentLocation?.label ?? user.locationLabel;
  const settingsSections = settings.filter((s) => can(s.permission)).map((s) => s.label);

  return (
    <DashboardSection title="Mein Profil" icon={<IconUserCircle size={18} />}>
      <Box p="lg" pt="md">
        <Group gap="md" mb="md" wrap="nowrap">
          <UserAvatar uri={user.resourceUri} firstName={user.firstName} lastName={user.lastName} size={48} radius="xl" />
          <div className={classes.wrapText}>
            <Text fw={650}>{user.fullName}</Text>
            <Text size="sm" c="dimmed" truncate="end" title={user.email}>
              {user.email}
            </Text>
          </div>
        </Group>
        <Stack gap="sm">
          <Fact icon={<IconUsersGroup size={16} />} label="Benutzergruppe" value={user.roleLabel} />
          <Fact icon={<IconMapPin size={16} />} label="Standort" value={location || '–'} />
          <Fact icon={<IconId size={16} />} label="Personalnummer" value={user.personalNumber || '–'} />
        </Stack>
        <Stack gap={2} mt="md" pt="sm" className={classes.quickLinks}>
          <QuickLink
            to="/benutzereinstellungen"
            icon={<IconUserCircle size={16} />}
            label="Benutzereinstellungen"
            hint="Name, Telefon, Standort, Passwort, Profilbild"
          />
          {can('einstellungen_sehen') && (
            <QuickLink
              to="/einstellungen"
              icon={<IconSettings size={16} />}
              label="Einstellungen"
              hint={settingsSections.join(', ') || 'Einstellungen des Portals'}
            />
          )}
        </Stack>
      </Box>
    </DashboardSection>
  );
}
