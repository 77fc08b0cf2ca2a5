import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, Image, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceMobile, IconDownload, IconFingerprint, IconKey, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { MSG } from '@filialportal/core/messages';
import { errorMessage } from '../../api/client.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { saveBlob } from '../../ui/download.ts';
import { passkeysAvailable } from './session.api.ts';
import { type TotpSetup, useAddPasskey, useConfirmTotp, useRemovePasskey, useRemoveTotp, useRenewRecoveryCodes, useSecondFactors, useSetUpTotp } from './second-factors.api.ts';

const dateTime = (iso: string | null) => formatDateTime(iso) || '–';

function ErrorAlert({ text }: { text: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {text}
    </Alert>
  );
}

/** Recovery codes, shown once after they were made: to copy, download or write down. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () =>
    saveBlob(new Blob([`Filialportal – Wiederherstellungscodes\n\n${codes.join('\n')}\n\nJeder Code gilt einmal.\n`], { type: 'text/plain' }), 'Filialportal-Wiederherstellungscodes.txt');
  return (
    <Alert color="yellow" variant="light" icon={<IconKey size={18} />} title="Ihre Wiederherstellungscodes" role="status">
      <Text size="sm" mb="sm">
        Bewahren Sie diese Codes sicher auf, z. B. ausgedruckt. Jeder Code ersetzt einmal den Code der App, falls Sie Ihr Telefon verlieren. Sie werden nur jetzt
        angezeigt.
      </Text>
      <SimpleGrid cols={2} spacing={4} mb="sm" data-testid="recovery-codes">
        {codes.map((c) => (
          <Code key={c} fz="sm">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          Als Datei speichern
        </Button>
        <Button size="xs" onClick={onDone}>
          Ich habe die Codes aufbewahrt
        </Button>
      </Group>
    </Alert>
  );
}

/** Setting up the authenticator app: QR code (or the key typed by hand), then the first code. */
function TotpEnrolment({ setup, onConfirmed }: { setup: TotpSetup; onConfirmed: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        confirm.mutate(code.trim(), { onSuccess: (r) => onConfirmed(r.recoveryCodes) });
      }}
    >
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt="QR-Code für die Authenticator-App" w={180} h={180} bg="white" p={4} radius="sm" />
        <Stack gap="xs" maw={360} style={{ flex: '1 1 240px' }}>
          <Text size="sm">1. Scannen Sie den QR-Code mit einer Authenticator-App (z. B. Microsoft Authenticator, Google Authenticator, FreeOTP).</Text>
          <Text size="sm">
            Ohne Kamera: Schlüssel von Hand eingeben <Code data-testid="totp-secret">{setup.secret}</Code>
          </Text>
          <Text size="sm">2. Geben Sie den sechsstelligen Code ein, den die App jetzt zeigt.</Text>
          {confirm.isError && (
            <ErrorAlert text={errorMessage(confirm.error)} />
          )}
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Code aus der App"
              name="totp-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              w={140}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={confirm.isError ? true : undefined}
            />
            <Button type="submit" loading={confirm.isPending}>
              Bestätigen
            </Button>
          </Group>
        </Stack>
      </Group>
    </form>
  );
}

/** Adding a passkey of this device under a name the person recognises later. */
function AddPasskey({ onAdded }: { onAdded?: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  if (!passkeysAvailable()) return <Text size="sm" c="dimmed">Dieser Browser kann keine Passkeys verwenden.</Text>;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(name.trim() || 'Passkey', { onSuccess: () => (setName(''), onAdded?.()) });
      }}
    >
      <Stack gap="xs">
        {add.isError && (
          <ErrorAlert text={add.error instanceof Error && add.error.name === 'NotAllowedError' ? MSG.passkeyFailed : errorMessage(add.error)} />
        )}
        <Group align="flex-end" gap="xs">
          <TextInput label="Name des Passkeys" name="passkey-name" placeholder="z. B. Diensthandy" maxLength={60} value={name} onChange={(e) => setName(e.currentTarget.value)} style={{ flex: '1 1 200px' }} />
          <Button type="submit" variant="default" leftSection={<IconFingerprint size={18} />} loading={add.isPending}>
            Passkey hinzufügen
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Anmeldung und Sicherheit' in the person's settings: the authenticator app with its recovery
 * codes and the passkeys. `enrolment`: the screen before anything else when the group requires a
 * second factor; it offers setting one up only and calls `onDone` when there is one.
 */
