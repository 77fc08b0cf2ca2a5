import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@filialportal/core/messages';

/** Shown instead of a view the user may not open (e.g. a deep link from someone else). */
export function NoPermission() {
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="stone">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          Kein Zugriff
        </Title>
        <Text c="dimmed">{MSG.notAllowed}</Text>
        <Button component={Link} to="/dashboard" variant="light" mt="sm">
          Zum Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
