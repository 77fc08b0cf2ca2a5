import { bigint, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The audit trail (platform/audit.ts). Append-only: triggers of the migration refuse UPDATE,
 * TRUNCATE and DELETE, except the retention job's deletion of rows past their period. People are
 * held by id without foreign keys, so the trail outlives them; a person's values are in `sealed`,
 * readable only while `person_keys` holds the key of `subject_id`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Ascending in order of writing: the list's order and its page cursor. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    ip: text('ip').notNull().default(''),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    subjectId: uuid('subject_id'),
    /** The changed fields of a record that concerns no person (a location, a group, a setting). */
    changes: jsonb('changes'),
    /** The changed fields of a person's record: AES-256-GCM with the subject's key (iv, tag, text). */
    sealed: bytea('sealed'),
  },
  // One index per filter of the list, each ending in the order column.
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_subject_idx').on(t.subjectId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** One key per person for the values sealed in the trail; erasing the person deletes it. */
export const personKeys = pgTable('person_keys', {
  userId: uuid('user_id').primaryKey(),
  key: bytea('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
