import { and, eq, sql } from 'drizzle-orm';
import { continuedPayChains, continuedPayTaskTitle, type Certificate } from '@filialportal/core/sick-reports';
import { groupHoldsAny } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { todayIso } from '../../platform/dates.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RequestRules } from '../../platform/upload-body.ts';
import { createLinkedTask, linkedTaskExists } from '../tasks/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { absences } from './absences.table.ts';
import { SICK_EDIT_ALL } from './notices.ts';

/** A certificate is a PDF or a photo of one (JPEG, or HEIC from an iPhone: kept as JPEG). */
const ALLOWED: Record<string, readonly string[]> = { pdf: ['pdf'], jpg: ['jpg'], jpeg: ['jpg'], heic: ['heic', 'heif'], heif: ['heic', 'heif'] };
export const CERTIFICATE_MAX_BYTES = 20 * 1024 * 1024;
const TYPE_MESSAGE = 'Bitte laden Sie die Bescheinigung als PDF, JPEG oder HEIC hoch.';

/** The upload rules of a certificate: one file per request. */
export const CERTIFICATE_UPLOAD: RequestRules = {
  entity: 'certificate',
  maxFiles: 1,
  endingOf: (name) => {
    const ext = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
    return ext && ext in ALLOWED ? ext : null;
  },
  allowed: ALLOWED,
  maxBytes: () => CERTIFICATE_MAX_BYTES,
  tooLarge: () => 'Die Bescheinigung darf höchstens 20 MB groß sein.',
  refusals: { type: TYPE_MESSAGE, empty: 'Bitte wählen Sie eine Datei.', unreadable: 'Das Bild der Bescheinigung lässt sich nicht lesen.' },
};

export const needFile = <T>(files: T[]): T => {
  if (!files[0]) throw badRequest('Bitte wählen Sie eine Datei.');
  return files[0];
};

/**
 * § 3 EFZG: when the chain of the person's own sickness that a saved report belongs to reaches 42
 * days, HR (everyone's sick reports) gets one task 'Entgeltfortzahlung endet: Name, Datum' for it.
 * Runs in the saving transaction, under the person's lock, so a chain gets its task once.
 */
export async function taskWhenContinuedPayEnds(deps: ServiceDeps<'db'>, { userId, startDate }: { userId: string; startDate: string }) {
  const { db } = deps;
  const own = await db
    .select({ startDate: absences.startDate, endDate: absences.endDate, certificate: absences.certificate })
    .from(absences)
    .where(and(eq(absences.userId, userId), eq(absences.kind, 'sick'), eq(absences.sickKind, 'own')));
  const chain = continuedPayChains(own.map((r) => ({ ...r, certificate: r.certificate as Certificate | null })))
    .filter((c) => c.start <= startDate)
    .at(-1);
  if (!chain?.lastPaidDay) return null;
  const reference = `efzg:${userId}:${chain.start}`;
  if (await linkedTaskExists(deps, reference)) return null;
  const [person] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  const hr = await hrOf(db);
  const today = todayIso();
  return createLinkedTask(deps, {
    title: continuedPayTaskTitle(`${person!.firstName} ${person!.lastName}`, chain.lastPaidDay),
    deadline: chain.lastPaidDay < today ? today : chain.lastPaidDay,
    priority: 3,
    link: '/krankmeldungen/4',
    reference,
    createdBy: null,
    recipients: hr,
  });
}

/** HR: the active holders of everyone's sick reports. */
async function hrOf(db: Db) {
  const rows = await db
    .select({ id: users.id, admin: sql<boolean>`${userGroups.name} = 'Admin'` })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(users.active, true), sql`${groupHoldsAny(userGroups, [SICK_EDIT_ALL])}`))
    .orderBy(sql`${userGroups.name} = 'Admin'`);
  // Admin only when nobody else handles everyone's sick reports.
  const others = rows.filter((r) => !r.admin);
  return (others.length ? others : rows).map((r) => r.id);
}
