import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import { MSG } from '@filialportal/core/messages';
import type { TSecondFactorsResponse } from '@filialportal/core/session';
import type { Actor } from '../../platform/access.ts';
import { forgetActors } from '../../platform/actor-cache.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { sha256 } from '../../platform/passwords.ts';
import { userGroups } from '../teams/index.ts';
import { guardPasswordChange, users } from '../users/index.ts';
import { hasSecondFactorSql, passkeys, recoveryCodes, totpFactors } from './sign-in.table.ts';

/**
 * Second factors: the authenticator app (TOTP) with its recovery codes, and what the person's
 * group requires. Passkeys, which are a factor too, live in passkeys.service.ts.
 */

const RECOVERY_CODE_COUNT = 10;
/** A code of the previous 30-second step is still taken for 30 seconds (a slow hand, a clock a little behind). */
const TOTP_TOLERANCE_SECONDS = 30;

/** Whether the person must prove a second factor after the password. */
export async function hasSecondFactor({ db }: ServiceDeps<'db'>, userId: string): Promise<boolean> {
  const result = await db.execute(sql`select ${hasSecondFactorSql(userId)} as "has"`);
  return Boolean((result as unknown as { rows: { has: boolean }[] }).rows[0]?.has);
}

/** The time step of a valid app code later than `afterStep` (RFC 6238), or null. */
async function totpStep(secret: string, token: string, afterStep: number): Promise<number | null> {
  const result = await verify({ secret, token, epochTolerance: [TOTP_TOLERANCE_SECONDS, 0], afterTimeStep: afterStep });
  return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
}

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
const normalCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Takes a code at sign-in: six digits are the authenticator app's (each time step once: the
 * step is written with a condition, so two requests with the same code cannot both pass),
 * anything else a recovery code (each once).
 */
export async function takeOneTimeCode({ db }: ServiceDeps<'db'>, { userId, code }: { userId: string; code: string }): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    const [factor] = await db
      .select({ secret: totpFactors.secret, lastStep: totpFactors.lastStep })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
    if (!factor) return false;
    const step = await totpStep(factor.secret, code, factor.lastStep);
    if (step === null) return false;
    const taken = await db
      .update(totpFactors)
      .set({ lastStep: step })
      .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
      .returning({ userId: totpFactors.userId });
    return taken.length === 1;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(normalCode(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** GET /user/2fa: the person's factors and whether the group requires one. */
export async function secondFactors({ db }: ServiceDeps<'db'>, actor: Actor): Promise<TSecondFactorsResponse> {
  const [[totp], [codes], keys, [group]] = await Promise.all([
    db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, actor.userId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, actor.userId), isNull(recoveryCodes.usedAt))),
    db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, actor.userId))
      .orderBy(passkeys.createdAt),
    db.select({ required: userGroups.twoFactorRequired }).from(userGroups).where(eq(userGroups.id, actor.groupId)),
  ]);
  const hasTotp = Boolean(totp?.confirmedAt);
  return {
    totp: hasTotp,
    recoveryCodesLeft: codes?.n ?? 0,
    passkeys: keys.map((k) => ({ id: k.id, name: k.name, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null })),
    required: Boolean(group?.required),
    pending: Boolean(actor.enrolmentPending) && !hasTotp && keys.length === 0,
  };
}

