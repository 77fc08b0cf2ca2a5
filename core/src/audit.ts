import { z } from './zod.ts';
import { MSG } from './messages.ts';
import { inYearRange, isIsoDate } from './dates.ts';
import { RETENTION_KIND_KEYS, RETENTION_KINDS } from './retention.ts';

/**
 * The audit trail (Einstellungen → Protokoll): who changed what through the portal, and who read
 * health data. Append-only; personal values are sealed with a key of the person they concern,
 * so erasing the person makes them unreadable (docs/decisions/datenschutz-protokoll.md).
 */

/** What an entry is about; the labels are the filter's and the export's. */
export const AUDIT_ENTITIES = {
  user: 'Person',
  group: 'Benutzergruppe',
  location: 'Standort',
  settings: 'Einstellungen',
  contingent: 'Urlaubskontingent',
  vacation: 'Urlaub',
  sick_report: 'Krankmeldung',
  stock: 'Bestand',
  claim: 'Beanstandung',
  retention: 'Aufbewahrung',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_KEYS = Object.keys(AUDIT_ENTITIES) as AuditEntity[];

export const AUDIT_ACTIONS = {
  create: 'angelegt',
  update: 'geändert',
  delete: 'gelöscht',
  decide: 'entschieden',
  read: 'gelesen',
  export: 'exportiert',
  erase: 'endgültig gelöscht',
  expire: 'nach Frist gelöscht',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Entries per page of the list; the export streams every match. */
export const AUDIT_PAGE_SIZE = 50;

/** A changed field: its value before and after (null where it did not exist). */
export const ZAuditChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof ZAuditChange>;

export const ZAuditEntry = z.object({
  id: z.string(),
  /** ISO timestamp. */
  at: z.string(),
  /** Who did it; null for the portal's own jobs (retention). */
  actorId: z.string().nullable(),
  /** The person's name, 'Benutzer gelöscht' after erasure, 'System' for a job. */
  actorName: z.string(),
  ip: z.string(),
  entity: z.enum(AUDIT_ENTITY_KEYS as [AuditEntity, ...AuditEntity[]]),
  entityId: z.string(),
  action: z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]),
  /** The person the record concerns (whose key seals the changes), if any. */
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  /** What changed; null when nothing is recorded (a read) or when it can no longer be read. */
  changes: z.array(ZAuditChange).nullable(),
  /** The changes were sealed for a person who has since been erased. */
  erased: z.boolean(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

/** A day `YYYY-MM-DD` (Berlin); `until` includes its day. */
const zDay = z
  .string()
  .max(10, MSG.auditDateInvalid)
  .refine((v) => isIsoDate(v) && inYearRange(v), MSG.auditDateInvalid);

/** GET /audit: filters; `from` continues after the last entry of the previous page. */
export const ZAuditQuery = z.object({
  from: z.string().max(40).regex(/^\d{1,18}$/, MSG.auditCursorInvalid).optional(),
  actor: z.uuid({ error: MSG.auditActorInvalid }).optional(),
  entity: z.enum(AUDIT_ENTITY_KEYS as [AuditEntity, ...AuditEntity[]], { error: MSG.auditEntityInvalid }).optional(),
  /** Entries about this record (with `entity`) or this person (as subject). */
  id: z.string().max(100).optional(),
  since: zDay.optional(),
  until: zDay.optional(),
});
export type AuditQuery = z.infer<typeof ZAuditQuery>;

/** A page, newest first; `next` is the `from` of the following page (null at the end). */
export const ZAuditListResponse = z.object({ list: z.array(ZAuditEntry), next: z.string().nullable() });
export type AuditListResponse = z.infer<typeof ZAuditListResponse>;

/** German names of the recorded fields, for the list and the export; a field not named here shows as recorded. */
const AUDIT_FIELDS: Record<string, string> = {
  ...Object.fromEntries(RETENTION_KIND_KEYS.map((k) => [k, RETENTION_KINDS[k].label])),
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  phone: 'Telefon',
  personalNumber: 'Personalnummer',
  locationId: 'Standort',
  additionalLocations: 'Weitere Standorte',
  allowedLocationsClaim: 'Standorte für Beanstandungen',
  groupId: 'Gruppe',
  holidayContingent: 'Urlaubsanspruch',
  externalLogin: 'Anmeldung an weiteren Standorten',
  freeDays: 'Freie Tage',
  presence: 'Anwesenheit',
  active: 'Aktiv',
  passwordChanged: 'Passwort geändert',
  avatarChanged: 'Profilbild geändert',
  name: 'Name',
  shortName: 'Kurzname',
  street: 'Straße',
  zip: 'PLZ',
  city: 'Ort',
  permissions: 'Rechte',
  userId: 'Person',
  startDate: 'Von',
  endDate: 'Bis',
  countDays: 'Tage',
  dayLength: 'Tageslänge',
  approved: 'Genehmigt',
  declined: 'Abgelehnt',
  declineReason: 'Ablehnungsgrund',
  reason: 'Grund',
  specialHoliday: 'Sonderurlaub',
  sickKind: 'Art',
  certificate: 'Bescheinigung',
  statusId: 'Status',
  stockUpdated: 'Bestand gebucht',
  surplus: 'Resturlaub Vorjahr',
  deduction: 'Abzug',
  year: 'Jahr',
  removed: 'Gelöscht',
  days: 'Frist (Tage)',
  deleted: 'Gelöscht (Arten)',
  kept: 'Behalten (Arten)',
};

/** A recorded field's German name ('firstName' → 'Vorname'). */
export const auditFieldLabel = (field: string): string => AUDIT_FIELDS[field] ?? field;

/** How a value shows in the list and the export: short, German, never `[object Object]`. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (Array.isArray(value)) return value.length ? value.map(auditValueText).join(', ') : '–';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
