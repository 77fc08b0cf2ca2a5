// zod's generic messages in German: this page is open without the application (AfterLogin.tsx).
import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ZPasswordResetRequest } from '@filialportal/core/users';
import { zodResolver } from '../../ui/form-problem.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { AuthFrame } from './LoginPage.tsx';
import { resetPassword } from './session.api.ts';

/** The page of the mailed link /passwort-zuruecksetzen/<token>; works without a session. */
export function PasswordResetPage() {
  const { token = '' } = useParams();
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The request with the mailed link's token; a problem of the two passwords marks both.
  const { form, message: error, refused } = useCheckedForm({
    initialValues: { password: '', passwordRepeat: '' },
    validate: zodResolver(ZPasswordResetRequest, (v: { password: string; passwordRepeat: string }) => ({ token, ...v }), { password: ['password', 'passwordRepeat'] }),
    oneAtATime: true,
  });

  const submit = form.onSubmit(async (v) => {
    setLoading(true);
    try {
      const answer = await resetPassword({ token, ...v });
      setDone(answer.message);
    } catch (err) {
      refused(err);
    } finally {
      setLoading(false);
    }
  });

  return (
    <AuthFrame title="Neues Passwort festlegen">
      {done ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {done}
          </Alert>
          <Button component={Link} to="/" replace fullWidth>
            Zur Anmeldung
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Wählen Sie ein Passwort mit mindestens 6 Zeichen.
            </Text>
            {error && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {error}
              </Alert>
            )}
            <PasswordField
              label="Neues Passwort"
              autoComplete="new-password"
              {...form.getInputProps('password')}
              autoFocus
            />
            <PasswordField
              label="Passwort wiederholen"
              autoComplete="new-password"
              {...form.getInputProps('passwordRepeat')}
            />
            <Button type="submit" loading={loading} fullWidth size="md">
              Passwort speichern
            </Button>
            <Button component={Link} to="/" variant="subtle" fullWidth>
              Zur Anmeldung
            </Button>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}
