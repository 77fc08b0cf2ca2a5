import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

/** A branch, the central warehouse or a franchise partner (spec 3 §3 Location). */
export const locations = pgTable(
  'locations',
  {
    id: id(),
    name: text('name').notNull().unique(),
    shortName: text('short_name').notNull().default(''),
    street: text('street').notNull().default(''),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    /** One of the 16 federal states (core REGIONS code); decides the public holidays. */
    region: text('region').notNull().default('NW'),
    /** Comma-separated IPv4 addresses allowed to log in for users without externalLogin. */
    ip: text('ip').notNull().default(''),
    /** Order in the assortment/stock views. */
    position: integer('position').notNull().default(0),
    hideInSortiment: boolean('hide_in_sortiment').notNull().default(false),
    /** Minimum staffing Monday to Saturday: how many people must be present (0: no minimum). */
    minStaff: integer('min_staff').array().notNull().default(sql`'{0,0,0,0,0,0}'::integer[]`),
    ...timestamps(),
  },
  (t) => [index('locations_position_idx').on(t.position, t.name)],
);
