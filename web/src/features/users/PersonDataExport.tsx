import { Button, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { postDownload } from '../../ui/ExportButton.tsx';
import { Section } from './user-fields.tsx';

/**
 * 'Daten der Person' (Art. 15 GDPR): every record of the person as one ZIP, JSON per kind, an XLSX
 * overview and their files. HR gives it to anyone who asks, everyone downloads their own.
 */
export function PersonDataExport({ userId, self }: { userId: string; self: boolean }) {
  return (
    <Section title="Daten der Person">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {self ? 'Alle Daten, die das Portal über Sie hält,' : 'Alle Daten, die das Portal über die Person hält,'} als ZIP: je Art eine JSON-Datei, eine
          Übersicht als XLSX und die Dateien. Der Download wird protokolliert.
        </Text>
        <Button type="button" variant="default" leftSection={<IconFileZip size={16} />} onClick={() => postDownload(`/api/user/${userId}/dataexport`)}>
          Daten exportieren (ZIP)
        </Button>
      </Stack>
    </Section>
  );
}
