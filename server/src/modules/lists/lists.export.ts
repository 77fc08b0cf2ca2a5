import type { XlsxColumn } from '../../platform/exports.ts';

/** The lists' rows are read generically (one service for four tables), so cells name their fields. */
type ListRow = Record<string, unknown>;

/** The one column of the manufacturer, status and claim-list exports. */
export const nameColumn = (header: string, width = 40): XlsxColumn<ListRow>[] => [{ header, value: (e) => e.name as string, width }];

/** Columns of POST /export-colors. */
export const colorExportColumns: XlsxColumn<ListRow>[] = [
  { header: 'Label', value: (c) => c.name as string, width: 30 },
  { header: 'Farbe', value: (c) => c.hex as string },
];
