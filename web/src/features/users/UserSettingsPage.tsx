import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Divider,
  FileButton,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDeviceFloppy, IconPhotoUp } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { checkNewPassword, NAME_MIN } from '@filialportal/core/users';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { useCurrentUser } from '../../app/current-user.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useSaveOwnSettings, type OwnSettingsBody } from './users.api.ts';

/** Avatar types the server accepts (spec 3 §5). */
const AVATAR_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];
const AVATAR_ACCEPT = '.jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif';
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

interface Values {
  lastName: string;
  firstName: string;
  phone: string;
  selectedLocation: string | null;
  password: string;
  passwordRepeat: string;
}

type Field = keyof Values | 'image';

/** The first failing rule of the own settings, the same rules the server applies. */
export function checkOwnSettings(v: Values): { message: string; fields: Field[] } | null {
  const short = (['lastName', 'firstName'] as const).filter((f) => v[f].trim().length < NAME_MIN);
  if (short.length > 0) return { message: MSG.fillAllFields, fields: short };
  const passwordProblem = checkNewPassword(v.password, v.passwordRepeat);
  if (passwordProblem) return { message: passwordProblem, fields: ['password', 'passwordRepeat'] };
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** View 'Benutzereinstellungen': the current user edits name, phone, location, password, picture. */
export function UserSettingsPage() {
  const user = useCurrentUser();
  const save = useSaveOwnSettings(user.id);
  const [values, setValues] = useState<Values>(() => ({
    lastName: user.lastName,
    firstName: user.firstName,
    phone: user.phone ?? '',
    selectedLocation: user.selectedLocation ?? user.currentLocation?.id ?? null,
    password: '',
    passwordRepeat: '',
  }));
  const [image, setImage] = useState<{ fileName: string; data: string } | null>(null);
  const [problem, setProblem] = useState<{ message: string; fields: Field[] } | null>(null);
  const [saved, setSaved] = useState(false);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setSaved(false);
  };
  const invalid = (field: Field) => (problem?.fields.includes(field) ? true : undefined);

  async function pickImage(file: File | null) {
    if (!file) return;
    setSaved(false);
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!AVATAR_EXTENSIONS.includes(ext)) {
      setProblem({ message: MSG.avatarType, fields: ['image'] });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem({ message: MSG.avatarTooLarge, fields: ['image'] });
      return;
    }
    try {
      setImage({ fileName: file.name, data: await readAsDataUrl(file) });
      setProblem(null);
    } catch {
      setProblem({ message: MSG.avatarType, fields: ['image'] });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const failed = checkOwnSettings(values);
    if (failed) {
      setProblem(failed);
      return;
    }
    setProblem(null);
    const body: OwnSettingsBody = {
      user: {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim(),
        ...(values.selectedLocation ? { selectedLocation: values.selectedLocation } : {}),
      },
      ...(values.password ? { password: values.password, passwordRepeat: values.passwordRepeat } : {}),
      ...(image ? { image } : {}),
    };
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        setImage(null);
        setValues((v) => ({ ...v, password: '', passwordRepeat: '' }));
      },
      onError: (error) => {
        if (!isSessionLost(error)) setProblem({ message: errorMessage(error), fields: [] });
      },
    });
  }

  const locationOptions = user.availableLocations.map((l) => ({ value: l.id, label: l.label }));

  return (
    <>
      <PageHeader
        title="Benutzereinstellungen"
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Benutzereinstellungen' }]}
      />
      <form onSubmit={submit} noValidate aria-label="Benutzereinstellungen">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card component="section" aria-labelledby="settings-picture">
              <Title order={2} fz={16} mb="md" id="settings-picture">
                Profilbild
              </Title>
              <Stack align="center" gap="sm">
                <UserAvatar
                  uri={user.resourceUri}
                  previewSrc={image?.data}
                  firstName={values.firstName || user.firstName}
                  lastName={values.lastName || user.lastName}
                  size={112}
                  radius={112}
                />
                <FileButton onChange={pickImage} accept={AVATAR_ACCEPT}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconPhotoUp size={18} />}
                      color={invalid('image') ? 'red' : undefined}
                    >
                      Bild auswählen
                    </Button>
                  )}
                </FileButton>
                {image ? (
                  <Group gap={6} wrap="nowrap" maw="100%">
                    <Text size="xs" c="dimmed" truncate="end">
                      {image.fileName}
                    </Text>
                    <Button variant="subtle" size="compact-xs" color="stone.8" onClick={() => setImage(null)}>
                      Verwerfen
                    </Button>
                  </Group>
                ) : (
                  <Text size="xs" c="dimmed" ta="center">
                    JPEG, PNG oder GIF, höchstens 10 MB
                  </Text>
                )}
              </Stack>
            </Card>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card component="section" aria-labelledby="settings-personal">
              <Title order={2} fz={16} mb="md" id="settings-personal">
                Persönliche Daten
              </Title>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label="Nachname"
                    autoComplete="family-name"
                    value={values.lastName}
                    onChange={(e) => set('lastName', e.currentTarget.value)}
                    error={invalid('lastName')}
                    required
                  />
                  <TextInput
                    label="Vorname"
                    autoComplete="given-name"
                    value={values.firstName}
                    onChange={(e) => set('firstName', e.currentTarget.value)}
                    error={invalid('firstName')}
                    required
                  />
                  <TextInput
                    label="E-Mail"
                    description="Ihr Benutzername, nicht änderbar"
                    value={user.email}
                    readOnly
                    variant="filled"
                  />
                  <TextInput
                    label="Telefon"
                    type="tel"
                    autoComplete="tel"
                    value={values.phone}
                    onChange={(e) => set('phone', e.currentTarget.value)}
                    description="Für Rückfragen von Kollegen"
                  />
                </SimpleGrid>
                <Select
                  label="Standort"
                  description="Der Standort, mit dem Sie im Portal arbeiten"
                  data={locationOptions}
                  value={values.selectedLocation}
                  onChange={(v) => v && set('selectedLocation', v)}
                  allowDeselect={false}
                  disabled={locationOptions.length < 2}
                  checkIconPosition="right"
                />
              </Stack>

              <Divider my="lg" />

              <Title order={2} fz={16} mb={4}>
                Passwort ändern
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                Leer lassen, um das bisherige Passwort zu behalten. Mindestens 6 Zeichen.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PasswordField
                  label="Neues Passwort"
                  autoComplete="new-password"
                  value={values.password}
                  onChange={(e) => set('password', e.currentTarget.value)}
                  error={invalid('password')}
                />
                <PasswordField
                  label="Passwort wiederholen"
                  autoComplete="new-password"
                  value={values.passwordRepeat}
                  onChange={(e) => set('passwordRepeat', e.currentTarget.value)}
                  error={invalid('passwordRepeat')}
                />
              </SimpleGrid>

              <Stack gap="md" mt="xl">
                {problem && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                    {problem.message}
                  </Alert>
                )}
                {saved && !problem && (
                  <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
                    {MSG.saved}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
                    Speichern
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}
