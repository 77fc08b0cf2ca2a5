import { Button, Card, Center, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink, IconSettings, IconTableOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../shell-api/current-user.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useGlobalSettings } from './global-settings.api.ts';

/** Height of the embedded spreadsheet (spec 1 §2 GoogleSheetsPage). */
const FRAME_HEIGHT = 1200;
const SETTINGS_PATH = '/einstellungen/globale-einstellungen';

/** View GoogleSheetsPage: the spreadsheet of the global settings, embedded, titled 'Sortiment'. */
export function GoogleSheetsPage() {
  const can = useCan();
  const settings = useGlobalSettings();
  const url = settings.data?.sortimentSheetUrl ?? '';
  const mayConfigure = can({ allOf: ['einstellungen_sehen', 'sortiment_kategorie_bearbeiten'] });

  return (
    <>
      <PageHeader
        title="Sortiment"
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Sortiment' }]}
        actions={
          url ? (
            <>
              {mayConfigure && (
                <Button component={Link} to={SETTINGS_PATH} variant="default" leftSection={<IconSettings size={16} />}>
                  Link ändern
                </Button>
              )}
              <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="light" leftSection={<IconExternalLink size={16} />}>
                In neuem Tab öffnen
              </Button>
            </>
          ) : undefined
        }
      />
      <QueryError error={settings.error} />
      {settings.isPending ? (
        <Skeleton height={480} radius="md" />
      ) : url ? (
        <Card padding={0} style={{ overflow: 'hidden' }}>
          <iframe
            src={url}
            title="Sortiment-Tabelle"
            width="100%"
            height={FRAME_HEIGHT}
            style={{ display: 'block', border: 0, width: '100%' }}
            referrerPolicy="no-referrer"
          />
        </Card>
      ) : (
        !settings.error && (
          <Card>
            <Center py={56}>
              <Stack align="center" gap="sm" maw={460} ta="center">
                <ThemeIcon size={56} radius="xl" variant="light" color="stone">
                  <IconTableOff size={28} />
                </ThemeIcon>
                <Title order={2} fz={20}>
                  Noch keine Sortiment-Tabelle
                </Title>
                <Text c="dimmed">
                  Für das Sortiment ist noch keine Tabelle hinterlegt. Sobald ein Link eingetragen ist, erscheint sie hier.
                </Text>
                {mayConfigure && (
                  <Button component={Link} to={SETTINGS_PATH} variant="light" mt="sm" leftSection={<IconSettings size={16} />}>
                    Link in den globalen Einstellungen eintragen
                  </Button>
                )}
              </Stack>
            </Center>
          </Card>
        )
      )}
    </>
  );
}
