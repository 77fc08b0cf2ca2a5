import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { type Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { inScope, scopeOf } from '../../platform/scope.ts';
import { absences } from '../absences/index.ts';
import { users } from '../users/index.ts';
import { completeLinkedTasks, deleteLinkedTasks } from '../tasks/index.ts';
import { openApprovalTasks, registrationReference } from './approval-tasks.ts';
import { completeRatingTask, followAttendance } from './rating-tasks.ts';
import { confirmed, invite, lockTraining, promoteWaiting, tellDecision, tellPromoted } from './places.ts';
import { loadTraining, TRAINING_SCOPES } from './training-view.ts';
import { trainingRegistrations as regs, trainings, trainingValuations } from './trainings.table.ts';

// ---------------------------------------------------------------------------------------------
// Registration.

interface RegisterInput {
  trainingId: string;
  userIds: string[];
  approve: boolean;
  force: boolean;
  info: string;
  /** The person registers themself: a second try is told 'Sie haben Sich bereits angemeldet' (spec 3 §5). */
  self?: boolean;
}

/** What needs a confirmation first: the person is absent that day or registered elsewhere then. */
async function warnings(db: Db, trainingId: string, date: string, userIds: string[]): Promise<string[]> {
  const rows = await db.execute<{ name: string; reason: string }>(sql`
    select u.first_name || ' ' || u.last_name as name,
      case when a.kind = 'sick' then 'krankgemeldet' when a.kind = 'vacation' then 'im Urlaub' else 'für „' || t.title || '“ angemeldet' end as reason
    from ${users} u
    left join lateral (select a.kind from ${absences} a where a.user_id = u.id and a.kind in ('sick', 'vacation') and not a.declined
      and (a.kind = 'sick' or a.approved) and a.start_date <= ${date} and a.end_date >= ${date} limit 1) a on true
    left join lateral (select t.title from ${regs} r join ${trainings} t on t.id = r.training_id
      where r.user_id = u.id and t.date = ${date} and t.id <> ${trainingId} and t.cancelled_at is null limit 1) t on true
    where u.id = any(${`{${userIds.join(',')}}`}::uuid[]) and (a.kind is not null or t.title is not null)
    order by u.last_name, u.first_name`);
  return (rows as unknown as { rows: { name: string; reason: string }[] }).rows.map((r) => `${r.name} ist an diesem Tag ${r.reason}.`);
}

const alreadyRegistered = () => new AppError(409, 'already_registered', MSG.trainingAlreadyRegistered);
const registrationRefused = onConstraint({ training_registrations_training_user_uq: alreadyRegistered });

/**
 * Registers people for a training: each takes a free place ('Angefragt', or 'Genehmigt' when
 * approved at once) or joins the waiting list. The training row is locked while places are
 * counted and taken, so two people never take the last place together.
 */
async function register(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, input: RegisterInput) {
  const { db } = deps;
  const t = await loadTraining(deps, actor, input.trainingId);
  if (t.cancelled) return { registerStatus: 500, registerMessage: MSG.trainingCancelled, training: t };
  if (t.past) return { registerStatus: 500, registerMessage: MSG.trainingPast, training: t };
  if (!input.force) {
    const warned = await warnings(db, input.trainingId, t.date, input.userIds);
    if (warned.length) return { registerStatus: 400, registerMessage: `${warned.join(' ')} Trotzdem anmelden?`, training: t };
  }
  try {
    await db.transaction(async (tx) => {
      const locked = await lockTraining(tx, input.trainingId);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(regs)
        .where(and(eq(regs.trainingId, input.trainingId), eq(regs.waitingList, false)));
      let free = locked.contingent - n;
      const now = new Date();
      const values = input.userIds.map((userId) => {
        const waitingList = free <= 0;
        free--;
        const approved = input.approve && !waitingList;
        return { trainingId: input.trainingId, userId, waitingList, approved, registeredBy: actor.userId, info: input.info, confirmedBy: approved ? actor.userId : null, confirmedAt: approved ? now : null };
      });
      const inserted = await tx.insert(regs).values(values).returning({ id: regs.id, userId: regs.userId, waitingList: regs.waitingList, approved: regs.approved }).catch(registrationRefused);
      await openApprovalTasks(withDb(deps, tx), { trainingId: input.trainingId, requested: inserted.filter((r) => !r.waitingList && !r.approved), createdBy: actor.userId });
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'already_registered') return { registerStatus: 500, registerMessage: input.self ? MSG.trainingAlreadyRegisteredSelf : MSG.trainingAlreadyRegistered, training: t };
    throw err;
  }
  const training = await loadTraining(deps, actor, input.trainingId);
  const approvedNow = training.appointments.filter((a) => a.approved && a.userId && input.userIds.includes(a.userId)).map((a) => a.userId!);
  if (input.approve) await tellApproved(deps, actor, { trainingId: input.trainingId, userIds: approvedNow });
  return { registerStatus: 200, registerMessage: '', training };
}

/** POST /training/registerdirect: the actor registers (or joins the waiting list). */
export function registerSelf(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, { trainingId, ...opts }: { trainingId: string; direct: boolean; force: boolean }) {
  const approve = opts.direct && inScope(scopeOf(actor, TRAINING_SCOPES.approve), { locationId: actor.locationId });
  return register(deps, actor, { trainingId, userIds: [actor.userId], approve, force: opts.force, info: '', self: true });
}

/** POST /training/register/{id}: registers employees (all, or those of the own location). */
export async function registerUsers(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  actor: Actor,
  { trainingId, ...input }: { trainingId: string; users: string[]; directRegistration: boolean; info: string; force: boolean },
) {
  const userIds = [...new Set(input.users)];
  if (userIds.length === 0) throw badRequest(MSG.trainingEmployeeRequired);
  const people = await deps.db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .where(sql`${users.id} = any(${`{${userIds.join(',')}}`}::uuid[]) and ${users.active}`);
  if (people.length !== userIds.length) throw badRequest(MSG.trainingEmployeeRequired);
  const [registers, approves] = [scopeOf(actor, TRAINING_SCOPES.register), scopeOf(actor, TRAINING_SCOPES.approve)];
  if (!people.every((p) => inScope(registers, p))) throw forbidden();
  const approve = input.directRegistration && people.every((p) => inScope(approves, p));
  return register(deps, actor, { trainingId, userIds, approve, force: input.force, info: input.info });
}

/**
 * Approved registrations: the people are told the decision (with the calendar invitation);
 * whoever approved their own place gets the invitation without a notification of their own doing.
 */
async function tellApproved(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, { trainingId, userIds }: { trainingId: string; userIds: string[] }) {
  await tellDecision(deps, { trainingId, userIds, approved: true, by: actor.userId });
  if (userIds.includes(actor.userId)) await invite(deps, { trainingId, userIds: [actor.userId], mail: confirmed });
}

async function loadRegistration(db: Db, actor: Actor, registrationId: string) {
  const [r] = await db.select({ trainingId: regs.trainingId }).from(regs).where(eq(regs.id, registrationId));
  if (!r) throw notFound();
  const t = await loadTraining({ db }, actor, r.trainingId);
  const reg = t.appointments.find((a) => a.id === registrationId) ?? (t.own?.id === registrationId ? t.own : null);
  if (!reg) throw notFound();
  return { t, reg };
}

/** POST /training/register/approve/{id}: 'Genehmigt'; a waiting-list entry takes a place even beyond the contingent. */
export async function approveRegistration(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, registrationId: string) {
  const { t, reg } = await loadRegistration(deps.db, actor, registrationId);
  if (!reg.canApprove) throw forbidden();
  await deps.db
    .update(regs)
    .set({ approved: true, waitingList: false, confirmedBy: actor.userId, confirmedAt: new Date() })
    .where(and(eq(regs.id, registrationId), eq(regs.approved, false)));
  await completeLinkedTasks(deps, { reference: registrationReference(registrationId), byUserId: actor.userId });
  // The confirmation comes with the calendar invitation.
  if (reg.userId) await tellApproved(deps, actor, { trainingId: t.id, userIds: [reg.userId] });
  return { training: await loadTraining(deps, actor, t.id) };
}

/**
 * POST /training/register/decline/{id}: removes the registration (also one's own, and one's own
 * place on the waiting list); a freed place goes to the first on the waiting list at once.
 */
export async function declineRegistration(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, registrationId: string) {
  const { t, reg } = await loadRegistration(deps.db, actor, registrationId);
  if (!reg.canDecline) throw forbidden();
  const promoted = await deps.db.transaction(async (tx) => {
    await lockTraining(tx, t.id);
    await tx.delete(regs).where(eq(regs.id, registrationId));
    await deleteLinkedTasks(withDb(deps, tx), registrationReference(registrationId));
    return promoteWaiting(withDb(deps, tx), { trainingId: t.id, by: actor.userId });
  });
  // An approved place had reached the calendar: the cancellation takes it out again.
  if (reg.userId) await tellDecision(deps, { trainingId: t.id, userIds: [reg.userId], approved: false, withdrawsInvitation: reg.approved === true, by: actor.userId });
  await tellPromoted(deps, { trainingId: t.id, userIds: promoted });
  return { training: await loadTraining(deps, actor, t.id) };
}

/** POST /training/register/attendance/{id}: after the event, the contact person or old_training_participant_list_can_edit record who came. */
export async function markAttendance(deps: ServiceDeps<'db'>, actor: Actor, { registrationId, attended }: { registrationId: string; attended: boolean }) {
  const { db } = deps;
  const { t, reg } = await loadRegistration(db, actor, registrationId);
  if (!reg.canMarkAttendance) throw forbidden();
  await db.transaction(async (tx) => {
    await tx.update(regs).set({ attended }).where(eq(regs.id, registrationId));
    if (reg.userId) await followAttendance(withDb(deps, tx), { trainingId: t.id, userId: reg.userId, attended });
  });
  return { training: await loadTraining(deps, actor, t.id) };
}

// ---------------------------------------------------------------------------------------------
// Ratings and the own trainings.

/** POST /valuation: once, after the event, by an approved participant; every Frage answered. */
export async function rateTraining(deps: ServiceDeps<'db'>, actor: Actor, input: { trainingId: string; stars?: number; answers: { label: string; value: string | number }[] }) {
  const { db } = deps;
  const t = await loadTraining(deps, actor, input.trainingId);
  if (t.ownValuated) throw conflict(MSG.valuationTwice);
  if (!t.past || t.cancelled || t.own?.approved !== true || t.own.attended === false) throw forbidden(MSG.valuationNotAllowed);
  const answers = t.ratings.map((q) => {
    const given = input.answers.find((a) => a.label === q.label)?.value;
    if (q.type === 'Sternbewertung') {
      if (typeof given !== 'number' || !Number.isInteger(given) || given < 1 || given > 5) throw badRequest(MSG.valuationStarsInvalid);
      return { label: q.label, value: given };
    }
    if (typeof given !== 'string' || given.trim() === '') throw badRequest(MSG.valuationAnswersRequired);
    return { label: q.label, value: given.trim() };
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(trainingValuations)
      .values({ trainingId: t.id, userId: actor.userId, stars: input.stars ?? null, answers })
      .catch(onConstraint({ training_valuations_training_user_uq: () => conflict(MSG.valuationTwice) }));
    await completeRatingTask(withDb(deps, tx), { trainingId: t.id, userId: actor.userId });
  });
  return { training: await loadTraining(deps, actor, t.id) };
}

/** GET /usertrainings: the own registrations from today on (dashboard), soonest first. */
