import { and, eq, ne, sql } from 'drizzle-orm';
import { countOf } from '@filialportal/core/plural';
import { groupHoldsAny, type Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { notify } from '../notifications/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';

// What the notification centre is told about vacation and sick reports (core/notifications.ts).

/** The sick report permissions, here beside the recipients rule that reads them (as vacation-approvers.ts does). */
export const SICK_EDIT_ALL = 'krankmeldungen_von_allen_sehen_und_bearbeiten';
export const SICK_EDIT_OWN = 'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten';

/** '12.10.–16.10.2026', '30.12.2026–02.01.2027' or '12.10.2026' for one day. */
function dateRange(start: string, end: string): string {
  if (start === end) return formatDate(start);
  if (start.slice(0, 4) === end.slice(0, 4)) return `${formatDate(start).slice(0, 6)}–${formatDate(end)}`;
  return `${formatDate(start)}–${formatDate(end)}`;
}

/** A new vacation request: the approvers who got its approval task (never the requester, see approversOf). */
export async function notifyVacationRequest(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  actor: Actor,
  r: { id: string; approvers: string[]; name: string; startDate: string; endDate: string; days: number; note: string },
) {
  await notify(deps, {
    kind: 'vacation_request',
    userIds: r.approvers.filter((id) => id !== actor.userId),
    title: `Urlaubsantrag von ${r.name}: ${dateRange(r.startDate, r.endDate)}`,
    body: [countOf(r.days, 'Arbeitstag', 'Arbeitstage'), r.note].filter(Boolean).join(' – '),
    // The open requests: the vacation page opens no single request by address.
    link: '/urlaub/1',
    ref: `absence:${r.id}`,
  }).catch((err: unknown) => deps.log.error({ err }, 'vacation request notification failed'));
}

/**
 * The decision on a request, to the requester (not when they decided it themselves). The mail
 * goes with the notification, so the person's mail choice for the kind decides whether it is sent.
 */
export async function notifyVacationDecision(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  actor: Actor,
  a: { id: string; userId: string | null; startDate: string; endDate: string; countDays: number; approve: boolean; reason: string },
) {
  if (!a.userId || a.userId === actor.userId) return;
  const decided = a.approve ? 'genehmigt' : 'abgelehnt';
  // The view that lists the request now: accepted (coming or past) or declined.
  const view = !a.approve ? '5' : a.endDate >= todayIso() ? '2' : '3';
  await notify(deps, {
    kind: 'vacation_decision',
    userIds: [a.userId],
    title: `Ihr Urlaubsantrag ${dateRange(a.startDate, a.endDate)} wurde ${decided}`,
    body: a.reason ? `Begründung: ${a.reason}` : '',
    link: `/urlaub/${view}`,
    // A decision changed later (declined after all) is told again.
    ref: `absence:${a.id}:${a.approve ? 'accepted' : 'declined'}:${Date.now()}`,
    mail: {
      subject: `Filialportal: Ihr Urlaubsantrag wurde ${decided}`,
      text: [
        `Ihr Urlaubsantrag vom ${formatDate(a.startDate)} bis ${formatDate(a.endDate)} (${countOf(a.countDays, 'Tag', 'Tage')}) wurde ${decided}.`,
        ...(a.reason ? ['', `Begründung: ${a.reason}`] : []),
      ].join('\n'),
    },
  }).catch((err: unknown) => deps.log.error({ err }, 'vacation decision notification failed'));
}

/**
 * A new sick report, for the people who may see it: those who see everyone's sick reports and
 * those who see the reports of the sick person's location; never the sick person, nor who entered
 * it. The line names the person (only HR reads the list); push shows the kind only.
 */
export async function notifySickReport(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  actor: Actor,
  r: { id: string; userId: string; locationId: string; startDate: string; endDate: string },
) {
  const { db } = deps;
  const [person] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, r.userId));
  const readers = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(
      and(
        eq(users.active, true),
        ne(users.id, r.userId),
        ne(users.id, actor.userId),
        sql`(${groupHoldsAny(userGroups, [SICK_EDIT_ALL])} or (${groupHoldsAny(userGroups, [SICK_EDIT_OWN])} and ${users.locationId} = ${r.locationId}))`,
      ),
    );
  await notify(deps, {
    kind: 'sick_report',
    userIds: readers.map((p) => p.id),
    title: `Krankmeldung: ${person ? `${person.firstName} ${person.lastName}` : 'Mitarbeiter'}, ${dateRange(r.startDate, r.endDate)}`,
    link: '/krankmeldungen/2',
    ref: `sick:${r.id}`,
  }).catch((err: unknown) => deps.log.error({ err }, 'sick report notification failed'));
}
