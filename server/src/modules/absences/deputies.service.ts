import { and, asc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { absenceStateLabel, DAY_LENGTH_LABELS, type DayLength } from '@filialportal/core/absences';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { locations } from '../locations/index.ts';
import { notify } from '../notifications/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { absences, vacationDeputies } from './absences.table.ts';
import { approversOf } from './vacation-approvers.ts';
import type { Person } from './absence-people.ts';

const HIDDEN_GROUP = 'Ausgeblendet';
export const DEPUTY_NOT_ALLOWED = 'Als Vertretung kommen nur aktive Kolleginnen und Kollegen des eigenen Standorts oder mit derselben Genehmigung in Frage.';
const name = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * The deputies a request names, checked: active colleagues, not the requester, at the requester's
 * location or approved by the same people (docs/decisions/absences-vertretung.md).
 */
export async function checkDeputies({ db }: ServiceDeps<'db'>, p: Person, ids: readonly string[]) {
  if (ids.length === 0) return [];
  if (ids.includes(p.id)) throw badRequest('Sie können sich nicht selbst vertreten.', 'deputy_invalid');
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, locationId: users.locationId, groupId: users.groupId, freeDays: users.freeDays, region: locations.region })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(inArray(users.id, [...ids]), eq(users.active, true), ne(userGroups.name, HIDDEN_GROUP)));
  if (found.length !== ids.length) throw badRequest(DEPUTY_NOT_ALLOWED, 'deputy_invalid');
  const elsewhere = found.filter((d) => d.locationId !== p.locationId && d.groupId !== p.groupId);
  if (elsewhere.length) {
    // At most five: the approver rule per deputy from another location and group.
    const mine = new Set(await approversOf({ db }, p));
    for (const d of elsewhere) {
      const theirs = await approversOf({ db }, d);
      if (!theirs.some((a) => mine.has(a))) throw badRequest(DEPUTY_NOT_ALLOWED, 'deputy_invalid');
    }
  }
  return found;
}

/** A warning per deputy who is away in the period (sick or approved vacation), without saying why. */
export async function deputyWarnings({ db }: ServiceDeps<'db'>, deputies: readonly { id: string; firstName: string; lastName: string }[], period: { startDate: string; endDate: string }) {
  if (deputies.length === 0) return [];
  const away = await db
    .select({ userId: absences.userId, startDate: absences.startDate, endDate: absences.endDate })
    .from(absences)
    .where(
      and(
        inArray(absences.userId, deputies.map((d) => d.id)),
        sql`${absences.startDate} <= ${period.endDate} and ${absences.endDate} >= ${period.startDate}`,
        or(eq(absences.kind, 'sick'), and(eq(absences.kind, 'vacation'), eq(absences.approved, true))),
      ),
    )
    .orderBy(asc(absences.startDate));
  return deputies.flatMap((d) => {
    const mine = away.filter((a) => a.userId === d.id);
    if (mine.length === 0) return [];
    const from = mine[0]!.startDate < period.startDate ? period.startDate : mine[0]!.startDate;
    const to = mine.reduce((m, a) => (a.endDate > m ? a.endDate : m), mine[0]!.endDate);
    const until = to > period.endDate ? period.endDate : to;
    return [`Vertretung ${d.firstName} ${d.lastName} ist im Zeitraum selbst abwesend (${from === until ? formatDate(from) : `${formatDate(from)} – ${formatDate(until)}`}).`];
  });
}

/** The request's deputies, in the vacation list's own statement (the deputies' primary key starts with the request). */
export const deputiesColumn = sql<[userId: string, name: string, declined: boolean, reason: string][]>`(select coalesce(json_agg(json_build_array(d.user_id, du.first_name || ' ' || du.last_name, d.declined_at is not null, d.decline_reason) order by du.last_name, du.first_name), '[]')
  from ${vacationDeputies} d join ${users} du on du.id = d.user_id where d.absence_id = ${absences.id})`;

