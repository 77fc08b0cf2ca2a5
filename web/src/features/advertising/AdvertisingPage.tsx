import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Badge, Box, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconFileTypePdf, IconMovie, IconPlus } from '@tabler/icons-react';
import { ADVERTISING_PAGE_SIZE, advertisingExpired } from '@filialportal/core/advertising';
import { todayIso } from '@filialportal/core/berlin-time';
import { MSG } from '@filialportal/core/messages';
import { postDownload } from '../../ui/ExportButton.tsx';
import { useCan } from '../../shell-api/current-user.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { downloadResource } from '../../ui/download.ts';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PHONE_QUERY } from '../../ui/PhoneFilters.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useObjectUrl } from '../../ui/use-object-url.ts';
import { AdvertisingFormModal } from './AdvertisingFormModal.tsx';
import { advertisingRows, useAdvertisingList, useDeleteAdvertising, useMarkAdvertisingSeen, useThumbnail, type Advertising } from './advertising.api.ts';

const THUMB_W = 72;
const THUMB_H = 54;

function Preview({ row, small }: { row: Advertising; small: boolean }) {
  const w = small ? 56 : THUMB_W;
  const h = small ? 42 : THUMB_H;
  const blob = useThumbnail(row.thumbnailUri);
  const src = useObjectUrl(blob.data);
  if (row.thumbnailUri) return <Image src={src} alt={row.title} w={w} h={h} radius="sm" fit="cover" bg="gray.1" />;
  const Icon = row.fileKind === 'pdf' ? IconFileTypePdf : IconMovie;
  return (
    <Box w={w} h={h} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' }}>
      <Icon size={28} stroke={1.4} aria-label={row.fileKind === 'pdf' ? 'PDF' : 'Video'} />
    </Box>
  );
}

/** 'Export XLSX' of one entry: the form post with authTok (spec 2 §7), like the shared ExportButton. */
const exportEntry = (id: string) => postDownload(`/api/exportadvertising/${id}`);

const validity = (a: Advertising) => (a.dateFromFormated || a.dateTillFormated ? `${a.dateFromFormated || '…'} – ${a.dateTillFormated || '…'}` : '–');

/**
 * 'Werbung' (spec 2 §2 Advertising view): the entries newest 'anzeigen ab' first with their
 * picture, validity and file, 25 per step; new, edit, delete and the article export. The
 * navigation counter resets 5 seconds after opening.
 */
export function AdvertisingPage() {
  const can = useCan();
  const list = useAdvertisingList();
  const { rows, count } = advertisingRows(list.data);
  const remove = useDeleteAdvertising();
  const markSeen = useMarkAdvertisingSeen();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [editing, setEditing] = useState<Advertising | 'new' | null>(null);
  const mayEdit = can('werbung_bearbeiten');
  const mayDelete = can('werbung_l_schen');
  const today = todayIso();

  // Seen 5 seconds after opening the page: the navigation counter goes to zero.
  useEffect(() => {
    const timer = setTimeout(() => markSeen.mutate(), 5000);
    return () => clearTimeout(timer);
    // Once per visit of the page, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirmDelete = (a: Advertising) =>
    openConfirm({
      onConfirm: () => remove.mutate(a.id, { onError: alertError }),
    });

  const columns: Column<Advertising>[] = [
    { key: 'preview', label: phone ? 'Bild' : 'Vorschau', width: (phone ? 56 : THUMB_W) + 16, render: (a) => <Preview row={a} small={phone} /> },
    {
      key: 'title',
      label: 'Titel',
      render: (a) => (
        <Stack gap={2}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {a.title}
            </Text>
            {!a.published && (
              <Badge size="xs" variant="light" color="yellow">
                demnächst
              </Badge>
            )}
            {advertisingExpired(a, today) && (
              <Badge size="xs" variant="filled" color="red" title={`gültig bis ${a.dateTillFormated}`}>
                Abgelaufen
              </Badge>
            )}
          </Group>
          {a.articles.length > 0 && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              Artikel: {a.articles.join(', ')}
            </Text>
          )}
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            ab {a.showFromFormated} · gültig {validity(a)}
          </Text>
        </Stack>
      ),
    },
    { key: 'showFrom', label: 'Anzeigen ab', nowrap: true, render: (a) => a.showFromFormated, visibleFrom: 'sm' },
    { key: 'validity', label: 'Gültig', nowrap: true, render: validity, visibleFrom: 'sm' },
    {
      key: 'file',
      label: 'Datei',
      visibleFrom: 'lg',
      render: (a) => (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => void downloadResource(a.resourceUri, a.name)} style={{ overflowWrap: 'anywhere' }}>
          {a.name}
        </Anchor>
      ),
    },
    {
      key: 'actions',
      label: phone ? '' : 'Aktionen',
      align: 'right',
      nowrap: true,
      render: (a) => (
        <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
          <Tooltip label="Datei herunterladen">
            <ActionIcon variant="subtle" color="stone.8" hiddenFrom="lg" onClick={() => void downloadResource(a.resourceUri, a.name)} aria-label={`${a.name} herunterladen`}>
              <IconDownload size={17} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
          {a.articles.length > 0 && (
            <Tooltip label="Artikel mit Bestand (XLSX)">
              <ActionIcon variant="subtle" color="stone.8" visibleFrom="sm" onClick={() => exportEntry(a.id)} aria-label={`${a.title}: Artikel exportieren`}>
                <IconFileSpreadsheet size={17} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          )}
          <RowActions name={a.title} onEdit={mayEdit ? () => setEditing(a) : undefined} onDelete={mayDelete ? () => confirmDelete(a) : undefined} />
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Werbung"
        actions={
          can('werbung_erstellen') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Neue Werbung
            </Button>
          )
        }
      />
      <Card withBorder radius="md" p={0}>
        <QueryError error={list.error} />
        <SortableTable
          label="Werbung"
          columns={columns}
          rows={rows}
          rowKey={(a) => a.id}
          loading={list.isPending}
          skeletonRows={ADVERTISING_PAGE_SIZE}
          emptyText={MSG.noAdvertising}
          minWidth={phone ? 320 : 700}
          spacing={phone ? 'xs' : 'sm'}
          onRowClick={mayEdit ? (a) => setEditing(a) : undefined}
        />
        <LoadMoreButton shown={rows.length} count={count} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} label="Mehr laden" />
      </Card>
      {editing && <AdvertisingFormModal advertising={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
