import { useEffect, useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Divider, Paper, Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import { IconAlertCircle, IconBuilding, IconFingerprint, IconInfoCircle, IconMailCheck } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { ApiError, errorMessage } from '../../api/client.ts';
import { session } from '../../api/session.ts';
import { markFirstViewShown } from '../../shell-api/first-view.ts';
import { zodResolver } from '../../ui/form-problem.ts';
import { Logo } from '../../ui/Logo.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { LOGIN_FIELDS, PASSWORD_FORGOTTEN_FIELDS } from './login-fields.ts';
import { fetchAuthMethods, passkeyLogin, passkeysAvailable, requestPasswordMail, requestToken, signWithPasskey } from './session.api.ts';
import classes from './LoginPage.module.css';

/** How long the wrong-login message stays (spec 1 §9 "alert display 2000 ms"). */
const WRONG_LOGIN_MS = 2000;

/** Frame shared by the login, forgotten-password and reset screens. */
export function AuthFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box className={classes.page}>
      <Center mih="100dvh" px="md" py="xl">
        <Stack w="100%" maw={400} gap="lg">
          <Center>
            <Logo size="lg" />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="lg">
            <Title order={1} fz={22} mb="lg">
              {title}
            </Title>
            {children}
          </Paper>
          <Text ta="center" size="xs" c="dimmed">
            Das Mitarbeiterportal für Filialen, Zentrallager und Franchisepartner
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

/** The user name as both the login and 'Passwort vergessen' ask for it. */
function UsernameField(props: TextInputProps) {
  return <TextInput label="Benutzername" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus required withAsterisk={false} {...props} />;
}

interface LoginValues {
  username: string;
  password: string;
}

type Refusal = { text: string; transient: boolean };

/** A refused login as the form shows it: a wrong name or password only for 2 s and on both fields (spec 1 §9). */
function refusalOf(err: unknown): Refusal {
  if (err instanceof ApiError && err.code === 'invalid_credentials') return { text: err.message === MSG.userInactive ? err.message : MSG.wrongLogin, transient: err.message !== MSG.userInactive };
  if (err instanceof ApiError && err.status === 401 && !err.code) return { text: MSG.wrongLogin, transient: true };
  // The browser's own refusal of a passkey (cancelled, no passkey for this portal) is no server message.
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) return { text: MSG.passkeyFailed, transient: false };
  return { text: errorMessage(err), transient: false };
}

function RefusalAlert({ text }: { text: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {text}
    </Alert>
  );
}

/**
 * The second step of a login whose account has a second factor: the code of the authenticator
 * app (or a recovery code), or a passkey.
 */
function SecondFactorForm({ credentials, onBack }: { credentials: LoginValues; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);

  const send = async (factor: { otp: string } | { passkey: string }) => {
    const { token } = await requestToken({ username: credentials.username.trim(), password: credentials.password, ...factor });
    session.start(token);
  };
  const attempt = async (factor: () => Promise<{ otp: string } | { passkey: string }>) => {
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      await send(await factor());
    } catch (err) {
      setLoading(false);
      setError(refusalOf(err));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!code.trim()) return setError({ text: MSG.secondFactorRequired, transient: false });
        void attempt(async () => ({ otp: code.trim() }));
      }}
    >
      <Stack gap="md">
        {error ? <RefusalAlert text={error.text} /> : <Text size="sm">{MSG.secondFactorRequired}</Text>}
        <TextInput
          label="Code"
          name="otp"
          description="Sechs Ziffern aus der App – oder einer Ihrer Wiederherstellungscodes"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error ? true : undefined}
          autoFocus
        />
        <Button type="submit" loading={loading} fullWidth size="md">
          Bestätigen
        </Button>
        {passkeysAvailable() && (
          <Button variant="default" leftSection={<IconFingerprint size={18} />} fullWidth disabled={loading} onClick={() => void attempt(async () => ({ passkey: JSON.stringify(await signWithPasskey()) }))}>
            Stattdessen Passkey verwenden
          </Button>
        )}
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          Zurück zur Anmeldung
        </Anchor>
      </Stack>
    </form>
  );
}

/** The company's own label (OIDC_BUTTON_LABEL) may be long: it wraps on a phone rather than being cut. */
const WRAPPING = { label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } } as const;

