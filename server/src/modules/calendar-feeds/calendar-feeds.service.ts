import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { DAY_LENGTH_LABELS, type DayLength } from '@filialportal/core/absences';
import { FEED_KIND_LABELS, FEEDS_MAX, type FeedKind } from '@filialportal/core/calendar-feeds';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { addDays as addDaysIso } from '@filialportal/core/calendar';
import { berlinInstant, todayIso } from '../../platform/dates.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { icalDate, icalDocument, icalStamp, icalText } from '../../platform/ical.ts';
import { sha256 } from '../../platform/passwords.ts';
import { absences, handlesSickReportsAt } from '../absences/index.ts';
import { calendarRights } from '../calendar/index.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { trainingRegistrations, trainings } from '../trainings/index.ts';
import { users } from '../users/index.ts';
import { calendarFeeds } from './calendar-feeds.table.ts';

/** The feed shows from 90 days back to two years ahead: what a phone's calendar needs. */
const PAST_DAYS = 90;
const FUTURE_DAYS = 730;
/** Trainings carry a start only; as in the invitation, they block two hours. */
const TRAINING_MS = 2 * 60 * 60 * 1000;
const MAX_EVENTS = 5000;

type FeedRow = typeof calendarFeeds.$inferSelect & { locationLabel: string | null };

const toDto = (f: FeedRow) => ({
  id: f.id,
  kind: f.kind as FeedKind,
  locationId: f.locationId,
  label: f.kind === 'location' ? `Abwesenheiten ${f.locationLabel ?? ''}`.trim() : FEED_KIND_LABELS.personal,
  createdAt: f.createdAt,
  lastUsedAt: f.lastUsedAt,
});

async function feedsOf(db: Db, userId: string) {
  const rows = await db
    .select({ f: calendarFeeds, locationLabel: locations.name })
    .from(calendarFeeds)
    .leftJoin(locations, eq(locations.id, calendarFeeds.locationId))
    .where(eq(calendarFeeds.userId, userId))
    .orderBy(desc(calendarFeeds.createdAt));
  return rows.map((r) => toDto({ ...r.f, locationLabel: r.locationLabel }));
}

/** GET /ical/feeds: the own subscriptions, without their addresses (only their hashes are kept). */
export async function listFeeds({ db }: ServiceDeps<'db'>, actor: Actor) {
  return { feeds: await feedsOf(db, actor.userId) };
}

/**
 * POST /ical/feeds: a new secret address (256 random bits). A location feed needs the right to
 * see that location's calendar; it is checked again at every fetch.
 */
