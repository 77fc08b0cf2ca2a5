import { useEffect, useMemo, useState } from 'react';
import { Avatar, Badge, Button, Card, Checkbox, ColorSwatch, Group, HoverCard, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { CLAIM_DEFAULT_SORT, CLAIM_PAGE_SIZE, CLAIM_PRIORITY_COLORS, CLAIM_PRIORITY_LABELS, CLAIM_TYPE_LABELS, claimYearFilter } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { setQuery } from '../../ui/edit-query.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { ALL_LOCATIONS, LocationSelect } from '../../ui/LocationSelect.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { ClaimFormModal } from './ClaimFormModal.tsx';
import { claimRows, useClaimList, useMarkClaimsSeen, type ClaimRow } from './claims.api.ts';
import { useClaimLocations } from './claim-locations.ts';

function Creator({ row }: { row: ClaimRow }) {
  const [first = '', ...rest] = row.createdBy.name.split(' ');
  return (
    <HoverCard width={240} shadow="md" openDelay={200} withinPortal withRoles={false}>
      <HoverCard.Target>
        <Text size="sm" td="underline" style={{ textDecorationStyle: 'dotted', cursor: 'default' }}>
          {row.createdBy.name}
        </Text>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Group gap="sm" wrap="nowrap">
          {row.createdBy.id ? <UserAvatar uri={row.createdBy.avatarUrl} firstName={first} lastName={rest.join(' ')} size="lg" /> : <Avatar size="lg" />}
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {row.createdBy.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.createdBy.group || '–'}
            </Text>
            <Text size="xs" c="dimmed">
              {row.createdBy.location || '–'}
            </Text>
          </Stack>
        </Group>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

function Priority({ value }: { value: number | null }) {
  if (value !== 1 && value !== 2 && value !== 3) return null;
  return (
    <Tooltip label={CLAIM_PRIORITY_LABELS[value]}>
      <ColorSwatch color={CLAIM_PRIORITY_COLORS[value]} size={12} role="img" aria-label={CLAIM_PRIORITY_LABELS[value]} />
    </Tooltip>
  );
}

const COLUMNS: Column<ClaimRow>[] = [
  {
    key: 'number',
    label: 'Nummer',
    sortable: true,
    nowrap: true,
    card: 'title',
    render: (c) => (
      <Group gap={6} wrap="nowrap">
        <Priority value={c.priority} />
        <Text size="sm" fw={600}>
          {c.number}
        </Text>
      </Group>
    ),
  },
  // Date and time may break after the comma: the table keeps to the screen at 1024 px.
  { key: 'createdAt', label: 'Datum', sortable: true, render: (c) => c.createdAtFormated },
  { key: 'createdBy', label: 'Angelegt von', sortable: true, render: (c) => <Creator row={c} />, visibleFrom: 'lg' },
  {
    key: 'customerName',
    label: 'Kunde',
    sortable: true,
    render: (c) => (
      <Stack gap={0}>
        <Text size="sm">{c.customerName || '–'}</Text>
        <Text size="xs" c="dimmed">
          {CLAIM_TYPE_LABELS[c.type]} · {c.location.name}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'status',
    label: 'Status',
    sortable: true,
    card: 'badge',
    render: (c) => (
      // A state is read as a whole ('Beim Hersteller'): the label wraps rather than ending in '…'.
      <Badge variant="light" color="stone" size="md" radius="sm" tt="none" fw={600} h="auto" py={2} styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }}>
        {c.status?.name ?? '–'}
      </Badge>
    ),
  },
  { key: 'supplierName', label: 'Hersteller / Spediteur', sortable: true, render: (c) => c.supplierName || c.haulerName || '–', visibleFrom: 'lg' },
  {
    key: 'stockUpdated',
    label: 'Bestandskorrektur gebucht',
    sortable: true,
    align: 'center',
    render: (c) => <Checkbox checked={c.stockUpdated} readOnly aria-label={c.stockUpdated ? 'gebucht' : 'nicht gebucht'} tabIndex={-1} mx="auto" w="fit-content" />,
  },
  { key: 'baNumber', label: 'BA-Nummer', sortable: true, render: (c) => c.baNumber || '–' },
];

/**
 * What the table needs with creator and supplier hidden below 1200 px (they stay in the claim
 * form): narrower boxes (phones, a tablet upright) show the claims as cards.
 */
const CLAIM_TABLE_WIDTH = 680;

/** One of the two cards: its own number search, sorting and 'Mehr laden'. */
function ClaimsCard({ title, completed, location, year, onOpen }: { title: string; completed: boolean; location: string; year: string; onOpen: (id: string) => void }) {
  const [number, setNumber] = useState('');
  const [term] = useDebouncedValue(number, 300);
  const [sort, setSort] = useState(CLAIM_DEFAULT_SORT);
  const list = useClaimList({ completed, location, year, number: term, sort: sort || CLAIM_DEFAULT_SORT });
  const { rows, count } = claimRows(list.data);
  return (
    <Card withBorder radius="md" p={0}>
      <Group justify="space-between" align="flex-end" p="sm" wrap="wrap">
        <Title order={2} size="h4">
          {title}{' '}
          <Text span c="dimmed" size="sm">
            ({count.toLocaleString('de-DE')})
          </Text>
        </Title>
        <SearchInput value={number} onChange={setNumber} label="Nummer" placeholder="Nummer suchen" width={200} />
      </Group>
      <QueryError error={list.error} />
      <SortableTable
        label={title}
        columns={COLUMNS}
        rows={rows}
        rowKey={(c) => c.id}
        sort={sort}
        onSortChange={setSort}
        loading={list.isPending}
        skeletonRows={CLAIM_PAGE_SIZE}
        emptyText={MSG.noClaims}
        minWidth={CLAIM_TABLE_WIDTH}
        cards
        onRowClick={(c) => onOpen(c.id)}
      />
      <LoadMoreButton shown={rows.length} count={count} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} label="Mehr laden" keepWhenDone />
    </Card>
  );
}

/**
 * 'Beanstandung' (spec 2 §2 ClaimsPage): location and year for both cards, the open and the
 * closed claims, the claim form from a row or 'Neue Beanstandung', and the export.
 */
export function ClaimsPage() {
  const can = useCan();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const claimLocations = useClaimLocations();
  const location = params.get('standort') ?? (claimLocations.all ? ALL_LOCATIONS : (claimLocations.only?.[0] ?? ALL_LOCATIONS));
  const [yearText, setYearText] = useState(params.get('jahr') ?? '');
  const [yearTerm] = useDebouncedValue(yearText, 300);
  // Only a four-digit year from 1800 to 2199 filters; anything else leaves the lists as they are.
  const year = useMemo(() => {
    const y = claimYearFilter(yearTerm);
    return y === 'invalid' || y === null ? '' : String(y);
  }, [yearTerm]);
  const opened = params.get('id');
  const creating = params.get('neu') === '1';
  const set = (changes: Record<string, string>) => setQuery(setParams, changes);
  const markSeen = useMarkClaimsSeen();

  useEffect(() => set({ jahr: year }), [year]); // eslint-disable-line react-hooks/exhaustive-deps
  // Seen 5 seconds after opening the page: the navigation counter goes to zero (spec 2 §2).
  useEffect(() => {
    const timer = setTimeout(() => markSeen.mutate(), 5000);
    return () => clearTimeout(timer);
    // Once per visit of the page, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const yearInvalid = yearText.trim() !== '' && claimYearFilter(yearText) === 'invalid';
  return (
    <>
      <PageHeader
        title="Beanstandungen"
        breadcrumbs={[{ label: 'Reklamationen' }]}
        actions={
          <Group gap="sm">
            {can('claim_can_export') && <ExportButton path={`/api/exportclaim/${location}${year ? `?year=${year}` : ''}`} />}
            <Button leftSection={<IconPlus size={16} />} onClick={() => set({ neu: '1', id: '' })}>
              Neue Beanstandung
            </Button>
          </Group>
        }
      />
      <Card withBorder radius="md" mb="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <LocationSelect label="Standort" value={location} onChange={(v) => set({ standort: v })} withAll={claimLocations.all || (claimLocations.only?.length ?? 0) > 1} only={claimLocations.only} />
          <TextInput
            label="Jahr"
            placeholder="alle"
            value={yearText}
            onChange={(e) => setYearText(e.currentTarget.value)}
            inputMode="numeric"
            maxLength={4}
            w={{ base: '100%', xs: 110 }}
            error={yearInvalid ? MSG.claimYearInvalid : undefined}
          />
        </Group>
      </Card>
      <Stack gap="md">
        <ClaimsCard title="Offene Beanstandungen" completed={false} location={location} year={year} onOpen={(id) => set({ id, neu: '' })} />
        <ClaimsCard title="Erledigte Beanstandungen" completed location={location} year={year} onOpen={(id) => set({ id, neu: '' })} />
      </Stack>
      {(opened || creating) && (
        <ClaimFormModal
          claimId={opened}
          defaultLocation={user.currentLocation?.id ?? user.location?.id ?? ''}
          onCreated={(id) => set({ id, neu: '' })}
          onClose={() => set({ id: '', neu: '' })}
        />
      )}
    </>
  );
}
