import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { registrationState, TRAINING_PAGE_SIZE, type TrainingCategory, type TTrainingRequest, type TTrainingUpdate } from '@filialportal/core/trainings';
import { can, type Actor } from '../../platform/access.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { pageSize, totalColumn } from '../../platform/paging.ts';
import { preparedShapes } from '../../platform/prepared.ts';
import { inScope, scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { seenMarkers } from '../seen/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { dropApprovalTasks } from './approval-tasks.ts';
import { dropRatingTasks } from './rating-tasks.ts';
import { lockTraining, promoteWaiting, tellPromoted, tellRegistered } from './places.ts';
import { loadTraining, peopleOf, type Row, toDto, trainingColumns, TRAINING_SCOPES } from './training-view.ts';
import { trainingRegistrations as regs, trainings } from './trainings.table.ts';

export interface TrainingListQuery {
  from: number;
  old: boolean;
  year?: number | null;
  category?: TrainingCategory;
  /** Rows per step; the news form's picker asks for more than a page. */
  limit?: number;
}

/**
 * GET /training/list/{from}/{old}?year: a page of one category (all without one). Upcoming ones
 * soonest first; past ones (old) most recent first; a year shows that whole year in date order.
 * `new` counts trainings created since the person last opened the page.
 */
export async function listTrainings(deps: ServiceDeps<'db'>, actor: Actor, q: TrainingListQuery) {
  const { db } = deps;
  const today = todayIso();
  const shape: ListShape = { category: Boolean(q.category), mode: q.year ? 'year' : q.old ? 'old' : 'upcoming', limit: q.limit ?? TRAINING_PAGE_SIZE, first: q.from === 0 };
  const values = { category: q.category ?? '', yearStart: `${q.year ?? 0}-01-01`, yearEnd: `${q.year ?? 0}-12-31`, today, userId: actor.userId, from: q.from };
  const rows = (await pageStatement(db, `${shape.category ? 'c' : 'a'}_${shape.mode}_${shape.limit}_${shape.first ? 'f' : 'n'}`).execute(values)) as (Row & { total: number; unseen: number })[];
  const people = await peopleOf(deps, rows);
  // A page past the end carries no row: then the two counts are asked on their own.
  const [counts] = rows.length ? [{ n: rows[0]!.total, unseen: rows[0]!.unseen }] : await countStatement(db, shape.category ? `c_${shape.mode}` : `a_${shape.mode}`).execute(values);
  return { trainings: rows.map((r) => toDto(actor, r, people, today)), count: counts?.n ?? 0, new: counts?.unseen ?? 0 };
}

/** Which filters a list request sets, its page size and whether it is the first page: one prepared statement each. */
interface ListShape {
  category: boolean;
  mode: 'year' | 'old' | 'upcoming';
  limit: number;
  first: boolean;
}
const parseShape = (key: string): ListShape => {
  const [category, mode, limit, first] = key.split('_');
  return { category: category === 'c', mode: mode as ListShape['mode'], limit: Number(limit ?? TRAINING_PAGE_SIZE), first: first === 'f' };
};

/**
 * The list's filter, its count and the trainings created since the person last opened the page,
 * over placeholders: the statements are built once per shape (a few hundred at most: 2 × 3 × 50
 * page sizes × first page or not) and shared by everyone, the person's id being a value.
 */
function listParts(db: Db, shape: Pick<ListShape, 'category' | 'mode'>) {
  const p = (name: string) => sql.placeholder(name);
  const where = and(
    shape.category ? eq(trainings.category, p('category') as unknown as TrainingCategory) : undefined,
    shape.mode === 'year' ? and(gte(trainings.date, p('yearStart') as unknown as string), lte(trainings.date, p('yearEnd') as unknown as string)) : shape.mode === 'old' ? lt(trainings.date, p('today') as unknown as string) : gte(trainings.date, p('today') as unknown as string),
  );
  const countQuery = db.select({ n: sql<number>`count(*)::int` }).from(trainings).where(where);
  // Trainings created since the person last opened the page (the navigation counter), in the same statement.
  const unseen = sql<number>`(select count(*)::int from ${trainings} t2 where t2.created_at > coalesce((select s.seen_at from ${seenMarkers} s
    where s.user_id = ${p('userId')} and s.page = 'trainings'), '-infinity'))`;
  return { where, countQuery, unseen };
}

const pageStatement = preparedShapes((db, key: string, name) => {
  const shape = parseShape(key);
  const { where, countQuery, unseen } = listParts(db, shape);
  return db
    .select({ ...trainingColumns(sql.placeholder('userId')), total: totalColumn(countQuery), unseen })
    .from(trainings)
    .where(where)
    .orderBy(...(shape.mode === 'old' ? [desc(trainings.date), desc(trainings.time)] : [asc(trainings.date), asc(trainings.time)]), asc(trainings.id))
    .limit(pageSize(shape.limit))
    .offset(shape.first ? pageSize(0) : sql.placeholder('from'))
    .prepare(name);
}, 'training_list');

const countStatement = preparedShapes((db, key: string, name) => {
  const { countQuery, unseen } = listParts(db, parseShape(key));
  return db.select({ n: sql<number>`(${countQuery})`, unseen }).from(sql`(select 1) one`).prepare(name);
}, 'training_list_count');

async function assertContact(db: Db, userId: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!u) throw badRequest(MSG.trainingContactUnknown);
}

