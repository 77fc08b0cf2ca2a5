import { Badge, Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Below this width the further filters fold away behind a button (the list keeps the screen). */
export const PHONE_QUERY = '(max-width: 36em)';

/**
 * Further filters of a list: inline on wider screens; on a phone behind a 'Filter' button that
 * shows how many of them are set, so the list is visible without scrolling past the form.
 */
export function PhoneFilters({ active, children }: { active: number; children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [open, { toggle }] = useDisclosure(false);
  if (!phone) return <>{children}</>;
  return (
    <Stack gap="sm" w="100%">
      <Button
        variant="default"
        leftSection={<IconFilter size={16} />}
        rightSection={active > 0 ? <Badge size="sm" circle>{active}</Badge> : null}
        onClick={toggle}
        aria-expanded={open}
        fullWidth
      >
        {open ? 'Filter ausblenden' : 'Filter'}
      </Button>
      <Collapse expanded={open}>
        <Stack gap="sm">{children}</Stack>
      </Collapse>
    </Stack>
  );
}
