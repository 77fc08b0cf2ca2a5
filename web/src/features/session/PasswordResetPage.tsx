import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { checkNewPassword } from '@filialportal/core/users';
import { errorMessage } from '../../api/client.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { AuthFrame } from './LoginPage.tsx';
import { resetPassword } from './session.api.ts';

/** The page of the mailed link /passwort-zuruecksetzen/<token>; works without a session. */
export function PasswordResetPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkNewPassword(password, repeat) ?? (password ? null : MSG.passwordTooShort);
    if (problem) {
      setError(problem);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const { message } = await resetPassword(token, password, repeat);
      setDone(message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

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
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoFocus
            />
            <PasswordField
              label="Passwort wiederholen"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.currentTarget.value)}
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