/** POST /user/2fa/totp/setup: a new secret, unconfirmed until the first code (replaces an earlier unconfirmed one). */
export async function setUpTotp({ db }: ServiceDeps<'db'>, actor: Actor) {
  const [existing] = await db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, actor.userId));
  if (existing?.confirmedAt) throw conflict(MSG.totpAlreadyOn, 'totp_active');
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  const secret = generateSecret();
  await db
    .insert(totpFactors)
    .values({ userId: actor.userId, secret })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret, lastStep: 0, confirmedAt: null }, where: isNull(totpFactors.confirmedAt) });
  const otpauthUrl = generateURI({ issuer: 'Filialportal', label: user!.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/** POST /user/2fa/totp/confirm: the first code turns the app on; answers ten new recovery codes, shown once. */
export async function confirmTotp(deps: ServiceDeps<'db' | 'mailer'>, actor: Actor, code: string) {
  const { db } = deps;
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, actor.userId));
  if (!factor || factor.confirmedAt) throw badRequest(MSG.totpSetupMissing, 'totp_setup_missing');
  const step = await totpStep(factor.secret, code, 0);
  if (step === null) throw badRequest(MSG.secondFactorInvalid, 'invalid_second_factor');
  const confirmed = await db
    .update(totpFactors)
    .set({ confirmedAt: new Date(), lastStep: step })
    .where(and(eq(totpFactors.userId, actor.userId), isNull(totpFactors.confirmedAt), eq(totpFactors.secret, factor.secret)))
    .returning({ userId: totpFactors.userId });
  if (!confirmed.length) throw badRequest(MSG.totpSetupMissing, 'totp_setup_missing');
  const recoveryCodes = await replaceRecoveryCodes(db, actor.userId);
  await forgetActors(db);
  await mailFactorChange(deps, actor.userId, 'Die Anmeldung mit einer Authenticator-App wurde eingerichtet.');
  return { recoveryCodes };
}

/** POST /user/2fa/recovery: ten new recovery codes; the old ones stop working. */
export async function renewRecoveryCodes(deps: ServiceDeps<'db' | 'mailer'>, actor: Actor) {
  if (!(await hasSecondFactor(deps, actor.userId))) throw badRequest(MSG.totpSetupMissing, 'no_second_factor');
  const codes = await replaceRecoveryCodes(deps.db, actor.userId);
  await mailFactorChange(deps, actor.userId, 'Es wurden neue Wiederherstellungscodes erzeugt; die bisherigen gelten nicht mehr.');
  return { recoveryCodes: codes };
}

/** DELETE /user/2fa/totp: the person turns the authenticator app off. */
export async function removeTotp(deps: ServiceDeps<'db' | 'mailer'>, actor: Actor) {
  const removed = await deps.db.delete(totpFactors).where(eq(totpFactors.userId, actor.userId)).returning({ confirmedAt: totpFactors.confirmedAt });
  if (!removed[0]?.confirmedAt) throw notFound();
  await forgetActors(deps.db);
  await mailFactorChange(deps, actor.userId, 'Die Anmeldung mit einer Authenticator-App wurde ausgeschaltet.');
}

/**
 * DELETE /user/{id}/2fa: a person lost phone and codes. Whoever may change the person's
 * password (users module) removes app, recovery codes and passkeys.
 */
export async function resetSecondFactors(deps: ServiceDeps<'db' | 'mailer'>, actor: Actor, userId: string) {
  const { db } = deps;
  await guardPasswordChange(deps, actor, userId);
  await db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  });
  await forgetActors(db);
  await mailFactorChange(deps, userId, 'Ihre zweiten Faktoren (Authenticator-App, Wiederherstellungscodes und Passkeys) wurden von der Verwaltung zurückgesetzt.');
}

/** Ten codes of ten characters (about 50 bits each), grouped 5-5 for reading; only their hash is kept. */
async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normalCode(c)) })));
  });
  return codes;
}

/** Every change of a factor is told to the person by mail: a change they did not make is an alarm. */
export async function mailFactorChange({ db, mailer }: ServiceDeps<'db' | 'mailer'>, userId: string, what: string) {
  const [user] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await mailer.send({
    to: user.email,
    subject: 'Filialportal: Ihre Anmeldung wurde geändert',
    text: [
      `Hallo ${user.firstName},`,
      '',
      `an Ihrem Konto im Filialportal wurde soeben etwas an der Anmeldung geändert: ${what}`,
      '',
      'Wenn Sie das nicht selbst waren, wenden Sie sich bitte sofort an Ihre Personalabteilung.',
    ].join('\n'),
  });
}
