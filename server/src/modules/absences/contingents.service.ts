import { and, eq, inArray, lte, gte, sql } from 'drizzle-orm';
import { countWorkingDays, contingent, type Contingent } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { currentYear, todayIso } from '../../platform/dates.ts';
import { together, type Db } from '../../platform/db.ts';
import { locations } from '../locations/locations.table.ts';
import { users } from '../users/users.table.ts';
import { absences, contingents } from './absences.table.ts';

export interface YearAccount extends Contingent {
  year: number;
  holidayContingent: number;
  surplus: number;
  /** True when HR set the surplus; otherwise it is last year's open days. */
  surplusSet: boolean;
  deduction: number;
}

/** Vacation that counts against the contingent: approved, neither special leave nor overtime. */
const countsAgainstContingent = and(
  eq(absences.kind, 'vacation'),
  eq(absences.approved, true),
  eq(absences.specialHoliday, false),
  eq(absences.overtimeDeduction, false),
);

/**
 * The vacation accounts of several people for one year, with a constant number of queries:
 * approved days per year come from the stored per-year counts, the surplus of a year without an
 * HR value is the open days of the year before (from the year the person was created on).
 */
export async function accountsFor(db: Db, userIds: readonly string[], year: number): Promise<Map<string, YearAccount>> {
  const out = new Map<string, YearAccount>();
  if (userIds.length === 0) return out;
  const ids = [...new Set(userIds)];
  const [people, rows, approvedByYear] = await together(db, [
    db
      .select({ id: users.id, holidayContingent: users.holidayContingent, createdAt: users.createdAt, freeDays: users.freeDays, region: locations.region })
      .from(users)
      .innerJoin(locations, eq(locations.id, users.locationId))
      .where(inArray(users.id, ids)),
    db.select().from(contingents).where(and(inArray(contingents.userId, ids), lte(contingents.year, year))),
    db.execute(sql`
      select a.user_id as "userId", d.key::int as "year", sum(d.value::numeric)::float as "days"
      from ${absences} a, jsonb_each_text(a.days_by_year) d
      where a.kind = 'vacation' and a.approved and not a.special_holiday and not a.overtime_deduction
        and a.user_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) and d.key::int <= ${year}
      group by 1, 2`),
  ]);
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const approvedRows = (approvedByYear as unknown as { rows: { userId: string; year: number; days: number }[] }).rows;
  const approved = new Map(approvedRows.map((r) => [`${r.userId}:${r.year}`, Number(r.days)]));
  const setRows = new Map(rows.map((r) => [`${r.userId}:${r.year}`, r]));
  const split = year === currentYear() ? await takenPlannedThisYear(db, people, year) : null;

  for (const p of people) {
    const firstYear = Math.min(year, p.createdAt.getUTCFullYear(), ...rows.filter((r) => r.userId === p.id).map((r) => r.year));
    let carry = 0;
    let account: YearAccount | null = null;
    for (let y = firstYear; y <= year; y++) {
      const row = setRows.get(`${p.id}:${y}`);
      const surplus = row?.surplus ?? (y === firstYear ? 0 : carry);
      const deduction = Number(row?.deduction ?? 0);
      const total = approved.get(`${p.id}:${y}`) ?? 0;
      const taken = y === year && split ? (split.get(p.id)?.taken ?? 0) : total;
      const planned = y === year && split ? total - taken : 0;
      const c = contingent({ holidayContingent: Number(p.holidayContingent), surplus: Number(surplus), deduction, taken, planned });
      account = { ...c, year: y, holidayContingent: Number(p.holidayContingent), surplus: Number(surplus), surplusSet: row?.surplus != null, deduction };
      carry = c.open;
    }
    out.set(p.id, account!);
  }
  return out;
}

/** Approved days of this year up to today (taken); a request spanning today is split by day. */
async function takenPlannedThisYear(
  db: Db,
  people: { id: string; freeDays: string[]; region: string }[],
  year: number,
): Promise<Map<string, { taken: number }>> {
  const today = todayIso();
  const rows = await db
    .select({ userId: absences.userId, startDate: absences.startDate, endDate: absences.endDate, daysByYear: absences.daysByYear })
    .from(absences)
    .where(and(countsAgainstContingent, inArray(absences.userId, people.map((p) => p.id)), lte(absences.startDate, today), gte(absences.endDate, `${year}-01-01`)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const out = new Map<string, { taken: number }>();
  for (const r of rows) {
    const p = byId.get(r.userId!)!;
    const from = r.startDate < `${year}-01-01` ? `${year}-01-01` : r.startDate;
    const days = r.endDate <= today ? (r.daysByYear[String(year)] ?? 0) : countWorkingDays(from, today, { freeDays: p.freeDays, holidays: regionHolidays(p.region) });
    out.set(p.id, { taken: (out.get(p.id)?.taken ?? 0) + days });
  }
  return out;
}

/**
 * Saves HR's values for a year: the surplus only when it differs from what applies anyway, so a
 * saved form does not freeze a computed surplus.
 */
export async function saveAccount(db: Db, userId: string, year: number, values: { surplus: number; deduction: number }) {
  const current = (await accountsFor(db, [userId], year)).get(userId);
  const surplus = current && current.surplus === values.surplus && !current.surplusSet ? null : values.surplus;
  await db
    .insert(contingents)
    .values({ userId, year, surplus, deduction: values.deduction })
    .onConflictDoUpdate({ target: [contingents.userId, contingents.year], set: { surplus, deduction: values.deduction } });
}

/** GET /user-contingents: the own account of the two years before, this year and the next. */
export async function ownContingents(db: Db, userId: string) {
  const year = currentYear();
  const years = [year - 2, year - 1, year, year + 1];
  const accounts = await Promise.all(years.map((y) => accountsFor(db, [userId], y)));
  return {
    contingents: accounts.map((m, i) => {
      const a = m.get(userId)!;
      return {
        id: `${userId}:${years[i]}`,
        userId,
        year: years[i],
        available: a.available,
        approvedHolidays: a.taken + a.planned,
        vacationClaim: a.holidayContingent,
        surplus: a.surplus,
        deduction: a.deduction,
        taken: a.taken,
        planned: a.planned,
        open: a.open,
      };
    }),
  };
}
