import type { ReactNode } from 'react';
import { Anchor, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBeach, IconChevronRight, IconId, IconMapPin, IconSettings, IconUserCircle, IconUsersGroup } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useCan, useCurrentUser } from '../../app/current-user.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { SETTINGS_SECTIONS } from '../settings/sections.ts';
import classes from './DashboardPage.module.css';

/** 'Guten Morgen' until 11, 'Guten Tag' until 18, then 'Guten Abend'. */
export function greeting(hour: number): string {
  if (hour < 11) return 'Guten Morgen';
  if (hour < 18) return 'Guten Tag';
  return 'Guten Abend';
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="oak" size={34} radius="md">
        {icon}
      </ThemeIcon>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
          {label}
        </Text>
        <Text fw={500}>{value}</Text>
      </div>
    </Group>
  );
}

function QuickLink({ to, icon, label, hint }: { to: string; icon: ReactNode; label: string; hint: string }) {
  return (
    <Anchor component={Link} to={to} underline="never" className={classes.quickLink}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" className={classes.quickLinkText}>
          <ThemeIcon variant="light" color="stone" size={34} radius="md" style={{ flex: 'none' }}>
            {icon}
          </ThemeIcon>
          <div className={classes.quickLinkText}>
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

/**
 * The start page. The grid has room for the spec's dashboard sections (own open tasks, news
 * per category, the vacation doughnut, own trainings); they join as their domains arrive.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const can = useCan();
  const now = dayjs();
  const location = user.currentLocation?.label ?? user.locationLabel;
  const settingsSections = SETTINGS_SECTIONS.filter((s) => can(s.permission)).map((s) => s.label);

  return (
    <Stack gap="lg">
      <header>
        <Text c="dimmed" size="sm" mb={4}>
          {now.format('dddd, D. MMMM YYYY')}
        </Text>
        <Title order={1} fz={28}>
          {greeting(now.hour())}, {user.firstName}
        </Title>
      </header>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Card component="section" aria-labelledby="dashboard-profile" h="100%">
            <Group gap="md" mb="lg" wrap="nowrap">
              <UserAvatar uri={user.resourceUri} firstName={user.firstName} lastName={user.lastName} size={56} radius="xl" />
              <div>
                <Title order={2} fz={18} id="dashboard-profile">
                  {user.fullName}
                </Title>
                <Text size="sm" c="dimmed">
                  {user.email}
                </Text>
              </div>
            </Group>
            <div className={classes.facts}>
              <Fact icon={<IconUsersGroup size={18} />} label="Benutzergruppe" value={user.roleLabel} />
              <Fact icon={<IconMapPin size={18} />} label="Standort" value={location || '–'} />
              <Fact icon={<IconId size={18} />} label="Personalnummer" value={user.personalNumber || '–'} />
            </div>
            {can('urlaub_menu_sehen') && (
              <Group gap="sm" wrap="nowrap" mt="lg" p="sm" className={classes.holidays}>
                <ThemeIcon variant="white" color="oak" size={34} radius="md">
                  <IconBeach size={18} />
                </ThemeIcon>
                <Text fw={500}>
                  Urlaubsanspruch {now.year()}: {user.availableHolidays.toLocaleString('de-DE')} Tage
                </Text>
              </Group>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Card component="section" aria-labelledby="dashboard-quick" h="100%">
            <Title order={2} fz={18} mb="md" id="dashboard-quick">
              Schnellzugriff
            </Title>
            <Stack gap="xs">
              <QuickLink
                to="/benutzereinstellungen"
                icon={<IconUserCircle size={18} />}
                label="Benutzereinstellungen"
                hint="Name, Telefon, Standort, Passwort, Profilbild"
              />
              {can('einstellungen_sehen') && (
                <QuickLink
                  to="/einstellungen"
                  icon={<IconSettings size={18} />}
                  label="Einstellungen"
                  hint={settingsSections.join(', ') || 'Einstellungen des Portals'}
                />
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
