import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-screen spinner, e.g. 'Verbindung wird hergestellt …' while the user loads. */
export function FullScreenLoader({ text = 'Verbindung wird hergestellt …' }: { text?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="md">
        <Loader size="lg" />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}
