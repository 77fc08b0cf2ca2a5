import type { XlsxColumn } from '../../platform/exports.ts';
import { permissionByName } from '@filialportal/core/permissions';
import type { teamExportRows } from './teams.service.ts';

type Row = Awaited<ReturnType<typeof teamExportRows>>[number];

/** Columns of POST /export-teams. */
export const teamExportColumns: XlsxColumn<Row>[] = [
  { header: 'Benutzergruppe', value: (t) => t.label, width: 24 },
  { header: 'Kennung', value: (t) => t.name, width: 20 },
  { header: 'Anzahl', value: (t) => t.count, type: 'number' },
  { header: 'Rechte', value: (t) => t.rights, width: 40 },
  { header: 'Übergeordnete Gruppe', value: (t) => t.parentLabel, width: 22 },
  { header: 'Abmeldung Desktop (Min.)', value: (t) => t.loginTimeForDesktop, type: 'number' },
  { header: 'Abmeldung Tablet (Min.)', value: (t) => t.loginTimeForTablet, type: 'number' },
  { header: 'Berechtigungen', value: (t) => (t.permissions ?? []).map((p) => permissionByName.get(p)?.label ?? p).join(', '), width: 60 },
];
