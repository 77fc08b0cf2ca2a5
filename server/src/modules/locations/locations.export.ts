import type { XlsxColumn } from '../../platform/exports.ts';
import { REGIONS } from '@filialportal/core/locations';
import type { listLocations } from './locations.service.ts';

const regionLabel = new Map<string, string>(REGIONS.map((r) => [r.code, r.label]));

type Row = Awaited<ReturnType<typeof listLocations>>['rows'][number];

/** Columns of POST /export-locations. */
export const locationExportColumns: XlsxColumn<Row>[] = [
  { header: 'Name', value: (l) => l.name, width: 24 },
  { header: 'Kürzel', value: (l) => l.shortName },
  { header: 'Straße', value: (l) => l.street, width: 26 },
  { header: 'PLZ', value: (l) => l.zip },
  { header: 'Ort', value: (l) => l.city, width: 18 },
  { header: 'Bundesland', value: (l) => regionLabel.get(l.region) ?? l.region, width: 22 },
  { header: 'IP-Adressen', value: (l) => l.ip, width: 30 },
  { header: 'Position', value: (l) => l.position, type: 'number' },
  { header: 'Im Sortiment ausblenden', value: (l) => l.hideInSortiment, type: 'boolean' },
];
