import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, FileInput, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileImport, IconTrash } from '@tabler/icons-react';
import { DEFAULT_REGION, REGIONS, type RegionCode } from '@filialportal/core/locations';
import { countOf } from '@filialportal/core/plural';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { useCan } from '../../shell-api/current-user.tsx';
import { confirmDelete } from '../../ui/confirm-delete.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { useDeleteSchoolVacation, useImportSchoolVacations, useSchoolVacations } from './holidays.api.ts';

const REGION_OPTIONS = REGIONS.map((r) => ({ value: r.code, label: r.label }));

/**
 * Settings section 'Schulferien': school vacations cannot be computed, so they are imported per
 * federal state from a CSV (Bundesland;Name;Beginn;Ende) or an iCal file.
 */
export function SchoolVacationsSection() {
  const can = useCan();
  const mayImport = can('einstellungen_standorte_bearbeiten');
  const [region, setRegion] = useState<RegionCode>(DEFAULT_REGION);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useSchoolVacations(region);
  const importer = useImportSchoolVacations();
  const remove = useDeleteSchoolVacation();

  async function runImport() {
    if (!file) return;
    setResult(null);
    const content = await file.text();
    importer.mutate(
      { content, region },
      {
        onSuccess: ({ imported, skippedLines }) => {
          const skipped = skippedLines.length ? ` Nicht gelesen: Zeile ${skippedLines.join(', ')}.` : '';
          setResult({ ok: true, text: `${countOf(imported, 'Eintrag', 'Einträge')} importiert.${skipped}` });
          setFile(null);
        },
        onError: (error) => {
          if (!isSessionLost(error)) setResult({ ok: false, text: errorMessage(error) });
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <Card>
        <Stack gap="md">
          <Title order={3} size="h4">
            Schulferien
          </Title>
          <Text size="sm" c="dimmed">
            Feiertage berechnet das Portal selbst; Schulferien werden je Bundesland aus einer CSV-Datei
            (Bundesland;Name;Beginn;Ende) oder einer iCal-Datei des Kultusministeriums importiert.
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select label="Bundesland" data={REGION_OPTIONS} value={region} onChange={(v) => v && setRegion(v as RegionCode)} allowDeselect={false} w={260} />
            {mayImport && (
              <>
                <FileInput label="Datei" placeholder="CSV oder iCal wählen" accept=".csv,.txt,.ics" value={file} onChange={setFile} w={260} clearable />
                <Button leftSection={<IconFileImport size={18} />} onClick={runImport} disabled={!file} loading={importer.isPending}>
                  Importieren
                </Button>
              </>
            )}
          </Group>
          {result && (
            <Alert
              color={result.ok ? 'teal' : 'red'}
              variant="light"
              icon={result.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
              role={result.ok ? 'status' : 'alert'}
            >
              {result.text}
            </Alert>
          )}
        </Stack>
      </Card>
      <Card p={0}>
        {list.isError ? (
          <QueryError error={list.error} />
        ) : (
          <Table aria-label="Schulferien" verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Von</Table.Th>
                <Table.Th>Bis</Table.Th>
                {mayImport && <Table.Th w={60} aria-label="Aktionen" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.list.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>{v.name}</Table.Td>
                  <Table.Td>{v.startFormated}</Table.Td>
                  <Table.Td>{v.endFormated}</Table.Td>
                  {mayImport && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Löschen"
                        onClick={() => confirmDelete('Schulferien', v.name, () => remove.mutateAsync(v.id))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
              {list.data && list.data.list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" ta="center" py="lg">
                      Für dieses Bundesland sind keine Schulferien hinterlegt.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
