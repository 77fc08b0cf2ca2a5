import { z } from './zod.ts';

/**
 * How long each kind of personal data is kept (Art. 5 (1) e GDPR), in days, set by Admin in the
 * global settings (GET/PUT /globalsettings/retention). The defaults and their reasons are in
 * docs/datenschutz.md; the bounds keep a slip of the finger from wiping what must be kept.
 */
export const RETENTION_KINDS = {
  // At least the 90 days in which a sign-in from a new address is told apart (session module).
  loginLogDays: { label: 'Login-Verlauf', default: 180, min: 90, max: 3650 },
  auditDays: { label: 'Protokoll (Audit-Trail)', default: 1095, min: 365, max: 3650 },
  sickReportDays: { label: 'Krankmeldungen', default: 1095, min: 365, max: 3650 },
  sickNoteDays: { label: 'Bescheinigungen (AU)', default: 365, min: 30, max: 3650 },
  claimPhotoDays: { label: 'Fotos erledigter Beanstandungen', default: 730, min: 30, max: 3650 },
  notificationDays: { label: 'Benachrichtigungen', default: 90, min: 7, max: 3650 },
  leaverDays: { label: 'Daten ausgeschiedener Personen', default: 1095, min: 30, max: 3650 },
} as const;
export type RetentionKind = keyof typeof RETENTION_KINDS;
export const RETENTION_KIND_KEYS = Object.keys(RETENTION_KINDS) as RetentionKind[];

export type RetentionSettings = Record<RetentionKind, number>;

export const RETENTION_DEFAULTS = Object.fromEntries(RETENTION_KIND_KEYS.map((k) => [k, RETENTION_KINDS[k].default])) as RetentionSettings;

/** The stored settings with every kind filled in. */
export const retentionOf = (stored: Partial<RetentionSettings> | null | undefined): RetentionSettings => ({ ...RETENTION_DEFAULTS, ...stored });

const zDays = (kind: RetentionKind) => {
  const { label, min, max } = RETENTION_KINDS[kind];
  const message = `${label}: bitte eine ganze Zahl von ${min} bis ${max} Tagen angeben.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** PUT /globalsettings/retention: every kind, in days. */
export const ZRetentionSettings = z.object(Object.fromEntries(RETENTION_KIND_KEYS.map((k) => [k, zDays(k)])) as Record<RetentionKind, ReturnType<typeof zDays>>);
export const ZRetentionResponse = z.object({ retention: ZRetentionSettings });
