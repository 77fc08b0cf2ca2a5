import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../platform/deps.ts';
import { sha256 } from '../../platform/passwords.ts';
import { signInSteps } from './sign-in.table.ts';

/** The kinds of single-use sign-in steps (sign-in.table.ts). */
export type StepKind = 'oidc_state' | 'sso_ticket' | 'passkey_challenge';

/** Keeps a step for `ttlMs`, found later only by its key; expired steps of any kind go on the way. */
export async function putStep({ db }: ServiceDeps<'db'>, step: { kind: StepKind; key: string; userId?: string | null; data?: Record<string, string>; ttlMs: number }) {
  await db.delete(signInSteps).where(lt(signInSteps.expiresAt, sql`now()`));
  await db.insert(signInSteps).values({
    kind: step.kind,
    keyHash: sha256(step.key),
    userId: step.userId ?? null,
    data: step.data ?? {},
    expiresAt: new Date(Date.now() + step.ttlMs),
  });
}

/**
 * Takes a step: deletes it and answers it when it was there and not expired, else null. One
 * statement, so of two requests with the same key (a replayed ticket) exactly one gets it.
 */
export async function takeStep({ db }: ServiceDeps<'db'>, { kind, key }: { kind: StepKind; key: string }) {
  const [row] = await db
    .delete(signInSteps)
    .where(and(eq(signInSteps.kind, kind), eq(signInSteps.keyHash, sha256(key)), gt(signInSteps.expiresAt, sql`now()`)))
    .returning({ userId: signInSteps.userId, data: signInSteps.data });
  return row ?? null;
}
