import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditFieldLabel, auditValueText, type AuditEntry } from '@filialportal/core/audit';
import type { XlsxColumn } from '../../platform/exports.ts';

const changesText = (e: AuditEntry) =>
  e.erased ? 'nicht mehr lesbar (Person gelöscht)' : (e.changes ?? []).map((c) => `${auditFieldLabel(c.field)}: ${auditValueText(c.before)} → ${auditValueText(c.after)}`).join('\n');

/** Columns of GET /audit/export. */
export const auditExportColumns: XlsxColumn<AuditEntry>[] = [
  { header: 'Zeitpunkt', value: (e) => new Date(e.at), type: 'datetime', width: 18 },
  { header: 'Person', value: (e) => e.actorName, width: 26 },
  { header: 'IP-Adresse', value: (e) => e.ip, width: 16 },
  { header: 'Bereich', value: (e) => AUDIT_ENTITIES[e.entity], width: 18 },
  { header: 'Aktion', value: (e) => AUDIT_ACTIONS[e.action], width: 16 },
  { header: 'Datensatz', value: (e) => e.entityId, width: 38 },
  { header: 'Betrifft', value: (e) => e.subjectName ?? '', width: 26 },
  { header: 'Änderungen', value: changesText, width: 80 },
];