/** The deputies of one request as people, for the fresh warnings and the hand-over of tasks. */
export async function deputiesOfRequest({ db }: ServiceDeps<'db'>, absenceId: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, declinedAt: vacationDeputies.declinedAt })
    .from(vacationDeputies)
    .innerJoin(users, eq(users.id, vacationDeputies.userId))
    .where(eq(vacationDeputies.absenceId, absenceId));
}

/** Tells the deputies they were named (notification, and mail as each person chose). */
export async function notifyDeputies(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  r: { id: string; deputies: readonly string[]; name: string; startDate: string; endDate: string; dayLength: DayLength },
) {
  await notify(deps, {
    kind: 'vacation_deputy',
    userIds: [...r.deputies],
    title: `Vertretung für ${r.name}: ${formatDate(r.startDate)} – ${formatDate(r.endDate)}`,
    body: r.dayLength === 'full' ? 'Sie können die Vertretung mit Begründung ablehnen.' : `Halbe Tage (${DAY_LENGTH_LABELS[r.dayLength]}). Sie können die Vertretung mit Begründung ablehnen.`,
    link: '/urlaub/vertretungen',
    ref: `absence:${r.id}`,
  }).catch((err: unknown) => deps.log.error({ err }, 'deputy notification failed'));
}

/** GET /deputyrequests: the requests, ending today or later, in which the reader stands in. */
export async function deputyRequests({ db }: ServiceDeps<'db'>, actor: Actor) {
  const rows = await db
    .select({ a: absences, name, locationLabel: locations.name, declinedAt: vacationDeputies.declinedAt, declineReason: vacationDeputies.declineReason })
    .from(vacationDeputies)
    .innerJoin(absences, eq(absences.id, vacationDeputies.absenceId))
    .innerJoin(users, eq(users.id, absences.userId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(and(eq(vacationDeputies.userId, actor.userId), gte(absences.endDate, todayIso()), eq(absences.declined, false)))
    .orderBy(asc(absences.startDate))
    .limit(200);
  return {
    requests: rows.map((r) => ({
      id: r.a.id,
      name: r.name,
      locationLabel: r.locationLabel,
      startDate: r.a.startDate,
      endDate: r.a.endDate,
      startDateFormated: formatDate(r.a.startDate),
      endDateFormated: formatDate(r.a.endDate),
      dayLength: r.a.dayLength as DayLength,
      state: absenceStateLabel(r.a),
      declined: r.declinedAt !== null,
      declineReason: r.declineReason,
    })),
  };
}

/** POST /appointment/{id}/deputy/decline: the deputy declines, with a reason the requester and approver see. */
export async function declineDeputy({ db }: ServiceDeps<'db'>, actor: Actor, { id, reason }: { id: string; reason: string }) {
  const [row] = await db
    .update(vacationDeputies)
    .set({ declinedAt: new Date(), declineReason: reason })
    .where(and(eq(vacationDeputies.absenceId, id), eq(vacationDeputies.userId, actor.userId), isNull(vacationDeputies.declinedAt)))
    .returning({ id: vacationDeputies.absenceId });
  if (!row) {
    const [known] = await db.select({ id: vacationDeputies.absenceId }).from(vacationDeputies).where(and(eq(vacationDeputies.absenceId, id), eq(vacationDeputies.userId, actor.userId)));
    if (!known) throw notFound();
    throw badRequest('Sie haben diese Vertretung bereits abgelehnt.', 'already_declined');
  }
  return deputyRequests({ db }, actor);
}

/**
 * GET /deputycandidates: active colleagues of the reader's location and group, the ones the
 * picker offers (the server also accepts others approved by the same people).
 */
export async function deputyCandidates({ db }: ServiceDeps<'db'>, actor: Actor) {
  const rows = await db
    .select({ id: users.id, name: sql<string>`${users.lastName} || ', ' || ${users.firstName}`, locationLabel: locations.name })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(users.active, true), ne(users.id, actor.userId), ne(userGroups.name, HIDDEN_GROUP), or(eq(users.locationId, actor.locationId), eq(users.groupId, actor.groupId))))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(500);
  return { candidates: rows };
}
