import { sql, type SQL, type Placeholder } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text, uuid, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { likeTerm } from '../../platform/paging.ts';
import { searchVector, tsvector } from '../../platform/search.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';

type NameColumns = { lastName: AnyPgColumn; firstName: AnyPgColumn; email: AnyPgColumn; personalNumber: AnyPgColumn };
/** What the settings' user search looks in; the trigram index below is built on the same text. */
const searchText = (t: NameColumns) => sql`lower(${t.lastName} || ' ' || ${t.firstName} || ' ' || ${t.email} || ' ' || coalesce(${t.personalNumber}, ''))`;

/** A person with a login (spec 3 §3 User). */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** Login name (e-mail-like), stored lower-case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    /** The location the user currently works in; one of location + additionalLocations. */
    selectedLocationId: uuid('selected_location_id').references(() => locations.id, { onDelete: 'set null' }),
    additionalLocations: uuid('additional_locations').array().notNull().default([]),
    allowedLocationsClaim: uuid('allowed_locations_claim').array().notNull().default([]),
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'restrict' }),
    personalNumber: text('personal_number'),
    /** Vacation days per year; surplus and deduction per year live in `contingents`. */
    holidayContingent: numeric('holiday_contingent', { mode: 'number' }).notNull().default(0),
    /** May log in from anywhere, not only from the locations' IP lists. */
    externalLogin: boolean('external_login').notNull().default(false),
    /** freeDay…freeDay7: weekday codes Mo…So or '' (7 entries). */
    freeDays: text('free_days').array().notNull().default(sql`'{"","","","","","",""}'::text[]`),
    /** presence1…presence7: free text per weekday (7 entries). */
    presence: text('presence').array().notNull().default(sql`'{"","","","","","",""}'::text[]`),
    avatarFileId: uuid('avatar_file_id'),
    active: boolean('active').notNull().default(true),
    /** Names for the portal search (platform/search.ts): a company directory finds people by name. */
    search: tsvector('search').generatedAlwaysAs((): SQL => searchVector([[sql`first_name || ' ' || last_name`, 'A']])),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_personal_number_uq').on(t.personalNumber),
    index('users_location_idx').on(t.locationId),
    index('users_group_idx').on(t.groupId),
    index('users_name_idx').on(t.lastName, t.firstName),
    // The version of the people pickers' list: the newest change, read from the index's end.
    index('users_updated_idx').on(t.updatedAt),
    index('users_search_idx').using('gin', sql`(${searchText(t)}) gin_trgm_ops`),
    index('users_fts_idx').using('gin', t.search),
  ],
);

export const userSearchText = searchText(users);

/**
 * Matches people by last name, first name or personal number (the 'Suche Mitarbeiter' boxes of
 * vacation and sick reports, which read people by join).
 */
export function personSearch(term: string | Placeholder): SQL {
  // A placeholder (a prepared list) stands for the pattern likeTerm makes of the term.
  return sql`lower(${users.lastName} || ' ' || ${users.firstName} || ' ' || coalesce(${users.personalNumber}, '')) like ${typeof term === 'string' ? likeTerm(term) : term}`;
}
