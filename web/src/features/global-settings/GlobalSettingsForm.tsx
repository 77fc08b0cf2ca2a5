import { useState } from 'react';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconExternalLink, IconTable } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCarryOverExpiry } from '@filialportal/core/absences';
import { ZCarryOverRequest, ZGlobalSettingsRequest } from '@filialportal/core/global-settings';
import { zodResolver } from '../../ui/form-problem.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useCan } from '../../shell-api/current-user.tsx';
import { useGlobalSettings, useSaveCarryOver, useSaveGlobalSettings, type CarryOverBody, type GlobalSettings, type SheetBody } from './global-settings.api.ts';
import { SaveStatus } from '../../ui/SaveStatus.tsx';

/** Where the embedded spreadsheet is shown (view GoogleSheetsPage). */
export const SHEET_PAGE_PATH = '/sortiment/tabelle';

function SettingsForm({ settings }: { settings: GlobalSettings }) {
  const save = useSaveGlobalSettings();
  const [saved, setSaved] = useState(false);
  const { form, message, refused } = useCheckedForm({
    initialValues: { sortimentSheetUrl: settings.sortimentSheetUrl },
    validate: zodResolver(ZGlobalSettingsRequest, (globalSettings: SheetBody) => ({ globalSettings })),
    oneAtATime: true,
    onValuesChange: () => setSaved(false),
  });

  const submit = form.onSubmit(
    (v) => {
      setSaved(false);
      save.mutate(
        { id: settings.id, body: { globalSettings: { sortimentSheetUrl: v.sortimentSheetUrl.trim() } } },
        {
          onSuccess: (data) => {
            form.setFieldValue('sortimentSheetUrl', data.globalSettings.sortimentSheetUrl);
            setSaved(true);
          },
          onError: (error) => refused(error),
        },
      );
    },
    () => setSaved(false),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="global-settings-sheet">
      <Stack gap="md">
        <TextInput
          label="Link der Sortiment-Tabelle"
          description="Die Tabelle erscheint auf der Seite Sortiment. Ein https-Link, z. B. eine im Web veröffentlichte Google-Tabelle; leer lassen, um keine Tabelle anzuzeigen."
          placeholder="https://docs.google.com/spreadsheets/…"
          type="url"
          {...form.getInputProps('sortimentSheetUrl')}
        />
        <SaveStatus message={message} saved={saved} />
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
  const [saved, setSaved] = useState(false);
  // The field's own problem stands under it; a refusal of the server above the button.
  const { form, message, refused } = useCheckedForm({
    initialValues: { carryOverExpiry: formatCarryOverExpiry(settings.carryOverExpiry) },
    validate: zodResolver(ZCarryOverRequest, (globalSettings: CarryOverBody) => ({ globalSettings })),
    oneAtATime: true,
    messagesUnder: ['carryOverExpiry'],
    onValuesChange: () => setSaved(false),
  });

  const submit = form.onSubmit(
    (v) => {
      setSaved(false);
      save.mutate(
        { id: settings.id, body: { globalSettings: { carryOverExpiry: v.carryOverExpiry.trim() } } },
        {
          onSuccess: (data) => {
            form.setFieldValue('carryOverExpiry', formatCarryOverExpiry(data.globalSettings.carryOverExpiry));
            setSaved(true);
          },
          onError: (error) => refused(error),
        },
      );
    },
    () => setSaved(false),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="global-settings-carryover">
      <Stack gap="md">
        <TextInput
          label="Übertragene Urlaubstage verfallen am"
          description="Tag und Monat im Folgejahr (TT.MM.), gesetzlich der 31.03. Resturlaub aus dem Vorjahr wird zuerst verbraucht; was bis dahin nicht genommen ist, verfällt. Leer lassen: übertragene Tage verfallen nicht."
          placeholder="31.03."
          styles={{ input: { maxWidth: 160 } }}
          {...form.getInputProps('carryOverExpiry')}
        />
        <SaveStatus message={message} saved={saved} />
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
