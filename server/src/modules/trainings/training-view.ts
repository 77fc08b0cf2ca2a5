import { eq, type Placeholder, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { Permission } from '@filialportal/core/permissions';
import { registrationState } from '@filialportal/core/trainings';
import { can, type Actor } from '../../platform/access.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { prepared } from '../../platform/prepared.ts';
import { inScope, scopeOf, type ScopeRule } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { trainingRegistrations as regs, trainings, trainingValuations } from './trainings.table.ts';

/** How a training reads for one person: its counts, the registrations they may see, what they may do. */

/** A registration as read with its training: [id, userId, waitingList, approved, confirmedBy, confirmedAt, createdAt, attended]. */
type RegJson = [string, string | null, boolean, boolean, string | null, string | null, string, boolean | null];

// Qualified by hand: Drizzle writes a lone table's columns unqualified, which the subqueries would take for their own.
const trainingId = sql.raw('"trainings"."id"');
const contactName = sql<string>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${sql.raw('"trainings"."contact_person"')})`;
const valuationCount = sql<number>`(select count(*)::int from ${trainingValuations} v where v.training_id = ${trainingId})`;
/** The registrations alone, from the training's index: who they are comes with `peopleOf` for the whole page at once. */
const registrations = sql<RegJson[]>`coalesce((select json_agg(json_build_array(r.id, r.user_id, r.waiting_list, r.approved, r.confirmed_by, r.confirmed_at, r.created_at, r.attended)
    order by r.waiting_list, r.created_at, r.id) from ${regs} r where r.training_id = ${trainingId}), '[]')`;
const ownValuated = (userId: string | Placeholder) => sql<boolean>`exists (select 1 from ${trainingValuations} v where v.training_id = ${trainingId} and v.user_id = ${userId})`;

/** A training's columns for one person: their id, or a placeholder for it in a prepared list. */
export function trainingColumns(userId: string | Placeholder) {
  return {
    t: trainings,
    contactPersonName: contactName,
    valuations: valuationCount,
    registrations,
    ownValuated: ownValuated(userId),
  };
}

export type Row = { t: typeof trainings.$inferSelect; contactPersonName: string | null; valuations: number; registrations: RegJson[]; ownValuated: boolean };

interface Person {
  lastName: string;
  firstName: string;
  locationId: string;
  location: string;
  group: string;
}
export type People = ReadonlyMap<string, Person>;

/**
 * The people behind the registrations of some trainings (and who confirmed them), in one
 * statement for a whole page: joined per registration inside the page's statement, the planner
 * scanned all users once per training.
 */
export async function peopleOf({ db }: ServiceDeps<'db'>, rows: readonly Row[]): Promise<People> {
  const ids = [...new Set(rows.flatMap((r) => r.registrations.flatMap(([, userId, , , confirmedBy]) => [userId, confirmedBy]).filter((x): x is string => x !== null)))];
  if (ids.length === 0) return new Map();
  const found = await peopleStatement(db).execute({ ids: `{${ids.join(',')}}` });
  return new Map(found.map((p) => [p.id, { lastName: p.lastName, firstName: p.firstName, locationId: p.locationId, location: p.location, group: p.group }]));
}

const peopleStatement = prepared((db) =>
  db
    .select({ id: users.id, lastName: users.lastName, firstName: users.firstName, locationId: users.locationId, location: locations.name, group: userGroups.label })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('training_people'),
);

/**
 * The all / own-location pairs of training rights (spec 3 §6): own location means the participants
 * who work at the actor's location (home, or the one chosen for now).
 */
const allOrOwnLocation = (all: Permission, own: Permission): ScopeRule => ({ all, ownLocation: own, withSelectedLocation: true });
export const TRAINING_SCOPES = {
  approve: allOrOwnLocation('anmeldung_best_tigen_alle', 'anmeldung_best_tigen_eigene_filiale'),
  decline: allOrOwnLocation('anmeldung_ablehnen_alle', 'anmeldung_ablehnen_eigene_filiale'),
  seeParticipants: allOrOwnLocation('teilnehmerliste_anzeigen_alle', 'teilnehmerliste_anzeigen_eigene_filiale'),
  register: allOrOwnLocation('mitarbeiter_anmelden_alle', 'mitarbeiter_anmelden_eigene_filiale'),
  downloadParticipants: allOrOwnLocation('teilnehmerliste_herunterladen_alle', 'teilnehmerliste_herunterladen_eigene_filiale'),
  downloadRatings: allOrOwnLocation('bewertungen_herunterladen_alle', 'bewertungen_herunterladen_eigene_filiale'),
} satisfies Record<string, ScopeRule>;

/** The training as the actor sees it: the registrations they may see and what they may do. */
export function toDto(actor: Actor, r: Row, people: People, today = todayIso()) {
  const t = r.t;
  const past = t.date < today;
  const cancelled = t.cancelledAt !== null;
  const isContact = t.contactPerson === actor.userId;
  const taken = r.registrations.filter((x) => !x[2]).length;
  const approvedCount = r.registrations.filter((x) => x[3]).length;
  const free = Math.max(0, t.contingent - taken);
  const mayWaiting = isContact || can(actor, 'waitinglist_can_edit');
  // Who manages a training sees its waiting list (spec 3 §6), also without a participant-list right.
  const seesWaiting = mayWaiting || can(actor, 'warteliste_anzeigen_alle');
  const marksAttendance = past && (isContact || can(actor, 'old_training_participant_list_can_edit'));
  const [approves, declines, seesParticipants] = [scopeOf(actor, TRAINING_SCOPES.approve), scopeOf(actor, TRAINING_SCOPES.decline), scopeOf(actor, TRAINING_SCOPES.seeParticipants)];
  const regsOut = r.registrations.map(([id, userId, waitingList, approved, confirmedBy, confirmedAt, createdAt, attended]) => {
    const person = userId ? people.get(userId) : undefined;
    const locationId = person?.locationId ?? null;
    const confirmer = confirmedBy ? people.get(confirmedBy) : undefined;
    const own = userId === actor.userId;
    const canApprove =
      !approved && !past && !cancelled && (waitingList ? mayWaiting : inScope(approves, { locationId }));
    const canDecline = past
      ? approved && can(actor, 'old_training_participant_list_can_edit')
      : own || (waitingList ? mayWaiting : inScope(declines, { locationId }));
    const visible =
      own ||
      isContact ||
      (waitingList ? seesWaiting : inScope(seesParticipants, { locationId }));
    return {
      visible,
      own,
      dto: {
        id,
        userId,
        userData: person ? [person.lastName, person.firstName, person.location, person.group] : [MSG.deletedUser, '', '', ''],
        waitingList,
        approved,
        state: registrationState({ approved, waitingList }),
        confirmedBy,
        confirmedByData: confirmer ? `${confirmer.firstName} ${confirmer.lastName}` : '',
        confirmedAtFormated: formatDate(confirmedAt),
        createdAt: new Date(createdAt),
        canApprove,
        canDecline,
        attended,
        canMarkAttendance: marksAttendance && approved,
      },
    };
  });
  const ownReg = regsOut.find((x) => x.own)?.dto ?? null;
  return {
    id: t.id,
    title: t.title,
    category: t.category,
    description: t.description,
    address: t.address,
    zip: t.zip,
    city: t.city,
    contactPerson: t.contactPerson,
    contactPersonName: r.contactPersonName ?? '',
    lecturer: t.lecturer,
    date: t.date,
    dateFormated: formatDate(t.date),
    time: t.time,
    contingent: t.contingent,
    ratings: t.ratings,
    cancelled,
    past,
    taken,
    free,
    countApprovedAppointments: approvedCount,
    countWaitingList: r.registrations.length - taken,
    valuations: r.valuations,
    own: ownReg,
    ownValuated: r.ownValuated,
    appointments: regsOut.filter((x) => x.visible).map((x) => x.dto),
    can: {
      edit: can(actor, 'schulung_bearbeiten'),
      reschedule: !past && !cancelled && can(actor, 'schulung_verschieben'),
      cancel: !past && !cancelled && can(actor, 'schulung_absagen'),
      delete: can(actor, 'schulung_bearbeiten'),
      registerOthers: !past && !cancelled && (can(actor, 'mitarbeiter_anmelden_alle') || can(actor, 'mitarbeiter_anmelden_eigene_filiale')),
      seeList: seesWaiting || can(actor, 'teilnehmerliste_anzeigen_alle') || can(actor, 'teilnehmerliste_anzeigen_eigene_filiale'),
      downloadList: isContact || can(actor, 'teilnehmerliste_herunterladen_alle') || can(actor, 'teilnehmerliste_herunterladen_eigene_filiale'),
      downloadRatings: can(actor, 'bewertungen_herunterladen_alle') || can(actor, 'bewertungen_herunterladen_eigene_filiale'),
      // Marked as not there, nobody rates it.
      rate: past && !cancelled && ownReg?.approved === true && ownReg.attended !== false && !r.ownValuated,
    },
  };
}

export async function loadTraining(deps: ServiceDeps<'db'>, actor: Actor, id: string) {
  const { db } = deps;
  const [row] = await db.select(trainingColumns(actor.userId)).from(trainings).where(eq(trainings.id, id));
  if (!row) throw notFound();
  return toDto(actor, row, await peopleOf(deps, [row]));
}

