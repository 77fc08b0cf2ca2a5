import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { Center, Group, ScrollArea, Skeleton, Table, Text, UnstyledButton, type MantineBreakpoint, type MantineSpacing } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { nextSort } from '@filialportal/core/sort';
import classes from './SortableTable.module.css';

export interface Column<T> {
  /** Unique key; also the sort field unless `sortField` is given. */
  key: string;
  label: string;
  sortable?: boolean;
  sortField?: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** CSS width of the column, e.g. 120 or '20%'. */
  width?: number | string;
  /** Keep the cell on one line. */
  nowrap?: boolean;
  /** Show the column only from this breakpoint on (a secondary column on narrow screens). */
  visibleFrom?: MantineBreakpoint;
}

export interface SortableTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** '' (none), 'field' (ascending) or '-field' (descending). */
  sort?: string;
  onSortChange?: (sort: string) => void;
  /** Shows placeholder rows instead of the rows. */
  loading?: boolean;
  /** Number of placeholder rows while loading. */
  skeletonRows?: number;
  emptyText?: string;
  /** Accessible name of the table. */
  label: string;
  minWidth?: number;
  /** Horizontal cell padding (default 'sm'); 'xs' for lists with many narrow columns. */
  spacing?: MantineSpacing;
  /** Style of a row (e.g. its background colour), by row and position. */
  rowStyle?: (row: T, index: number) => CSSProperties;
  /** Opens the row (click, or Enter on the focused row). */
  onRowClick?: (row: T) => void;
}

function SortIcon({ state }: { state: 'asc' | 'desc' | null }) {
  const Icon = state === 'asc' ? IconChevronUp : state === 'desc' ? IconChevronDown : IconSelector;
  return <Icon size={14} stroke={1.8} className={state ? classes.iconActive : classes.icon} aria-hidden />;
}

/**
 * The one list table: columns sort on click (none → ascending → descending → none), skeleton
 * rows while loading, an empty text when there is nothing to show.
 */
export function SortableTable<T>({
  columns,
  rows,
  rowKey,
  sort = '',
  onSortChange,
  loading = false,
  skeletonRows = 6,
  emptyText = 'Keine Einträge vorhanden',
  label,
  minWidth = 640,
  spacing = 'sm',
  rowStyle,
  onRowClick,
}: SortableTableProps<T>) {
  const head = columns.map((col) => {
    const field = col.sortField ?? col.key;
    const state = sort === field ? 'asc' : sort === `-${field}` ? 'desc' : null;
    const ariaSort = state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined;
    return (
      <Table.Th key={col.key} visibleFrom={col.visibleFrom} style={{ width: col.width, textAlign: col.align }} aria-sort={col.sortable ? (ariaSort ?? 'none') : undefined}>
        {col.sortable && onSortChange ? (
          <UnstyledButton className={classes.sortButton} onClick={() => onSortChange(nextSort(sort, field))}>
            <Group gap={4} wrap="nowrap" justify={col.align === 'right' ? 'flex-end' : 'flex-start'}>
              <span>{col.label}</span>
              <SortIcon state={state} />
            </Group>
          </UnstyledButton>
        ) : (
          <Text component="span" fw={600} size="sm">
            {col.label}
          </Text>
        )}
      </Table.Th>
    );
  });

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <Table.Tr key={`skeleton-${i}`} aria-hidden>
        {columns.map((col) => (
          <Table.Td key={col.key} visibleFrom={col.visibleFrom}>
            <Skeleton height={12} radius="sm" width={`${60 + ((i * 7 + col.key.length * 5) % 35)}%`} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (!rows || rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Center py="xl">
            <Text c="dimmed" size="sm">
              {emptyText}
            </Text>
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row, index) => (
      <Table.Tr
        key={rowKey(row)}
        style={{ ...rowStyle?.(row, index), ...(onRowClick ? { cursor: 'pointer' } : {}) }}
        {...(onRowClick
          ? {
              onClick: () => onRowClick(row),
              onKeyDown: (e: KeyboardEvent) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick(row);
              },
              tabIndex: 0,
            }
          : {})}
      >
        {columns.map((col) => (
          <Table.Td key={col.key} visibleFrom={col.visibleFrom} style={{ textAlign: col.align, whiteSpace: col.nowrap ? 'nowrap' : undefined }}>
            {col.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <ScrollArea type="auto" offsetScrollbars="x">
      <Table miw={minWidth} highlightOnHover horizontalSpacing={spacing} aria-label={label} aria-busy={loading || undefined} className={classes.table}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
