import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { users } from '../users/index.ts';

/** A login session. Only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'desktop' or 'tablet' (from the user agent at login): decides the idle limit. */
    clientKind: text('client_kind').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** How it was opened: 'password', 'sso' or 'passkey' (core SIGN_IN_METHODS). */
    method: text('method').notNull().default('password'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every login attempt (spec 3 §3 Login log entry), successful or not. */
export const loginLog = pgTable(
  'login_log',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    ip: text('ip').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    success: boolean('success').notNull(),
    /** 'password', 'sso' or 'passkey' (core SIGN_IN_METHODS). */
    method: text('method').notNull().default('password'),
    ...timestamps(),
  },
  (t) => [
    index('login_log_created_idx').on(t.createdAt),
    index('login_log_user_name_idx').on(t.userName, t.createdAt),
    index('login_log_search_idx').using('gin', sql`(lower(${t.userName} || ' ' || ${t.ip} || ' ' || ${t.city} || ' ' || ${t.country})) gin_trgm_ops`),
  ],
);
