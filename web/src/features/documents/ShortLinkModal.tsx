import { ActionIcon, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { SHORT_LINK_MAX, suggestShortLink, ZShortLinkRequest } from '@filialportal/core/documents';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useSetShortLink } from './documents.api.ts';

/**
 * 'Kurzlink' of a document (/sl/…) or folder (/slf/…): letters, digits, '-' and '_', suggested
 * from the name; a taken one is refused with the spec's message. Empty removes it.
 */
export function ShortLinkModal({ target, onClose }: { target: { kind: 'document' | 'folder'; id: string; name: string; shortLink: string | null }; onClose: () => void }) {
  const save = useSetShortLink();
  // The link's problem, and a refusal of the server (a link taken), stand under the field.
  const { form, values, refused } = useCheckedForm({
    initialValues: { shortLink: target.shortLink ?? suggestShortLink(target.name.replace(/\.(pdf|docx|xlsx)$/i, '')) },
    validate: zodResolver(ZShortLinkRequest),
    oneAtATime: true,
    messagesUnder: 'all',
  });
  const link = values.shortLink;
  const address = `${window.location.origin}/${target.kind === 'document' ? 'sl' : 'slf'}/${link}`;
  const submit = form.onSubmit((v) =>
    save.mutate({ kind: target.kind, id: target.id, body: { shortLink: v.shortLink.trim() } }, { onSuccess: onClose, onError: (e) => refused(e, () => ['shortLink']) }),
  );
  return (
    <FormModal opened onClose={onClose} title={`Kurzlink: ${target.name}`} submitLabel="Speichern" onSubmit={submit} loading={save.isPending} error={null} size="lg">
      <Stack gap="sm">
        <TextInput label="Kurzlink" description="Buchstaben, Ziffern, - und _; leer entfernt den Kurzlink." {...form.getInputProps('shortLink')} maxLength={SHORT_LINK_MAX} data-autofocus />
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
