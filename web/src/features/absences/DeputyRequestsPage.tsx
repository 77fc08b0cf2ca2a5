import { Badge, Button, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DAY_LENGTH_LABELS } from '@filialportal/core/absences';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { useDeclineDeputy, useDeputyRequests, type DeputyRequest } from './absences.api.ts';
import { DEFAULT_VACATION_VIEW, vacationPath } from './paths.ts';
import { DialogText } from './vacation-confirm.tsx';

/**
 * 'Vertretungen': the coming requests in which the person stands in, each with its state, and
 * declining with a reason (the requester and the approver see it).
 */
export function DeputyRequestsPage() {
  const list = useDeputyRequests();
  const decline = useDeclineDeputy();

  const ask = (r: DeputyRequest) => {
    const reason = { current: '' };
    openConfirm({
      title: 'Vertretung ablehnen',
      text: (
        <Stack gap="sm">
          <Text size="sm">
            Vertretung für {r.name} ({r.startDateFormated} – {r.endDateFormated}) ablehnen?
          </Text>
          <DialogText label="Begründung" required into={reason} />
        </Stack>
      ),
      confirmLabel: 'Ablehnen',
      onConfirm: () =>
        decline.mutate({ id: r.id, reason: reason.current }, { onSuccess: () => notifications.show({ message: 'Vertretung abgelehnt', color: 'stone' }), onError: alertError }),
    });
  };

  const columns: Column<DeputyRequest>[] = [
    {
      key: 'name',
      label: 'Für',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.locationLabel}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'period',
      label: 'Zeitraum',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">
            {r.startDateFormated} – {r.endDateFormated}
          </Text>
          {r.dayLength !== 'full' && (
            <Text size="xs" c="teal.9">
              Halbe Tage, {DAY_LENGTH_LABELS[r.dayLength]}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'state', label: 'Antrag', render: (r) => <Badge variant="light" color={r.state === 'akzeptiert' ? 'teal' : 'gray'}>{r.state}</Badge> },
    {
      key: 'answer',
      label: 'Ihre Antwort',
      align: 'right',
      render: (r) =>
        r.declined ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Abgelehnt: {r.declineReason}
          </Text>
        ) : (
          <Button size="xs" variant="default" color="red" onClick={() => ask(r)} aria-label={`Vertretung für ${r.name} ablehnen`}>
            Ablehnen
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader title="Vertretungen" breadcrumbs={[{ label: 'Urlaub', to: vacationPath(DEFAULT_VACATION_VIEW) }, { label: 'Vertretungen' }]} description="Anträge, in denen Sie als Vertretung eingetragen sind." />
      <Paper withBorder radius="md">
        <QueryError error={list.error} />
        <SortableTable label="Vertretungen" columns={columns} rows={list.data?.requests} rowKey={(r) => r.id} loading={list.isPending} emptyText="Sie sind derzeit für niemanden als Vertretung eingetragen." minWidth={560} />
      </Paper>
    </>
  );
}
