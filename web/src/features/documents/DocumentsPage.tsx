import { useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Box, Breadcrumbs, Button, Card, Group, Menu, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconFileSpreadsheet, IconFileText, IconFileTypePdf, IconFolder, IconFolderPlus, IconLink, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatFileSize } from '@filialportal/core/assortment';
import { DOCUMENT_SEARCH_MIN } from '@filialportal/core/documents';
import { countOf } from '@filialportal/core/plural';
import { useCan } from '../../shell-api/current-user.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { downloadResource } from '../../ui/download.ts';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { DocumentFormModal } from './DocumentFormModal.tsx';
import { useDeleteDocument, useDeleteFolder, useDocumentSearch, useFolder, useTopFolders, type Folder, type LibraryDocument } from './documents.api.ts';
import { FolderFormModal } from './FolderFormModal.tsx';
import { ShortLinkModal } from './ShortLinkModal.tsx';
import { UploadModal } from './UploadModal.tsx';

const TYPE_ICON = { pdf: IconFileTypePdf, docx: IconFileText, xlsx: IconFileSpreadsheet } as const;
const TYPE_LABEL = { pdf: 'PDF', docx: 'Word', xlsx: 'Excel' } as const;

type Dialog =
  | { kind: 'folder'; folder: Folder | null }
  | { kind: 'upload' }
  | { kind: 'document'; document: LibraryDocument }
  | { kind: 'link'; target: { kind: 'document' | 'folder'; id: string; name: string; shortLink: string | null } };

const fileName = (d: LibraryDocument) => (d.name.toLowerCase().endsWith(`.${d.type}`) ? d.name : `${d.name}.${d.type}`);
const download = (d: LibraryDocument) => void downloadResource(d.resourceUri, fileName(d));

/** A passage of the search with the matched words («…») marked. */
function Snippet({ text }: { text: string }) {
  if (!text) return null;
  const parts = text.split(/(«[^»]*»)/g);
  return (
    <Text size="xs" c="dimmed" lineClamp={2}>
      …{parts.map((p, i) => (p.startsWith('«') ? <mark key={i}>{p.slice(1, -1)}</mark> : p))}…
    </Text>
  );
}

/**
 * 'Dokumente' (spec 2 §2): the folder tree with breadcrumb, the folder's sub-folders and documents,
 * the search (from three characters, also inside the files), and the modals for folders,
 * documents and short links. The open folder is in the address (/dokumente/{id}).
 */
