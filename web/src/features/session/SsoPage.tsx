import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { SSO_ERRORS, type SsoError } from '@filialportal/core/session';
import { errorMessage } from '../../api/client.ts';
import { session } from '../../api/session.ts';
import { AuthFrame } from './LoginPage.tsx';
import { redeemSsoTicket } from './session.api.ts';

/**
 * `/anmelden/sso`: where the company-account sign-in comes back. A ticket is exchanged for the
 * session at once (it holds 60 seconds, once), then the start page opens; a refusal is said in
 * German with the way back to the login.
 */
export function SsoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ticket = params.get('ticket');
  const code = params.get('fehler');
  const [failure, setFailure] = useState<string | null>(code ? (SSO_ERRORS[code as SsoError] ?? MSG.ssoFailed) : ticket ? null : MSG.ssoTicketInvalid);
  // The exchange runs once, also when React runs the effect twice.
  const started = useRef(false);

  useEffect(() => {
    if (!ticket || code || started.current) return;
    started.current = true;
    redeemSsoTicket(ticket).then(
      ({ token }) => {
        session.start(token);
        // The ticket leaves the address (and the history) at once.
        void navigate('/', { replace: true });
      },
      (err: unknown) => setFailure(errorMessage(err)),
    );
  }, [ticket, code, navigate]);

  return (
    <AuthFrame title="Anmeldung mit dem Firmenkonto">
      {failure ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
          <Button variant="light" fullWidth onClick={() => void navigate('/', { replace: true })}>
            Zurück zur Anmeldung
          </Button>
        </Stack>
      ) : (
        <Center py="md">
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Sie werden angemeldet …
            </Text>
          </Stack>
        </Center>
      )}
    </AuthFrame>
  );
}
