import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { VACATION_PAGE_SIZE } from '@filialportal/core/absences';
import { parseSort } from '@filialportal/core/sort';
import { can, type Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { todayIso } from '../../platform/dates.ts';
import { inBatches } from '../../platform/exports.ts';
import { totalColumn, totalOf } from '../../platform/paging.ts';
import { scopeOf, scopeWhere } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { personSearch, users } from '../users/index.ts';
import { accountsForYears } from './contingents.service.ts';
import { VACATION_SCOPE } from './vacation-list.ts';

/** Overview (view 4): the vacation account of every person in scope. */

/** The people whose accounts the actor sees: like the requests, but over users. */
const peopleColumns = { userId: users.id, groupId: users.groupId, locationId: users.locationId };

export interface OverviewQuery {
  from: number;
  location: string;
  year?: number | null;
  searchTerm?: string;
  sort?: string;
  previousYears: boolean;
}

const OVERVIEW_SORT = ['teamSortIndex', 'lastName', 'firstName', 'personalNumber', 'locationLabel'] as const;
const overviewSortColumn: Record<(typeof OVERVIEW_SORT)[number], AnyPgColumn> = {
  teamSortIndex: userGroups.sortingIndex,
  lastName: users.lastName,
  firstName: users.firstName,
  personalNumber: users.personalNumber,
  locationLabel: locations.name,
};

function overviewFilter(actor: Actor, q: Omit<OverviewQuery, 'from' | 'previousYears'>) {
  const term = q.searchTerm?.trim().toLowerCase();
  return and(
    eq(users.active, true),
    scopeWhere(scopeOf(actor, VACATION_SCOPE), peopleColumns),
    q.location !== 'all' && can(actor, 'urlaub_nach_filiale_filtern') ? eq(users.locationId, q.location) : undefined,
    term && can(actor, 'urlaub_nach_mitarbeiter_filtern')
      ? personSearch(term)
      : undefined,
  );
}

function overviewCount(db: Db, actor: Actor, q: OverviewQuery) {
  return db
    .select({ n: count() })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(overviewFilter(actor, q));
}

async function overviewRows(db: Db, actor: Actor, q: OverviewQuery, page?: { limit: number; offset: number }, withTotal = false) {
  const year = q.year ?? Number(todayIso().slice(0, 4));
  const s = parseSort(q.sort, OVERVIEW_SORT);
  // A page carries the total of its filter in the same statement.
  const total = totalColumn(withTotal ? overviewCount(db, actor, q) : null);
  const query = db
    .select({ total, id: users.id, lastName: users.lastName, firstName: users.firstName, personalNumber: users.personalNumber, team: userGroups.name, teamLabel: userGroups.label, teamSortIndex: userGroups.sortingIndex, locationLabel: locations.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(overviewFilter(actor, q))
    .orderBy(...(s ? [(s.desc ? desc : asc)(overviewSortColumn[s.field])] : [asc(userGroups.sortingIndex)]), asc(users.lastName), asc(users.id));
  const people = await (page ? query.limit(page.limit).offset(page.offset) : query);
  const years = q.previousYears ? [year, year - 1, year - 2] : [year];
  // Every year of every person in one statement.
  const { byYear } = await accountsForYears({ db }, { userIds: people.map((p) => p.id), years });
  const rows = people.flatMap((p) =>
    years.map((y) => {
      const a = byYear.get(`${p.id}:${y}`)!;
      return {
        id: `${p.id}:${y}`,
        userId: p.id,
        lastName: p.lastName,
        firstName: p.firstName,
        personalNumber: p.personalNumber ?? '',
        team: p.team,
        teamLabel: p.teamLabel,
        teamSortIndex: p.teamSortIndex,
        locationLabel: p.locationLabel,
        year: y,
        availableHolidays: a.available,
        holidaysTakenThisYear: a.taken,
        holidaysPlannedThisYear: a.planned,
        holidaySurplusPreviousYear: a.surplus,
        holidayContingent: a.holidayContingent,
        deduction: a.deduction,
        openHolidays: a.open,
        expiringHolidays: a.expiring,
        expiredHolidays: a.expired,
        expiryDate: a.expiryDate,
      };
    }),
  );
  return { rows, people };
}

/** GET /user/listallabsenceuseroverview: 20 people from `from`, default order teamSortIndex. */
export async function vacationOverview({ db }: ServiceDeps<'db'>, actor: Actor, q: OverviewQuery) {
  const { rows, people } = await overviewRows(db, actor, q, { limit: VACATION_PAGE_SIZE, offset: q.from }, true);
  return { users: rows, count: await totalOf(people, overviewCount(db, actor, q)) };
}

/** Rows for the exports: the same filter and order as the lists, in batches. */
export function overviewExportRows({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<OverviewQuery, 'from'>) {
  return inBatches(async (limit, offset) => (await overviewRows(db, actor, { ...q, from: 0 }, { limit, offset })).rows);
}