export function DocumentsPage() {
  const { folderId = null } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 300);
  const searching = debounced.trim().length >= DOCUMENT_SEARCH_MIN;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const top = useTopFolders(folderId === null);
  const folder = useFolder(folderId);
  const found = useDocumentSearch(searching ? debounced : '');
  const removeFolder = useDeleteFolder();
  const removeDocument = useDeleteDocument();
  const mayCreate = can('dokument_oder_ordner_erstellen');
  const mayEdit = can('dokument_oder_ordner_bearbeiten');
  const mayDelete = can('dokument_oder_ordner_l_schen');
  const maySearch = can('dokument_oder_ordner_eigene_durchsuchen') || can('dokument_oder_ordner_alle_durchsuchen');

  const current = folder.data?.pages[0]?.folder ?? null;
  const folders = folderId ? (current?.folders ?? []) : (top.data ?? []);
  const documents = folder.data?.pages.flatMap((p) => p.documents) ?? [];
  const count = folder.data?.pages.at(-1)?.count ?? 0;
  const loading = folderId ? folder.isPending : top.isPending;
  const error = folderId ? folder.error : top.error;
  const open = (id: string) => {
    setTerm('');
    void navigate(`/dokumente/${id}`);
  };

  const folderActions = (f: Folder) => (
    <RowMenu
      label={`Aktionen für ${f.name}`}
      items={[
        mayEdit && { label: 'Kurzlink', icon: IconLink, onClick: () => setDialog({ kind: 'link', target: { kind: 'folder', id: f.id, name: f.name, shortLink: f.shortLink } }) },
        mayEdit && { label: 'Bearbeiten', icon: IconPencil, onClick: () => setDialog({ kind: 'folder', folder: f }) },
        mayDelete && { label: 'Löschen', icon: IconTrash, color: 'red', onClick: () => openConfirm({ onConfirm: () => removeFolder.mutate(f.id, { onError: alertError }) }) },
      ]}
    />
  );
  const documentActions = (d: LibraryDocument) => (
    <RowMenu
      label={`Aktionen für ${d.name}`}
      items={[
        mayEdit && { label: 'Kurzlink', icon: IconLink, onClick: () => setDialog({ kind: 'link', target: { kind: 'document', id: d.id, name: d.name, shortLink: d.shortLink } }) },
        mayEdit && { label: 'Bearbeiten', icon: IconPencil, onClick: () => setDialog({ kind: 'document', document: d }) },
        mayDelete && { label: 'Löschen', icon: IconTrash, color: 'red', onClick: () => openConfirm({ onConfirm: () => removeDocument.mutate(d.id, { onError: alertError }) }) },
      ]}
    />
  );

  return (
    <>
      <PageHeader
        title="Dokumente"
        actions={
          <Group gap="sm" align="flex-end" wrap="wrap">
            {maySearch && <SearchInput value={term} onChange={setTerm} placeholder="Name oder Inhalt, ab 3 Zeichen" />}
            {mayCreate && (
              <>
                <Button variant="default" leftSection={<IconFolderPlus size={16} />} onClick={() => setDialog({ kind: 'folder', folder: null })}>
                  Neuer Ordner
                </Button>
                <Button leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: 'upload' })}>
                  Dokumente hochladen
                </Button>
              </>
            )}
          </Group>
        }
      />
      <Card withBorder radius="md" p="md">
        {searching ? (
          <SearchResults found={found} onOpen={open} />
        ) : (
          <Stack gap="sm">
            <Box component="nav" aria-label="Ordnerpfad">
            <Breadcrumbs separatorMargin={6}>
              <Anchor component={Link} to="/dokumente" size="sm">
                Dokumente
              </Anchor>
              {(current?.breadCrumb ?? []).map((c, i, all) =>
                i === all.length - 1 ? (
                  <Text key={c.id} size="sm" fw={600}>
                    {c.name}
                  </Text>
                ) : (
                  <Anchor key={c.id} component={Link} to={`/dokumente/${c.id}`} size="sm">
                    {c.name}
                  </Anchor>
                ),
              )}
            </Breadcrumbs>
            </Box>
            {error ? (
              <QueryError error={error} />
            ) : (
              <Table.ScrollContainer minWidth={340}>
                <Table highlightOnHover verticalSpacing="xs" aria-label={current ? `Inhalt von ${current.name}` : 'Ordner'}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th visibleFrom="sm">Typ</Table.Th>
                      <Table.Th ta="right">Größe</Table.Th>
                      <Table.Th visibleFrom="md">Geändert</Table.Th>
                      <Table.Th visibleFrom="md">Erstellt von</Table.Th>
                      <Table.Th w={48} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {loading &&
                      Array.from({ length: 6 }, (_, i) => (
                        <Table.Tr key={i}>
                          <Table.Td colSpan={6}>
                            <Skeleton h={20} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    {folders.map((f) => (
                      <Table.Tr key={f.id}>
                        <Table.Td>
                          <UnstyledButton onClick={() => open(f.id)} aria-label={`Ordner ${f.name} öffnen`}>
                            <Group gap="xs" wrap="nowrap">
                              <IconFolder size={20} color="var(--mantine-color-yellow-7)" style={{ flexShrink: 0 }} />
                              <Text size="sm" fw={600}>
                                {f.name}
                              </Text>
                            </Group>
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td visibleFrom="sm">Ordner</Table.Td>
                        <Table.Td ta="right">{countOf(f.countItems, 'Eintrag', 'Einträge')}</Table.Td>
                        <Table.Td visibleFrom="md" />
                        <Table.Td visibleFrom="md" />
                        <Table.Td>{folderActions(f)}</Table.Td>
                      </Table.Tr>
                    ))}
                    {documents.map((d) => {
                      const Icon = TYPE_ICON[d.type];
                      return (
                        <Table.Tr key={d.id}>
                          <Table.Td>
                            <UnstyledButton onClick={() => download(d)} aria-label={`${d.name} herunterladen`}>
                              <Group gap="xs" wrap="nowrap">
                                <Icon size={20} stroke={1.5} style={{ flexShrink: 0 }} />
                                <Text size="sm">{d.name}</Text>
                              </Group>
                            </UnstyledButton>
                          </Table.Td>
                          <Table.Td visibleFrom="sm">{TYPE_LABEL[d.type]}</Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {formatFileSize(d.size)}
                          </Table.Td>
                          <Table.Td visibleFrom="md">{d.updatedAtFormated}</Table.Td>
                          <Table.Td visibleFrom="md">{d.createdBy}</Table.Td>
                          <Table.Td>{documentActions(d)}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {!loading && !error && folders.length === 0 && documents.length === 0 && (
              <Text c="dimmed" size="sm" ta="center" py="lg">
                {folderId ? 'Dieser Ordner ist leer.' : 'Noch keine Ordner.'}
              </Text>
            )}
            <LoadMoreButton shown={documents.length} count={count} loading={folder.isFetchingNextPage} onLoad={() => void folder.fetchNextPage()} />
          </Stack>
        )}
      </Card>
      {dialog?.kind === 'folder' && <FolderFormModal folder={dialog.folder} parent={current} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'upload' && <UploadModal folder={current} onClose={() => setDialog(null)} onDone={(id) => id !== folderId && open(id)} />}
      {dialog?.kind === 'document' && <DocumentFormModal document={dialog.document} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'link' && <ShortLinkModal target={dialog.target} onClose={() => setDialog(null)} />}
    </>
  );
}

type MenuItem = { label: string; icon: typeof IconLink; color?: string; onClick: () => void };

function RowMenu({ label, items }: { label: string; items: (MenuItem | false)[] }) {
  const shown = items.filter((i): i is MenuItem => Boolean(i));
  if (shown.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map(({ label: text, icon: Icon, color, onClick }) => (
          <Menu.Item key={text} leftSection={<Icon size={16} />} color={color} onClick={onClick}>
            {text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function SearchResults({ found, onOpen }: { found: ReturnType<typeof useDocumentSearch>; onOpen: (id: string) => void }) {
  if (found.error) return <QueryError error={found.error} />;
  if (found.isPending || !found.data)
    return (
      <Stack gap="xs">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    );
  const first = found.data.pages[0]!;
  const { count, capped } = found.data.pages.at(-1)!;
  const documents = found.data.pages.flatMap((p) => p.documents);
  if (first.folders.length === 0 && documents.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        Keine Treffer.
      </Text>
    );
  const path = (crumbs: { name: string }[]): ReactNode => crumbs.map((c) => c.name).join(' / ');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {capped ? `mehr als ${count.toLocaleString('de-DE')} Dokumente` : countOf(count, 'Dokument', 'Dokumente')}
        {first.folders.length > 0 && `, ${countOf(first.folders.length, 'Ordner', 'Ordner')}`}
      </Text>
      {first.folders.map((f) => (
        <UnstyledButton key={f.id} onClick={() => onOpen(f.id)} aria-label={`Ordner ${f.name} öffnen`}>
          <Group gap="xs" wrap="nowrap">
            <IconFolder size={20} color="var(--mantine-color-yellow-7)" style={{ flexShrink: 0 }} />
            <div>
              <Text size="sm" fw={600}>
                {f.name}
              </Text>
              <Text size="xs" c="dimmed">
                {path(f.breadCrumb.slice(0, -1)) || 'Dokumente'}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
      ))}
      {documents.map((d) => {
        const Icon = TYPE_ICON[d.type];
        return (
          <UnstyledButton key={d.id} onClick={() => download(d)} aria-label={`${d.name} herunterladen`}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Icon size={20} stroke={1.5} style={{ flexShrink: 0 }} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {d.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {path(d.breadCrumb)} · {formatFileSize(d.size)}
                </Text>
                <Snippet text={d.snippet} />
              </div>
            </Group>
          </UnstyledButton>
        );
      })}
      <LoadMoreButton shown={documents.length} count={count} loading={found.isFetchingNextPage} onLoad={() => void found.fetchNextPage()} />
      {capped && documents.length >= count && (
        <Text size="sm" c="dimmed" ta="center">
          Das sind die {count.toLocaleString('de-DE')} besten Treffer. Mit einem genaueren Suchbegriff finden Sie weitere.
        </Text>
      )}
    </Stack>
  );
}
