import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { users } from '../users/index.ts';

/**
 * Short-lived, single-use steps of a sign-in: the state of a company-account login (PKCE verifier
 * and nonce), the ticket the web exchanges for a token, a passkey challenge. Only a hash of the key
 * is kept; taking a step deletes its row, so a second use finds nothing, on every instance.
 */
export const signInSteps = pgTable(
  'sign_in_steps',
  {
    id: id(),
    /** 'oidc_state', 'sso_ticket', 'passkey_challenge'. */
    kind: text('kind').notNull(),
    keyHash: text('key_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sign_in_steps_key_uq').on(t.kind, t.keyHash), index('sign_in_steps_expires_idx').on(t.expiresAt)],
);

/** A person's account at the company's identity provider (the ID token's `sub`), linked at the first sign-in. */
export const ssoIdentities = pgTable('sso_identities', {
  subject: text('subject').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...timestamps(),
});

/**
 * The authenticator app of a person (TOTP, RFC 6238). Unconfirmed while `confirmedAt` is null
 * (set up, first code not yet typed). `lastStep` is the time step of the last accepted code:
 * a code is taken once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  ...timestamps(),
});

/** One-time recovery codes for a lost authenticator; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

/** A passkey (WebAuthn credential) of a person: sign-in without a password, or the second factor. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; a lower or equal one later is a cloned key (0 means it keeps none). */
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** Whether a person has a second factor (a confirmed authenticator app or a passkey), as SQL of their id. */
export function hasSecondFactorSql(userId: AnyPgColumn | string): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null)
    or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}))`;
}
