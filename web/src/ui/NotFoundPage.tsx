import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Any address that is no view. */
export function NotFoundPage() {
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="stone">
          <IconMapQuestion size={28} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          Seite nicht gefunden
        </Title>
        <Text c="dimmed">Diese Adresse gibt es im Filialportal nicht. Vielleicht hat sich der Link geändert.</Text>
        <Button component={Link} to="/dashboard" variant="light" mt="sm">
          Zum Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
