import { Anchor, Badge, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DashboardSection } from '../../ui/DashboardSection.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useOwnTrainings } from './trainings.api.ts';

const STATE_COLOR: Record<string, string> = { Angefragt: 'yellow', Warteliste: 'gray', Genehmigt: 'green' };

/** 'Meine Veranstaltungen' on the dashboard (spec 1 §2): the own registrations from today on. */
export function TrainingsSection() {
  const own = useOwnTrainings();
  const rows = own.data?.trainings ?? [];
  return (
    <DashboardSection
      title="Meine Veranstaltungen"
      icon={<IconSchool size={18} />}
      aside={
        <Anchor component={Link} to="/veranstaltungen" size="sm" fw={500} style={{ flex: 'none' }}>
          <Group gap={2} wrap="nowrap">
            Alle
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      }
    >
      <Stack gap="sm" p="md">
        {own.error ? (
          <QueryError error={own.error} />
        ) : own.isPending ? (
          <Stack gap="xs" aria-hidden>
            <Skeleton height={14} width="70%" />
            <Skeleton height={14} width="50%" />
          </Stack>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Keine Anmeldungen
          </Text>
        ) : (
          rows.map((t) => (
            <UnstyledButton key={t.id} component={Link} to="/veranstaltungen">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {t.dateFormated}, {t.time} Uhr
                  </Text>
                  <Text size="sm" fw={600} truncate>
                    {t.title}
                  </Text>
                </div>
                <Badge variant="light" color={STATE_COLOR[t.state] ?? 'gray'} style={{ flex: 'none' }}>
                  {t.state}
                </Badge>
              </Group>
            </UnstyledButton>
          ))
        )}
      </Stack>
    </DashboardSection>
  );
}