export async function createFeed({ db, config }: ServiceDeps<'db' | 'config'>, actor: Actor, input: { kind: FeedKind; locationId?: string | null }) {
  const locationId = input.kind === 'location' ? input.locationId! : null;
  if (locationId) {
    const [l] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
    if (!l) throw badRequest('Diesen Standort gibt es nicht.');
    if (!calendarRights(actor, locationId).see) throw forbidden('Sie dürfen den Kalender dieses Standorts nicht sehen.');
  }
  const secret = randomBytes(32).toString('base64url');
  // The person's row is locked before counting, so fifty requests at once still leave at most
  // FEEDS_MAX: the count runs after the lock in a statement of its own, and so sees what the
  // request before it committed (a statement's snapshot is taken when it starts).
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${actor.userId} for no key update`);
    const result = await tx.execute(sql`
      insert into ${calendarFeeds} (user_id, kind, location_id, secret_hash)
      select ${actor.userId}::uuid, ${input.kind}, ${locationId}::uuid, ${sha256(secret)}
      where (select count(*) from ${calendarFeeds} where user_id = ${actor.userId}) < ${FEEDS_MAX}
      returning id`);
    return (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
  });
  if (!id) throw badRequest(`Sie können höchstens ${FEEDS_MAX} Kalender-Abos anlegen. Bitte widerrufen Sie eines, das Sie nicht mehr brauchen.`);
  const feed = (await feedsOf(db, actor.userId)).find((f) => f.id === id)!;
  return { feed, url: `${config.publicUrl}/ical/${secret}.ics` };
}

/** DELETE /ical/feeds/{id}: revokes the address at once (it answers 404 from then on). */
export async function deleteFeed({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const [row] = await db.delete(calendarFeeds).where(and(eq(calendarFeeds.id, id), eq(calendarFeeds.userId, actor.userId))).returning({ id: calendarFeeds.id });
  if (!row) throw notFound();
}

/** The feed's owner as an actor, with the rights of their group today (a feed has no session). */
async function ownerOf(db: Db, userId: string): Promise<Actor | null> {
  const [u] = await db
    .select({ id: users.id, active: users.active, locationId: users.locationId, selectedLocationId: users.selectedLocationId, externalLogin: users.externalLogin, groupId: userGroups.id, role: userGroups.name, permissions: userGroups.permissions, subordinateGroups: userGroups.subordinateUserGroups })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(eq(users.id, userId));
  if (!u || !u.active) return null;
  return {
    userId: u.id,
    sessionId: 'calendar-feed',
    role: u.role,
    groupId: u.groupId,
    locationId: u.locationId,
    selectedLocationId: u.selectedLocationId ?? u.locationId,
    permissions: new Set(u.permissions),
    subordinateGroups: u.subordinateGroups,
    externalLogin: u.externalLogin,
  };
}

/** The same UID for an absence in every version of every feed, so calendars update it in place. */
const uid = (kind: string, id: string) => `${kind}-${id}@filialportal`;
const sequence = (d: Date) => Math.floor(d.getTime() / 1000);

/** An all-day event over a period (DTEND is the day after, RFC 5545 3.6.1). */
function allDay(u: string, start: string, end: string, summary: string, updatedAt: Date, stamp: string): string[] {
  return ['BEGIN:VEVENT', `UID:${u}`, `SEQUENCE:${sequence(updatedAt)}`, `DTSTAMP:${stamp}`, `DTSTART;VALUE=DATE:${icalDate(start)}`, `DTEND;VALUE=DATE:${icalDate(addDaysIso(end, 1))}`, `SUMMARY:${icalText(summary)}`, 'TRANSP:TRANSPARENT', 'END:VEVENT'];
}

const halfOf = (dayLength: string) => (dayLength === 'full' ? '' : ` (${DAY_LENGTH_LABELS[dayLength as DayLength]})`);

/**
 * GET /ical/{secret}.ics: the calendar, or null (→ 404) for an unknown or revoked address, a
 * deactivated owner or a location the owner may no longer see.
 */
export async function feedCalendar({ db }: ServiceDeps<'db'>, secret: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  const [feed] = await db
    .update(calendarFeeds)
    .set({ lastUsedAt: new Date() })
    .where(eq(calendarFeeds.secretHash, sha256(secret)))
    .returning();
  if (!feed) return null;
  const owner = await ownerOf(db, feed.userId);
  if (!owner) return null;
  const from = addDaysIso(todayIso(), -PAST_DAYS);
  const to = addDaysIso(todayIso(), FUTURE_DAYS);
  const stamp = icalStamp(new Date());
  const events: string[] = [];
  let name: string;

  if (feed.kind === 'personal') {
    name = 'Filialportal – meine Abwesenheiten';
    const own = await db
      .select({ id: absences.id, kind: absences.kind, startDate: absences.startDate, endDate: absences.endDate, dayLength: absences.dayLength, specialHoliday: absences.specialHoliday, updatedAt: absences.updatedAt })
      .from(absences)
      .where(and(eq(absences.userId, owner.userId), lte(absences.startDate, to), gte(absences.endDate, from), or(eq(absences.kind, 'sick'), and(eq(absences.kind, 'vacation'), eq(absences.approved, true)))))
      .orderBy(asc(absences.startDate))
      .limit(MAX_EVENTS);
    // Sickness leaves the portal as 'Abwesend': a synced calendar is often shared at work.
    for (const a of own) events.push(...allDay(uid('absence', a.id), a.startDate, a.endDate, a.kind === 'sick' ? 'Abwesend' : `${a.specialHoliday ? 'Sonderurlaub' : 'Urlaub'}${halfOf(a.dayLength)}`, a.updatedAt, stamp));
    const booked = await db
      .select({ id: trainings.id, title: trainings.title, date: trainings.date, time: trainings.time, address: trainings.address, zip: trainings.zip, city: trainings.city, updatedAt: trainings.updatedAt })
      .from(trainingRegistrations)
      .innerJoin(trainings, eq(trainings.id, trainingRegistrations.trainingId))
      .where(and(eq(trainingRegistrations.userId, owner.userId), eq(trainingRegistrations.approved, true), isNull(trainings.cancelledAt), gte(trainings.date, from), lte(trainings.date, to)))
      .orderBy(asc(trainings.date))
      .limit(MAX_EVENTS);
    for (const t of booked) {
      const start = berlinInstant(t.date, t.time);
      // The same UID as the invitation mail, so the calendar keeps one event for both.
      events.push('BEGIN:VEVENT', `UID:${uid('training', t.id)}`, `SEQUENCE:${sequence(t.updatedAt)}`, `DTSTAMP:${stamp}`, `DTSTART:${icalStamp(start)}`, `DTEND:${icalStamp(new Date(start.getTime() + TRAINING_MS))}`, `SUMMARY:${icalText(t.title)}`, `LOCATION:${icalText(`${t.address}, ${t.zip} ${t.city}`)}`, 'END:VEVENT');
    }
  } else {
    const locationId = feed.locationId!;
    if (!calendarRights(owner, locationId).see) return null;
    const [l] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
    name = `Filialportal – Abwesenheiten ${l?.name ?? ''}`.trim();
    // The kind of absence only for those who handle these people's sick reports (issue: a feed leaves the portal).
    const withKind = handlesSickReportsAt(owner, locationId);
    const away = await db
      .select({ id: absences.id, kind: absences.kind, startDate: absences.startDate, endDate: absences.endDate, dayLength: absences.dayLength, updatedAt: absences.updatedAt, firstName: users.firstName, lastName: users.lastName })
      .from(absences)
      .innerJoin(users, eq(users.id, absences.userId))
      .where(and(eq(users.locationId, locationId), eq(users.active, true), inArray(absences.kind, ['sick', 'vacation']), or(eq(absences.kind, 'sick'), eq(absences.approved, true)), lte(absences.startDate, to), gte(absences.endDate, from)))
      .orderBy(asc(absences.startDate))
      .limit(MAX_EVENTS);
    for (const a of away) {
      const what = withKind ? (a.kind === 'sick' ? 'Krank' : 'Urlaub') : 'Abwesend';
      events.push(...allDay(uid('absence', a.id), a.startDate, a.endDate, `${a.firstName} ${a.lastName}: ${what}${halfOf(a.dayLength)}`, a.updatedAt, stamp));
    }
  }
  return icalDocument(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Filialportal//Kalender-Abo//DE', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${icalText(name)}`, 'X-WR-TIMEZONE:Europe/Berlin', 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', ...events, 'END:VCALENDAR']);
}

/** Redacts a feed secret in an address for the log. */
export const redactFeedAddress = (url: string) => url.replace(/^\/ical\/[^/?]+\.ics/, '/ical/[entfernt].ics');
