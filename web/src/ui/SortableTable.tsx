import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { Box, Center, Group, ScrollArea, Select, Skeleton, Table, Text, UnstyledButton, type MantineBreakpoint, type MantineSpacing } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { nextSort } from '@filialportal/core/sort';
import { PHONE_QUERY } from './PhoneFilters.tsx';
import { showsCards, sortChoices } from './table-cards.ts';
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
  /**
   * Its place in the card a row becomes (`cards`): the heading, a badge beside the heading,
   * the buttons at the foot, left out; by default a line with the column's label.
   */
  card?: 'title' | 'badge' | 'actions' | 'hidden';
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
  /**
   * Rows become cards where the list's box is narrower than `minWidth` (phones, a tablet beside
   * the navigation): every cell and action stays in view instead of scrolling sideways, and a
   * 'Sortierung' field takes the place of the column headers.
   */
  cards?: boolean;
  /** The first column stays in view while the table scrolls sideways (a name beside numbers). */
  stickyFirstColumn?: boolean;
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
  cards = false,
  stickyFirstColumn = false,
}: SortableTableProps<T>) {
  const { ref: boxRef, width: boxWidth } = useElementSize();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (cards && showsCards(boxWidth, minWidth, phone)) {
    return (
      <Box ref={boxRef}>
        <CardList
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          sort={sort}
          onSortChange={onSortChange}
          loading={loading}
          skeletonRows={skeletonRows}
          emptyText={emptyText}
          label={label}
          rowStyle={rowStyle}
          onRowClick={onRowClick}
        />
      </Box>
    );
  }

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
        {...rowProps(row, index, rowStyle, onRowClick)}
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
    <Box ref={boxRef}>
      <ScrollArea type="auto" offsetScrollbars="x">
        <Table miw={minWidth} highlightOnHover horizontalSpacing={spacing} aria-label={label} aria-busy={loading || undefined} className={classes.table} data-sticky-first={stickyFirstColumn || undefined}>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </ScrollArea>
    </Box>
  );
}

/** Style and, for clickable rows, click and Enter handling of a row or card (one for table and cards). */
function rowProps<T>(row: T, index: number, rowStyle?: (row: T, index: number) => CSSProperties, onRowClick?: (row: T) => void) {
  const style = { ...rowStyle?.(row, index), ...(onRowClick ? { cursor: 'pointer' } : {}) };
  if (!onRowClick) return { style };
  return {
    style,
    onClick: () => onRowClick(row),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick(row);
    },
    tabIndex: 0,
  };
}

type CardListProps<T> = Pick<
  SortableTableProps<T>,
  'columns' | 'rows' | 'rowKey' | 'sort' | 'onSortChange' | 'loading' | 'skeletonRows' | 'emptyText' | 'label' | 'rowStyle' | 'onRowClick'
>;

/**
 * The rows as cards, one below the other: the title column as heading with the badge column
 * beside it, the other columns as labelled lines, the actions at the foot.
 */
function CardList<T>({ columns, rows, rowKey, sort = '', onSortChange, loading, skeletonRows = 6, emptyText, label, rowStyle, onRowClick }: CardListProps<T>) {
  const place = (col: Column<T>) => col.card ?? 'line';
  const titles = columns.filter((c) => place(c) === 'title');
  const badges = columns.filter((c) => place(c) === 'badge');
  const lines = columns.filter((c) => place(c) === 'line');
  const actions = columns.filter((c) => place(c) === 'actions');
  const sortable = onSortChange && columns.some((c) => c.sortable);

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: Math.min(skeletonRows, 4) }, (_, i) => (
      <li key={`skeleton-${i}`} className={classes.card} aria-hidden>
        <Skeleton height={14} radius="sm" width="55%" mb={10} />
        <Skeleton height={10} radius="sm" width="80%" mb={6} />
        <Skeleton height={10} radius="sm" width="65%" />
      </li>
    ));
  } else if (!rows || rows.length === 0) {
    body = (
      <li className={classes.cardEmpty}>
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      </li>
    );
  } else {
    body = rows.map((row, index) => (
      <li
        key={rowKey(row)}
        className={classes.card}
        // On a row colour the labels take the text colour: the dimmed grey is too light there.
        data-tinted={rowStyle?.(row, index).backgroundColor ? true : undefined}
        {...rowProps(row, index, rowStyle, onRowClick)}
      >
        {(titles.length > 0 || badges.length > 0) && (
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb={6}>
            <div className={classes.cardTitle}>
              {titles.map((col) => (
                <div key={col.key}>{col.render(row)}</div>
              ))}
            </div>
            {badges.map((col) => (
              <div key={col.key} className={classes.cardBadge}>
                {col.render(row)}
              </div>
            ))}
          </Group>
        )}
        <dl className={classes.cardFacts}>
          {lines.map((col) => (
            <div key={col.key}>
              <dt>{col.label}</dt>
              <dd>{col.render(row)}</dd>
            </div>
          ))}
        </dl>
        {actions.map((col) => (
          <div key={col.key} className={classes.cardActions}>
            {col.render(row)}
          </div>
        ))}
      </li>
    ));
  }

  return (
    <>
      {sortable && (
        <Select
          label="Sortierung"
          data={sortChoices(columns, sort)}
          value={sort}
          onChange={(value) => onSortChange(value ?? '')}
          allowDeselect={false}
          size="sm"
          px="sm"
          pb="sm"
        />
      )}
      <ul className={classes.cards} aria-label={label} aria-busy={loading || undefined}>
        {body}
      </ul>
    </>
  );
}