const fields = (input: TTrainingRequest | TTrainingUpdate) => ({
  title: input.title,
  category: input.category,
  description: input.description,
  address: input.address,
  zip: input.zip,
  city: input.city,
  contactPerson: input.contactPerson,
  lecturer: input.lecturer,
  contingent: input.contingent,
  ratings: input.ratings,
});

/** POST /training: one training per chosen date, in one statement. */
export async function createTrainings(deps: ServiceDeps<'db'>, actor: Actor, input: TTrainingRequest) {
  const { db } = deps;
  await assertContact(db, input.contactPerson);
  const created = await db
    .insert(trainings)
    .values(input.dates.map((date) => ({ ...fields(input), date, time: input.time, createdBy: actor.userId })))
    .returning({ id: trainings.id });
  const rows = await db.select(trainingColumns(actor.userId)).from(trainings).where(sql`${trainings.id} = any(${`{${created.map((c) => c.id).join(',')}}`}::uuid[])`).orderBy(asc(trainings.date));
  const people = await peopleOf(deps, rows);
  return { trainings: rows.map((r) => toDto(actor, r, people)) };
}

/**
 * PUT /training/{id}: the fields; with `move` also date and time (schulung_verschieben), and
 * everyone registered is told. A larger contingent moves waiting people up at once.
 */
export async function updateTraining(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, input: TTrainingUpdate & { id: string }) {
  const { db } = deps;
  const { id } = input;
  if (input.move && !can(actor, 'schulung_verschieben')) throw forbidden();
  if (!can(actor, 'schulung_bearbeiten') && !input.move) throw forbidden();
  if (can(actor, 'schulung_bearbeiten')) await assertContact(db, input.contactPerson);
  const before = await loadTraining(deps, actor, id);
  if (input.move && (before.cancelled || before.past)) throw badRequest(before.cancelled ? MSG.trainingCancelled : MSG.trainingPast);
  const promoted = await db.transaction(async (tx) => {
    await lockTraining(tx, id);
    // Who may only reschedule changes date and time, nothing else.
    const changes = can(actor, 'schulung_bearbeiten') ? fields(input) : {};
    await tx
      .update(trainings)
      .set(input.move ? { ...changes, date: input.date!, time: input.time! } : changes)
      .where(eq(trainings.id, id));
    return promoteWaiting(withDb(deps, tx), { trainingId: id, by: actor.userId });
  });
  if (input.move && (before.date !== input.date || before.time !== input.time)) {
    await tellRegistered(deps, {
      trainingId: id,
      mail: (t) => ({
        subject: `Filialportal: „${t.title}“ wurde verschoben`,
        text: `„${t.title}“ findet jetzt am ${formatDate(t.date)} um ${t.time} Uhr statt (bisher ${before.dateFormated} um ${before.time} Uhr).\nOrt: ${t.address}, ${t.zip} ${t.city}`,
      }),
      method: 'REQUEST',
    });
  }
  await tellPromoted(deps, { trainingId: id, userIds: promoted });
  return { training: await loadTraining(deps, actor, id) };
}

