import { Group, Pagination } from '@mantine/core';

export interface SettingsPaginationProps {
  /** Number of pages. */
  total: number;
  /** Current page, counted from 1. */
  value: number;
  onChange: (page: number) => void;
}

const CONTROL_LABELS = {
  first: 'Erste Seite',
  previous: 'Vorherige Seite',
  next: 'Nächste Seite',
  last: 'Letzte Seite',
} as const;

/**
 * Paging of the settings lists: first and last page, the current one ±2, ellipses between
 * (spec 3 §9). Hidden when everything fits on one page.
 */
export function SettingsPagination({ total, value, onChange }: SettingsPaginationProps) {
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label="Seiten" justify="center" mt="md">
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        boundaries={1}
        siblings={2}
        withEdges={false}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(page) => ({ 'aria-label': `Seite ${page}` })}
      />
    </Group>
  );
}
