import { SIGN_IN_METHOD_LABEL, type SignInMethod } from '@filialportal/core/session';
import type { XlsxColumn } from '../../platform/exports.ts';
import type { loginLogExportRows } from './session.service.ts';

type Row = ReturnType<typeof loginLogExportRows> extends AsyncIterable<(infer R)[]> ? R : never;

/** Columns of POST /export-login-logs. */
export const loginLogExportColumns: XlsxColumn<Row>[] = [
  { header: 'Zeitpunkt', value: (l) => l.createdAt, type: 'datetime', width: 18 },
  { header: 'Benutzername', value: (l) => l.userName, width: 32 },
  { header: 'IP-Adresse', value: (l) => l.ip, width: 16 },
  { header: 'Ort', value: (l) => l.city, width: 16 },
  { header: 'Land', value: (l) => l.country },
  { header: 'Erfolgreich', value: (l) => l.success, type: 'boolean' },
  { header: 'Methode', value: (l) => SIGN_IN_METHOD_LABEL[l.method as SignInMethod] ?? l.method },
];