/** Cancelling keeps the training and its registrations, marks it and tells everyone registered. */
export async function cancelTraining(deps: ServiceDeps<'db' | 'config' | 'mailer' | 'log'>, actor: Actor, id: string) {
  const t = await loadTraining(deps, actor, id);
  if (t.cancelled) throw badRequest(MSG.trainingCancelled);
  if (t.past) throw badRequest(MSG.trainingPast);
  await deps.db.transaction(async (tx) => {
    await tx.update(trainings).set({ cancelledAt: new Date() }).where(eq(trainings.id, id));
    await dropApprovalTasks(withDb(deps, tx), id);
  });
  await tellRegistered(deps, {
    trainingId: id,
    mail: (tr) => ({
      subject: `Filialportal: „${tr.title}“ wurde abgesagt`,
      text: `„${tr.title}“ am ${formatDate(tr.date)} um ${tr.time} Uhr wurde abgesagt. Ihre Anmeldung entfällt.`,
    }),
    method: 'CANCEL',
  });
  return { training: await loadTraining(deps, actor, id) };
}

export async function deleteTraining(deps: ServiceDeps<'db'>, id: string) {
  await deps.db.transaction(async (tx) => {
    await dropApprovalTasks(withDb(deps, tx), id);
    await dropRatingTasks(withDb(deps, tx), id);
    const deleted = await tx.delete(trainings).where(eq(trainings.id, id)).returning({ id: trainings.id });
    if (deleted.length === 0) throw notFound();
  });
}

/** The training row locked for this transaction: places are counted and taken under it. */
export async function ownTrainings({ db }: ServiceDeps<'db'>, actor: Actor) {
  const rows = await db
    .select({ id: trainings.id, date: trainings.date, time: trainings.time, title: trainings.title, approved: regs.approved, waitingList: regs.waitingList })
    .from(regs)
    .innerJoin(trainings, eq(trainings.id, regs.trainingId))
    .where(and(eq(regs.userId, actor.userId), gte(trainings.date, todayIso()), sql`${trainings.cancelledAt} is null`) as SQL)
    .orderBy(asc(trainings.date), asc(trainings.time))
    .limit(50);
  return { trainings: rows.map((r) => ({ id: r.id, date: r.date, dateFormated: formatDate(r.date), time: r.time, title: r.title, state: registrationState(r) })) };
}

/**
 * Whom the registration dialog and the contact-person picker list: organisers and those who
 * register anyone get everyone, the others the people of their own location.
 */
const PICKER_SCOPE: ScopeRule = { all: ['mitarbeiter_anmelden_alle', 'schulung_erstellen', 'schulung_bearbeiten'], ownLocation: true, withSelectedLocation: true };

/**
 * GET /user/listallfortraining: active people for the registration dialog and the contact-person
 * picker; `registrable` says whom the actor may register (everyone, or the people of the own
 * location).
 */
export async function usersForTraining({ db }: ServiceDeps<'db'>, actor: Actor) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, locationId: users.locationId, locationLabel: locations.name, teamLabel: userGroups.label })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(users.active, true), sql`${userGroups.name} <> 'Ausgeblendet'`, scopeWhere(scopeOf(actor, PICKER_SCOPE), { locationId: users.locationId })))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const registers = scopeOf(actor, TRAINING_SCOPES.register);
  return {
    users: rows.map((r) => ({ id: r.id, fullName: `${r.lastName}, ${r.firstName}`, locationLabel: r.locationLabel, teamLabel: r.teamLabel, registrable: inScope(registers, r) })),
  };
}
