import { Box, Button, Center, Container, Group, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { session } from '../../api/session.ts';
import { Logo } from '../../ui/Logo.tsx';
import { SecondFactorSection } from './SecondFactorSection.tsx';
import { revokeToken } from './session.api.ts';
import classes from './LoginPage.module.css';

/**
 * Before anything else, when the person's group requires a second factor and none is set up:
 * the setup alone (the server answers nothing else for this session until then).
 */
export default function EnrolmentPage({ onDone }: { onDone: () => void }) {
  const logout = async () => {
    await revokeToken().catch(() => undefined);
    session.reset();
  };
  return (
    <Box className={classes.page}>
      <Container size="sm" py="xl">
        <Stack gap="lg">
          <Center>
            <Logo size="lg" />
          </Center>
          <Text ta="center">Ihre Benutzergruppe verlangt einen zweiten Faktor. Richten Sie jetzt die Authenticator-App oder einen Passkey ein; danach geht es weiter.</Text>
          <SecondFactorSection enrolment onDone={onDone} />
          <Group justify="center">
            <Button variant="subtle" leftSection={<IconLogout size={18} />} onClick={() => void logout()}>
              Abmelden
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
