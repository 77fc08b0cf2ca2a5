import { useState } from 'react';
import { ActionIcon, Anchor, Card, FileButton, Group, Image, Progress, SimpleGrid, Stack, Text, Title, Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconFile, IconFileTypePdf, IconMovie, IconTrash, IconUpload } from '@tabler/icons-react';
import { formatFileSize } from '@filialportal/core/assortment';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { CLAIM_FILE_EXTENSIONS, type ClaimFileField } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import { api, apiBlob, uploadFile } from '../../api/client.ts';
import { alertError } from '../../ui/alert-error.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { downloadResource } from '../../ui/download.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useObjectUrl } from '../../ui/use-object-url.ts';
import { claimKeys, type Claim } from './claims.api.ts';

type StoredFile = Claim['checklist']['pictures'][number];
/** A file on its way: shown with its progress and 'noch nicht gespeichert' until the server has it. */
type Pending = { key: string; name: string; size: number; share: number };

const FIELDS: { field: ClaimFileField; title: string; multiple: boolean }[] = [
  { field: 'complaintForm', title: 'Reklamationsformular', multiple: false },
  { field: 'pictures', title: 'Fotos und Videos', multiple: true },
  { field: 'customerInvoiceUploads', title: 'Rechnungen', multiple: true },
];
// '.mov.qt' ends in '.qt' for the file picker.
const ACCEPT = [...new Set(CLAIM_FILE_EXTENSIONS.map((e) => (e === '.mov.qt' ? '.qt' : e)))].join(',');

/** A thumbnail behind the bearer token, as an object URL. */
function Thumbnail({ uri, name }: { uri: string; name: string }) {
  const blob = useQuery({ queryKey: ['claims', 'thumbnail', uri], queryFn: ({ signal }) => apiBlob(uri, { signal }), staleTime: Infinity, retry: false });
  const src = useObjectUrl(blob.data);
  return <Image src={src} alt={name} w={56} h={56} radius="sm" fit="cover" bg="gray.1" />;
}

function FileIcon({ type }: { type: string }) {
  const Icon = type === 'application/pdf' ? IconFileTypePdf : type.startsWith('video/') ? IconMovie : IconFile;
  return <Icon size={32} stroke={1.4} aria-hidden />;
}

function FileRow({ file, onDelete }: { file: StoredFile; onDelete: (() => void) | null }) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {file.thumbnailUri ? <Thumbnail uri={file.thumbnailUri} name={file.name} /> : <FileIcon type={file.type} />}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => void downloadResource(file.resourceUri, file.name)} truncate>
            {file.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)} · {formatDateTime(file.uploadedAt)}
          </Text>
        </Stack>
      </Group>
      {onDelete && (
        <Tooltip label="Datei entfernen">
          <ActionIcon variant="subtle" color="red" aria-label={`${file.name} entfernen`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * The files of a claim's checklist (spec 2 §3, §5): the complaint form (one; a new one replaces
 * it), photos and videos, invoices. Each file goes to the server as soon as it is chosen, with
 * its progress; the server checks it, turns HEIC into JPEG and keeps the same bytes once.
 */
export function ClaimFiles({ claim }: { claim: Claim }) {
  const client = useQueryClient();
  const [pending, setPending] = useState<Record<ClaimFileField, Pending[]>>({ complaintForm: [], pictures: [], customerInvoiceUploads: [] });
  const editable = claim.editable;
  const stored = (field: ClaimFileField): StoredFile[] => (field === 'complaintForm' ? (claim.checklist.complaintForm ? [claim.checklist.complaintForm] : []) : claim.checklist[field]);
  const fresh = (res: { claim: Claim }) => {
    client.setQueryData(claimKeys.one(claim.id), res);
    void client.invalidateQueries({ queryKey: ['claims', 'list'] });
  };

  const upload = async (field: ClaimFileField, chosen: File[]) => {
    for (const file of chosen) {
      const key = `${file.name}:${file.size}:${file.lastModified}:${Math.random()}`;
      const setShare = (share: number) => setPending((p) => ({ ...p, [field]: p[field].map((x) => (x.key === key ? { ...x, share } : x)) }));
      setPending((p) => ({ ...p, [field]: [...p[field], { key, name: file.name, size: file.size, share: 0 }] }));
      try {
        fresh(await uploadFile<{ claim: Claim }>(`/api/claims/${claim.id}/files/${field}?name=${encodeURIComponent(file.name)}`, file, setShare));
      } catch (error) {
        alertError(error);
      } finally {
        setPending((p) => ({ ...p, [field]: p[field].filter((x) => x.key !== key) }));
      }
    }
  };

  const remove = (file: StoredFile) =>
    openConfirm({
      onConfirm: () => {
        api<{ claim: Claim }>(`/api/claims/${claim.id}/files/${file.id}`, { method: 'DELETE' }).then(fresh, alertError);
      },
    });

  return (
    <Card withBorder radius="md" p="sm">
      <Title order={3} size="h5" mb="xs">
        Dateien
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {FIELDS.map(({ field, title, multiple }) => (
          <Stack key={field} gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {title}
              </Text>
              {editable && (
                <FileButton accept={ACCEPT} multiple={multiple} onChange={(f) => void upload(field, f === null ? [] : Array.isArray(f) ? f : [f])}>
                  {(props) => (
                    <Button {...props} size="compact-xs" variant="light" leftSection={<IconUpload size={12} />} aria-label={`${title} hochladen`}>
                      Hochladen
                    </Button>
                  )}
                </FileButton>
              )}
            </Group>
            {stored(field).map((f) => (
              <FileRow key={f.id} file={f} onDelete={editable ? () => remove(f) : null} />
            ))}
            {pending[field].map((p) => (
              <Stack key={p.key} gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(p.size)} · {MSG.fileNotSaved}
                  </Text>
                </Group>
                <Progress value={p.share * 100} size="sm" animated aria-label={`${p.name}: ${Math.round(p.share * 100)} % hochgeladen`} />
              </Stack>
            ))}
            {stored(field).length === 0 && pending[field].length === 0 && (
              <Text size="xs" c="dimmed">
                Keine Datei
              </Text>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
