import { useState } from 'react';
import { ActionIcon, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { SHORT_LINK_MAX, SHORT_LINK_PATTERN, suggestShortLink } from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import { errorMessage } from '../../api/client.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useSetShortLink } from './documents.api.ts';

/**
 * 'Kurzlink' of a document (/sl/…) or folder (/slf/…): letters, digits, '-' and '_', suggested
 * from the name; a taken one is refused with the spec's message. Empty removes it.
 */
export function ShortLinkModal({ target, onClose }: { target: { kind: 'document' | 'folder'; id: string; name: string; shortLink: string | null }; onClose: () => void }) {
  const save = useSetShortLink();
  const [link, setLink] = useState(target.shortLink ?? suggestShortLink(target.name.replace(/\.(pdf|docx|xlsx)$/i, '')));
  const [problem, setProblem] = useState<string | null>(null);
  const address = `${window.location.origin}/${target.kind === 'document' ? 'sl' : 'slf'}/${link}`;
  const submit = () => {
    const value = link.trim();
    if (value !== '' && !SHORT_LINK_PATTERN.test(value)) return setProblem(MSG.shortLinkInvalid);
    setProblem(null);
    save.mutate({ kind: target.kind, id: target.id, shortLink: value }, { onSuccess: onClose, onError: (e) => setProblem(errorMessage(e)) });
  };
  return (
    <FormModal opened onClose={onClose} title={`Kurzlink: ${target.name}`} submitLabel="Speichern" onSubmit={submit} loading={save.isPending} error={null} size="lg">
      <Stack gap="sm">
        <TextInput label="Kurzlink" description="Buchstaben, Ziffern, - und _; leer entfernt den Kurzlink." value={link} maxLength={SHORT_LINK_MAX} onChange={(e) => setLink(e.currentTarget.value)} error={problem} data-autofocus />
        {link.trim() !== '' && (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {address}
            </Text>
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Kopiert' : 'Adresse kopieren'}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label="Adresse kopieren">
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>
    </FormModal>
  );
}
