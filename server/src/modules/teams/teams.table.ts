import { type AnyPgColumn, boolean, integer, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

/** A user group (role) holding permissions (spec 3 §3 User group). */
export const userGroups = pgTable(
  'user_groups',
  {
    id: id(),
    /** Role identifier, e.g. 'Filialleitung'; unique. */
    name: text('name').notNull().unique(),
    label: text('label').notNull(),
    sortingIndex: integer('sorting_index').notNull().default(0),
    /** Free description of the rights, one per line. */
    rights: text('rights').notNull().default(''),
    permissions: text('permissions').array().notNull().default([]),
    /** Parent group, used for document visibility. */
    parentId: uuid('parent_id').references((): AnyPgColumn => userGroups.id, { onDelete: 'set null' }),
    /** Groups whose vacation this group's approvers see and process. */
    subordinateUserGroups: uuid('subordinate_user_groups').array().notNull().default([]),
    /**
     * Groups that members of this group may give to a user (create, change group). Only Admin
     * edits this list; Admin itself may give every group.
     */
    assignableUserGroups: uuid('assignable_user_groups').array().notNull().default([]),
    /** Minutes of inactivity until logout on a desktop / tablet. */
    loginTimeForDesktop: integer('login_time_desktop').notNull().default(60),
    loginTimeForTablet: integer('login_time_tablet').notNull().default(480),
    /** False: 'nur Firmenkonto' — members sign in with the company account only, while it is set up. */
    passwordLogin: boolean('password_login').notNull().default(true),
    /** Members set up a second factor (authenticator app or passkey) at their next password login. */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('user_groups_sorting_idx').on(t.sortingIndex, t.label)],
);
