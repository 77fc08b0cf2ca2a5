import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Card } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PermissionRule } from '../shell-api/access.ts';
import { useCan } from '../shell-api/current-user.tsx';
import { confirmDelete } from './confirm-delete.ts';
import { ExportButton } from './ExportButton.tsx';
import { countLabel, ListToolbar } from './ListToolbar.tsx';
import { QueryError } from './QueryError.tsx';
import { RowActions } from './RowActions.tsx';
import { SettingsPagination } from './SettingsPagination.tsx';
import { SortableTable, type Column, type SortableTableProps } from './SortableTable.tsx';
import { pageCount } from './useListParams.ts';

/** The part of a list query the frame shows: its error and whether it still loads. */
export interface ListQueryState {
  error: unknown;
  isPending: boolean;
}

/** Sort and page of a list, as useListParams keeps them. */
export interface ListPaging {
  sort: string;
  setSort: (sort: string) => void;
  page: number;
  setPage: (page: number) => void;
}

export interface ListTableProps<T> extends Omit<SortableTableProps<T>, 'loading' | 'sort' | 'onSortChange'> {
  query: ListQueryState;
  list: ListPaging;
  /** Number of pages once known; omitted: no pagination. */
  pages?: number;
  /** Shown below the table instead of the plain pagination (e.g. a count beside it). */
  footer?: ReactNode;
}

/**
 * The body of a settings list: the query's error, the sortable table (skeleton rows while
 * loading, the empty text) and, with `pages`, the pagination below. When the current page no
 * longer exists (the last row of the last page was deleted, an old link), the last one is shown.
 */
export function ListTable<T>({ query, list, pages, footer, ...table }: ListTableProps<T>) {
  const { page, setPage } = list;
  useEffect(() => {
    if (pages !== undefined && !query.isPending && page > Math.max(1, pages)) setPage(Math.max(1, pages));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setPage is new on every render; the page, the page count and the loading decide
  }, [pages, page, query.isPending]);
  return (
    <>
      <QueryError error={query.error} />
      <SortableTable {...table} sort={list.sort} onSortChange={list.setSort} loading={query.isPending} />
      {footer ?? (pages !== undefined && <ListPagination pages={pages} list={list} />)}
    </>
  );
}

/** The pagination of a settings list, with room below when it shows. */
export function ListPagination({ pages, list }: { pages: number; list: Pick<ListPaging, 'page' | 'setPage'> }) {
  return (
    <Box pb={pages > 1 ? 'md' : 0}>
      <SettingsPagination total={pages} value={list.page} onChange={list.setPage} />
    </Box>
  );
}

/** What the frame hands its form: open or not, the row to edit (null: a new one), closing. */
export interface CrudFormProps<T> {
  opened: boolean;
  entry: T | null;
  onClose: () => void;
}

export interface CrudListProps<T extends { id: string }> {
  /** Heading of the list and accessible name of its table. */
  title: string;
  /** Count words: ['Standort', 'Standorte']. */
  noun: readonly [string, string];
  list: ListPaging;
  query: ListQueryState;
  /** The rows of the current page. */
  rows: T[] | undefined;
  /** All rows of the list (for the count and the pages). */
  count: number | undefined;
  /** The count stopped at a cap and more rows match: 'mehr als 1.000 …'. */
  more?: boolean;
  columns: Column<T>[];
  emptyText: string;
  minWidth: number;
  skeletonRows?: number;
  /** Search and switches below the heading. */
  filters?: ReactNode;
  /** Form post of the XLSX export. */
  exportPath?: string;
  /** The 'new' button: its text and who sees it. */
  create?: { label: string; permission: PermissionRule };
  /** Who may edit a row (opens the form with it). */
  edit?: PermissionRule;
  /** Who may delete a row, after "<kind> '<name>' löschen?". */
  remove?: { permission: PermissionRule; kind: string; run: (row: T) => Promise<unknown> };
  /** What a row is called in the buttons' names and the question. */
  rowName?: (row: T) => string;
  /** Rows without edit and delete (fixed entries). */
  fixed?: (row: T) => boolean;
  /** The new/edit form; it starts afresh each time it opens. */
  form?: (props: CrudFormProps<T>) => ReactNode;
}

/**
 * A settings list (spec 3 §8, §9): heading with count, export and 'new'; filters; a sortable,
 * paged table with edit and delete per row as the permissions allow; the new/edit form.
 */
export function CrudList<T extends { id: string }>(props: CrudListProps<T>) {
  const { title, noun, list, query, rows, count, more, columns, emptyText, minWidth, skeletonRows = 6, filters, exportPath } = props;
  const { create, edit, remove, rowName = () => '', fixed, form } = props;
  const can = useCan();
  const [modal, setModal] = useState<{ entry: T | null } | null>(null);

  const mayEdit = !!edit && !!form && can(edit);
  const mayDelete = !!remove && can(remove.permission);
  const shown: Column<T>[] =
    mayEdit || mayDelete
      ? [
          ...columns,
          {
            key: 'actions',
            label: 'Aktionen',
            align: 'right',
            width: 96,
            render: (row) =>
              fixed?.(row) ? null : (
                <RowActions
                  name={rowName(row)}
                  onEdit={mayEdit ? () => setModal({ entry: row }) : undefined}
                  onDelete={mayDelete ? () => confirmDelete(remove.kind, rowName(row), () => remove.run(row)) : undefined}
                />
              ),
          },
        ]
      : columns;

  const mayCreate = !!create && !!form && can(create.permission);
  return (
    <Card padding={0}>
      <ListToolbar
        title={title}
        filters={filters}
        countText={more ? `mehr als ${countLabel(count, noun[0], noun[1])}` : countLabel(count, noun[0], noun[1])}
        actions={
          exportPath || mayCreate ? (
            <>
              {exportPath && <ExportButton path={exportPath} />}
              {mayCreate && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ entry: null })}>
                  {create.label}
                </Button>
              )}
            </>
          ) : undefined
        }
      />
      <ListTable
        label={title}
        query={query}
        list={list}
        pages={count === undefined ? undefined : pageCount(count)}
        columns={shown}
        rows={rows}
        rowKey={(row) => row.id}
        skeletonRows={skeletonRows}
        emptyText={emptyText}
        minWidth={minWidth}
      />
      {form && (
        <Fragment key={modal ? (modal.entry?.id ?? 'new') : 'closed'}>
          {form({ opened: modal !== null, entry: modal?.entry ?? null, onClose: () => setModal(null) })}
        </Fragment>
      )}
    </Card>
  );
}
