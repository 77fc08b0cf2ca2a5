import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDeviceFloppy, IconExternalLink, IconTable } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCarryOverExpiry } from '@filialportal/core/absences';
import { ZCarryOverRequest, ZGlobalSettingsRequest } from '@filialportal/core/global-settings';
import { MSG } from '@filialportal/core/messages';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { firstProblem, type FormProblem } from '../../ui/form-problem.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { useCan } from '../../shell-api/current-user.tsx';
import { useGlobalSettings, useSaveCarryOver, useSaveGlobalSettings, type GlobalSettings } from './global-settings.api.ts';

/** Where the embedded spreadsheet is shown (view GoogleSheetsPage). */
export const SHEET_PAGE_PATH = '/sortiment/tabelle';

/** A form's refusal (unless its field shows it) or 'Gespeichert'. */
function SaveStatus({ problem, saved }: { problem: FormProblem | null; saved: boolean }) {
  if (problem) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {problem.message}
      </Alert>
    );
  }
  if (!saved) return null;
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
      {MSG.saved}
    </Alert>
  );
}

function SettingsForm({ settings }: { settings: GlobalSettings }) {
  const save = useSaveGlobalSettings();
  const [url, setUrl] = useState(settings.sortimentSheetUrl);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saved, setSaved] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const sortimentSheetUrl = url.trim();
    const failed = firstProblem(ZGlobalSettingsRequest, { globalSettings: { sortimentSheetUrl } });
    if (failed) {
      setProblem(failed);
      return;
    }
    setProblem(null);
    save.mutate(
      { id: settings.id, sortimentSheetUrl },
      {
        onSuccess: (data) => {
          setUrl(data.globalSettings.sortimentSheetUrl);
          setSaved(true);
        },
        onError: (error) => {
          if (!isSessionLost(error)) setProblem({ message: errorMessage(error), fields: [] });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="global-settings-sheet">
      <Stack gap="md">
        <TextInput
          label="Link der Sortiment-Tabelle"
          description="Die Tabelle erscheint auf der Seite Sortiment. Ein https-Link, z. B. eine im Web veröffentlichte Google-Tabelle; leer lassen, um keine Tabelle anzuzeigen."
          placeholder="https://docs.google.com/spreadsheets/…"
          type="url"
          value={url}
          onChange={(e) => {
            setUrl(e.currentTarget.value);
            setSaved(false);
          }}
          error={problem?.fields.includes('sortimentSheetUrl') ? true : undefined}
        />
        <SaveStatus problem={problem} saved={saved} />
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Anchor component={Link} to={SHEET_PAGE_PATH} size="sm">
            <Group gap={6} wrap="nowrap">
              <IconTable size={16} />
              Sortiment-Tabelle ansehen
            </Group>
          </Anchor>
          <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The vacation rule: the day carried-over days expire (HR's setting). */
function CarryOverForm({ settings }: { settings: GlobalSettings }) {
  const save = useSaveCarryOver();
  const [value, setValue] = useState(formatCarryOverExpiry(settings.carryOverExpiry));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saved, setSaved] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const failed = firstProblem(ZCarryOverRequest, { globalSettings: { carryOverExpiry: value } });
    if (failed) {
      setProblem({ ...failed, fields: ['carryOverExpiry'] });
      return;
    }
    setProblem(null);
    save.mutate(
      { id: settings.id, carryOverExpiry: value.trim() },
      {
        onSuccess: (data) => {
          setValue(formatCarryOverExpiry(data.globalSettings.carryOverExpiry));
          setSaved(true);
        },
        onError: (error) => {
          if (!isSessionLost(error)) setProblem({ message: errorMessage(error), fields: [] });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="global-settings-carryover">
      <Stack gap="md">
        <TextInput
          label="Übertragene Urlaubstage verfallen am"
          description="Tag und Monat im Folgejahr (TT.MM.), gesetzlich der 31.03. Resturlaub aus dem Vorjahr wird zuerst verbraucht; was bis dahin nicht genommen ist, verfällt. Leer lassen: übertragene Tage verfallen nicht."
          placeholder="31.03."
          styles={{ input: { maxWidth: 160 } }}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setSaved(false);
          }}
          error={problem?.fields.includes('carryOverExpiry') ? problem.message : undefined}
        />
        <SaveStatus problem={problem?.fields.includes('carryOverExpiry') ? null : problem} saved={saved && !problem} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Loading() {
  return (
    <Stack gap="sm" aria-busy>
      <Skeleton height={14} width={180} />
      <Skeleton height={36} />
    </Stack>
  );
}

/**
 * Settings section 'Globale Einstellungen': the link of the Sortiment spreadsheet (its editors)
 * and the expiry of carried-over vacation days (HR).
 */
export function GlobalSettingsForm() {
  const settings = useGlobalSettings();
  const can = useCan();
  return (
    <Stack gap="lg" maw={760}>
      {can('sortiment_kategorie_bearbeiten') && (
        <Card>
          <Title order={2} fz={16} mb={4} id="global-settings-sheet">
            Sortiment-Tabelle
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Die Tabelle wird im Portal eingebettet angezeigt.{' '}
            {settings.data?.sortimentSheetUrl && (
              <Anchor href={settings.data.sortimentSheetUrl} target="_blank" rel="noopener noreferrer" size="sm">
                <IconExternalLink size={13} style={{ verticalAlign: -2 }} /> Tabelle in neuem Tab öffnen
              </Anchor>
            )}
          </Text>
          <QueryError error={settings.error} />
          {settings.data ? <SettingsForm settings={settings.data} /> : !settings.error && <Loading />}
        </Card>
      )}
      {can('urlaub_von_allen_sehen_und_bearbeiten') && (
        <Card>
          <Title order={2} fz={16} mb="md" id="global-settings-carryover">
            Urlaub: Verfall übertragener Tage
          </Title>
          {!can('sortiment_kategorie_bearbeiten') && <QueryError error={settings.error} />}
          {settings.data ? <CarryOverForm settings={settings.data} /> : !settings.error && <Loading />}
        </Card>
      )}
    </Stack>
  );
}
