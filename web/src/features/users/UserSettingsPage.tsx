import { Suspense, useState } from 'react';
import { Alert, Box, Button, Divider, Grid, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { ZUpdateOwnSettingsRequest } from '@filialportal/core/users';
import { useCurrentUser } from '../../shell-api/current-user.tsx';
import { PersonDataExport } from './PersonDataExport.tsx';
import { useRegistry } from '../../shell-api/registry.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import type { PickedImage } from '../../ui/ImagePicker.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { AvatarPicker, NameFields, PasswordFields, PhoneField, Section } from './user-fields.tsx';
import { useSaveOwnSettings, type OwnSettingsBody } from './users.api.ts';

type Values = {
  lastName: string;
  firstName: string;
  phone: string;
  selectedLocation: string | null;
  password: string;
  passwordRepeat: string;
};

/** The request of the own settings (without the picture). */
function ownSettingsBody(values: Values): OwnSettingsBody {
  return {
    user: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone.trim(),
      ...(values.selectedLocation ? { selectedLocation: values.selectedLocation } : {}),
    },
    ...(values.password ? { password: values.password, passwordRepeat: values.passwordRepeat } : {}),
  };
}

/** The rules of the own settings: the server's schema; a password problem marks both fields. */
const checkOwnSettings = zodResolver(ZUpdateOwnSettingsRequest, ownSettingsBody, { password: ['password', 'passwordRepeat'] });

/** View 'Benutzereinstellungen': the current user edits name, phone, location, password, picture. */
export function UserSettingsPage() {
  const user = useCurrentUser();
  const { userSettings } = useRegistry();
  const save = useSaveOwnSettings(user.id);
  const [saved, setSaved] = useState(false);
  const { form, values, message, invalid, fail, refused } = useCheckedForm<Values>({
    initialValues: {
      lastName: user.lastName,
      firstName: user.firstName,
      phone: user.phone ?? '',
      selectedLocation: user.selectedLocation ?? user.currentLocation?.id ?? null,
      password: '',
      passwordRepeat: '',
    },
    validate: checkOwnSettings,
    onValuesChange: () => setSaved(false),
  });
  const [image, setImage] = useState<PickedImage | null>(null);

  const submit = form.onSubmit(
    (v) =>
      save.mutate(
        { ...ownSettingsBody(v), ...(image ? { image } : {}) },
        {
          onSuccess: () => {
            setImage(null);
            form.setValues({ password: '', passwordRepeat: '' });
            setSaved(true);
          },
          onError: (error) => refused(error),
        },
      ),
    () => setSaved(false),
  );

  const locationOptions = user.availableLocations.map((l) => ({ value: l.id, label: l.label }));

  return (
    <>
      <PageHeader title="Benutzereinstellungen" breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Benutzereinstellungen' }]} />
      <form
        onSubmit={(event) => {
          setSaved(false);
          submit(event);
        }}
        noValidate
        aria-label="Benutzereinstellungen"
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Section title="Profilbild">
              <AvatarPicker
                large
                uri={user.resourceUri}
                firstName={values.firstName || user.firstName}
                lastName={values.lastName || user.lastName}
                value={image}
                onChange={(next) => {
                  setSaved(false);
                  setImage(next);
                  if (next) form.clearErrors();
                }}
                onRefuse={(text) => {
                  setSaved(false);
                  fail(text, ['image']);
                }}
                invalid={invalid('image')}
              />
            </Section>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 8 }}>
            <Section title="Persönliche Daten">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <NameFields form={form} own />
                  <TextInput label="E-Mail" description="Ihr Benutzername, nicht änderbar" value={user.email} readOnly variant="filled" />
                  <PhoneField form={form} own description="Für Rückfragen von Kollegen" />
                </SimpleGrid>
                <Select
                  label="Standort"
                  description="Der Standort, mit dem Sie im Portal arbeiten"
                  data={locationOptions}
                  value={values.selectedLocation}
                  onChange={(v) => v && form.setFieldValue('selectedLocation', v)}
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
                <PasswordFields form={form} label="Neues Passwort" />
              </SimpleGrid>

              <Stack gap="md" mt="xl">
                {message && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                    {message}
                  </Alert>
                )}
                {saved && !message && (
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
            </Section>
          </Grid.Col>
        </Grid>
      </form>
      <Box mt="lg">
        <PersonDataExport userId={user.id} self />
      </Box>
      {userSettings.map((part, i) => (
        <Box mt="lg" key={i}>
          <Suspense fallback={<Skeleton h={320} />}>
            {part}
          </Suspense>
        </Box>
      ))}
    </>
  );
}