export function SecondFactorSection({ enrolment = false, onDone }: { enrolment?: boolean; onDone?: () => void }) {
  const factors = useSecondFactors();
  const setUp = useSetUpTotp();
  const removeTotp = useRemoveTotp();
  const renew = useRenewRecoveryCodes();
  const removePasskey = useRemovePasskey();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = factors.data;

  const closeCodes = () => {
    setCodes(null);
    onDone?.();
  };

  return (
    <Card component="section" aria-labelledby="anmeldung-titel">
      <Title order={2} fz={16} id="anmeldung-titel" mb={2}>
        Anmeldung und Sicherheit
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Ein zweiter Faktor schützt Ihr Konto, auch wenn jemand Ihr Passwort kennt. Mit einem Passkey melden Sie sich ganz ohne Passwort an.
      </Text>
      {!data ? (
        <Skeleton h={160} />
      ) : (
        <Stack gap="lg">
          {data.required && !enrolment && !data.totp && data.passkeys.length === 0 && (
            <Alert color="orange" variant="light" icon={<IconShieldCheck size={18} />}>
              {MSG.secondFactorEnrolmentRequired}
            </Alert>
          )}
          {codes && <RecoveryCodes codes={codes} onDone={closeCodes} />}

          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <IconDeviceMobile size={20} />
                <Text fw={600}>Authenticator-App</Text>
                <Badge color={data.totp ? 'teal' : 'gray'} variant="light">
                  {data.totp ? 'Eingerichtet' : 'Nicht eingerichtet'}
                </Badge>
              </Group>
              {data.totp && !enrolment ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  loading={removeTotp.isPending}
                  onClick={() => openConfirm({ title: 'Authenticator-App ausschalten', text: 'Danach fragt die Anmeldung nicht mehr nach dem Code der App.', confirmLabel: 'Ausschalten', onConfirm: () => removeTotp.mutate() })}
                >
                  Ausschalten
                </Button>
              ) : (
                !data.totp &&
                !setup && (
                  <Button size="xs" loading={setUp.isPending} onClick={() => setUp.mutate(undefined, { onSuccess: setSetup })}>
                    Einrichten
                  </Button>
                )
              )}
            </Group>
            {setUp.isError && <ErrorAlert text={errorMessage(setUp.error)} />}
            {setup && !data.totp && (
              <TotpEnrolment
                setup={setup}
                onConfirmed={(c) => {
                  setSetup(null);
                  setCodes(c);
                }}
              />
            )}
            {data.totp && (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Wiederherstellungscodes: noch {data.recoveryCodesLeft} von 10
                </Text>
                {!enrolment && (
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={renew.isPending}
                    onClick={() => openConfirm({ title: 'Neue Wiederherstellungscodes', text: 'Die bisherigen Codes gelten danach nicht mehr.', confirmLabel: 'Neue Codes erzeugen', danger: false, onConfirm: () => renew.mutate(undefined, { onSuccess: (r) => setCodes(r.recoveryCodes) }) })}
                  >
                    Neue Codes erzeugen
                  </Button>
                )}
              </Group>
            )}
          </Stack>

          <Stack gap="xs">
            <Group gap="xs">
              <IconFingerprint size={20} />
              <Text fw={600}>Passkeys</Text>
            </Group>
            {data.passkeys.length > 0 && (
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Hinzugefügt</Table.Th>
                      <Table.Th>Zuletzt verwendet</Table.Th>
                      {!enrolment && <Table.Th w={48} />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.passkeys.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>{p.name}</Table.Td>
                        <Table.Td>{dateTime(p.createdAt)}</Table.Td>
                        <Table.Td>{dateTime(p.lastUsedAt)}</Table.Td>
                        {!enrolment && (
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              aria-label={`Passkey ${p.name} entfernen`}
                              onClick={() => openConfirm({ title: 'Passkey entfernen', text: `Mit „${p.name}“ können Sie sich danach nicht mehr anmelden.`, confirmLabel: 'Entfernen', onConfirm: () => removePasskey.mutate(p.id) })}
                            >
                              <IconTrash size={16} />
                            </Button>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <AddPasskey onAdded={enrolment ? onDone : undefined} />
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
