import { audit } from '../../platform/audit.ts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { forgetActorsHere } from '../../platform/actor-cache.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, newToken, sha256 } from '../../platform/passwords.ts';
import { endSessions } from './hooks.ts';
import { passwordResets } from './password-resets.table.ts';
import { users } from './users.table.ts';

/** 'Passwort vergessen': an account's way back in, by a one-time link to its e-mail address. */

const RESET_VALID_MINUTES = 60;

/**
 * Forgotten password: mails a one-time link valid for 60 minutes when the user exists and is
 * active. The caller answers the same either way, so nobody learns which accounts exist.
 */
export async function requestPasswordReset(deps: ServiceDeps<'db' | 'mailer' | 'config'>, username: string) {
  const { db, mailer, config } = deps;
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, active: users.active })
    .from(users)
    .where(eq(users.email, username.trim().toLowerCase()));
  if (!user || !user.active) return;
  const { token, hash } = newToken();
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + RESET_VALID_MINUTES * 60_000),
  });
  const link = `${config.publicUrl}/passwort-zuruecksetzen/${token}`;
  await mailer.send({
    to: user.email,
    subject: 'Filialportal: Neues Passwort festlegen',
    text: [
      `Hallo ${user.firstName},`,
      '',
      'für Ihr Konto im Filialportal wurde ein neues Passwort angefordert.',
      `Über diesen Link legen Sie es fest (gültig für ${RESET_VALID_MINUTES} Minuten, nur einmal verwendbar):`,
      '',
      link,
      '',
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    ].join('\n'),
  });
}

/**
 * Sets a new password with a one-time link; ends all sessions of that user. The link is checked
 * before the costly hash, so nobody makes the server hash for a link that does not exist.
 */
export async function resetPassword(deps: ServiceDeps<'db' | 'hooks'>, { token, password, ip }: { token: string; password: string; ip: string }) {
  const { db, hooks } = deps;
  const [valid] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
  if (!valid) throw new AppError(400, 'reset_invalid', MSG.passwordResetInvalid);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!reset) throw new AppError(400, 'reset_invalid', MSG.passwordResetInvalid);
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, reset.userId));
    // The person acts through the link of the mail, without a session.
    await audit(tx, { userId: reset.userId, ip }, { entity: 'user', id: reset.userId, action: 'update', subject: reset.userId, after: { passwordChanged: true } });
    await hooks.ask(endSessions)(withDb(deps, tx), { userId: reset.userId });
  });
  // Again after the commit: a request between the first clearing and the commit read the old session.
  forgetActorsHere();
}