/** The other ways in: the company account (when set up) and a passkey (when the browser has them). */
function OtherMethods({ disabled, onError }: { disabled: boolean; onError: (refusal: Refusal) => void }) {
  const [methods, setMethods] = useState<{ oidc: { label: string } | null } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    fetchAuthMethods().then(setMethods, () => undefined);
  }, []);
  const passkey = passkeysAvailable();
  if (!methods?.oidc && !passkey) return null;
  const withPasskey = async () => {
    setBusy(true);
    try {
      const { token } = await passkeyLogin(await signWithPasskey());
      session.start(token);
    } catch (err) {
      setBusy(false);
      onError(refusalOf(err));
    }
  };
  return (
    <Stack gap="sm" mt="md">
      <Divider label="oder" labelPosition="center" />
      {methods?.oidc && (
        <Button component="a" href="/api/auth/oidc/login" variant="default" size="md" leftSection={<IconBuilding size={18} />} fullWidth h="auto" mih={44} py={8} styles={WRAPPING}>
          {methods.oidc.label}
        </Button>
      )}
      {passkey && (
        <Button variant="default" size="md" leftSection={<IconFingerprint size={18} />} fullWidth loading={busy} disabled={disabled} onClick={() => void withPasskey()}>
          Mit Passkey anmelden
        </Button>
      )}
    </Stack>
  );
}

function LoginForm({ notice, onForgotten }: { notice: string | null; onForgotten: (username: string) => void }) {
  const { form, values, message, invalid } = useCheckedForm<LoginValues>({
    initialValues: { username: '', password: '' },
    // The empty fields, each with its message: nothing is asked of the server then.
    validate: zodResolver(LOGIN_FIELDS),
    onValuesChange: () => session.clearNotice(),
  });
  const [loading, setLoading] = useState(false);
  // A refused login: the wrong-login message stays for 2 s and marks both fields (spec 1 §9).
  const [error, setError] = useState<Refusal | null>(null);
  // Name and password were right; the account has a second factor.
  const [secondStep, setSecondStep] = useState<LoginValues | null>(null);

  useEffect(() => {
    if (!error?.transient) return;
    const timer = setTimeout(() => setError(null), WRONG_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const submit = form.onSubmit(async (v) => {
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      const { token } = await requestToken({ username: v.username.trim(), password: v.password });
      session.start(token);
    } catch (err) {
      setLoading(false);
      if (err instanceof ApiError && err.code === 'second_factor_required') return setSecondStep(v);
      setError(refusalOf(err));
    }
  });
  const shown = error?.text ?? message;

  if (secondStep) return <SecondFactorForm credentials={secondStep} onBack={() => setSecondStep(null)} />;
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {notice && !shown && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              {notice}
            </Alert>
          )}
          {shown && <RefusalAlert text={shown} />}
          <UsernameField {...form.getInputProps('username')} error={error?.transient || invalid('username') ? true : undefined} />
          <PasswordField
            label="Passwort"
            name="password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
            error={error?.transient || invalid('password') ? true : undefined}
            required
            withAsterisk={false}
          />
          <Button type="submit" loading={loading} fullWidth mt="xs" size="md">
            Anmelden
          </Button>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onForgotten(values.username)}>
            Passwort vergessen?
          </Anchor>
        </Stack>
      </form>
      <OtherMethods disabled={loading} onError={setError} />
    </>
  );
}

function ForgottenForm({ initialUsername, onBack }: { initialUsername: string; onBack: () => void }) {
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const { form, message, refused } = useCheckedForm({
    initialValues: { username: initialUsername },
    validate: zodResolver(PASSWORD_FORGOTTEN_FIELDS),
    oneAtATime: true,
  });

  const submit = form.onSubmit(async (v) => {
    setLoading(true);
    try {
      const answer = await requestPasswordMail({ username: v.username.trim() });
      setSent(answer.message);
    } catch (err) {
      refused(err);
    } finally {
      setLoading(false);
    }
  });

  if (sent) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
          {sent}
        </Alert>
        <Button variant="light" onClick={onBack} fullWidth>
          Zurück zur Anmeldung
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Geben Sie Ihren Benutzernamen ein. Sie erhalten eine E-Mail mit einem Link, über den Sie ein neues Passwort
          festlegen können.
        </Text>
        {message && <RefusalAlert text={message} />}
        <UsernameField {...form.getInputProps('username')} />
        <Button type="submit" loading={loading} fullWidth size="md">
          Neues Passwort anfordern
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          Zurück zur Anmeldung
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * The login screen, shown in place of any view while there is no session; the address stays,
 * so the requested view opens after the login.
 */
export function LoginPage({ notice }: { notice: string | null }) {
  const [forgotten, setForgotten] = useState<string | null>(null);
  useEffect(() => markFirstViewShown(), []);
  return (
    <AuthFrame title={forgotten === null ? 'Anmeldung' : 'Passwort vergessen'}>
      {forgotten === null ? (
        <LoginForm notice={notice} onForgotten={setForgotten} />
      ) : (
        <ForgottenForm initialUsername={forgotten} onBack={() => setForgotten(null)} />
      )}
    </AuthFrame>
  );
}
