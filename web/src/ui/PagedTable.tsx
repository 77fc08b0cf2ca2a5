import { CountLine, countLabel, LIST_SKELETON_ROWS } from './ListToolbar.tsx';
import { LoadMoreButton } from './LoadMoreButton.tsx';
import { QueryError } from './QueryError.tsx';
import { SortableTable, type SortableTableProps } from './SortableTable.tsx';

/** The state of an infinite list query that the frame needs. */
interface PagedQuery {
  error: unknown;
  data: unknown;
  isPending: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface PagedTableProps<T> extends Omit<SortableTableProps<T>, 'loading' | 'skeletonRows' | 'rows'> {
  query: PagedQuery;
  rows: T[];
  /** Rows the server holds. */
  count: number;
  /** Singular and plural for the count line, e.g. ['Antrag', 'Anträge']. */
  noun: [string, string];
  /** How many of `count` are shown (default: the rows; lists with extra rows per entry count differently). */
  shown?: number;
}

/**
 * A server-paged list as the absence and sick report pages show it: error alert, count line,
 * sortable table with skeleton rows, and 'Weitere Einträge anzeigen'. A list whose load failed
 * shows the error only, never its empty text: 'Keine Anträge vorhanden' would be untrue.
 */
export function PagedTable<T>({ query, rows, count, noun, shown, ...table }: PagedTableProps<T>) {
  const failed = !!query.error && rows.length === 0;
  return (
    <>
      <QueryError error={query.error} />
      <CountLine text={query.data ? countLabel(count, noun[0], noun[1]) : ''} />
      {!failed && <SortableTable {...table} rows={rows} loading={query.isPending} skeletonRows={LIST_SKELETON_ROWS} />}
      <LoadMoreButton shown={shown ?? rows.length} count={count} loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
    </>
  );
}
