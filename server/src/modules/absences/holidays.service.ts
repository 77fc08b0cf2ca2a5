import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { publicHolidays } from '@filialportal/core/holidays';
import { REGIONS } from '@filialportal/core/locations';
import { MSG } from '@filialportal/core/messages';
import { parseSchoolVacations, SCHOOL_VACATIONS_MAX } from '@filialportal/core/school-vacations';
import type { ServiceDeps } from '../../platform/deps.ts';
import { LOCK, lockUntilCommit } from '../../platform/locks.ts';
import { prepared } from '../../platform/prepared.ts';
import { formatDate } from '../../platform/dates.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { currentYear } from '../../platform/dates.ts';
import { schoolVacations } from './holidays.table.ts';

const regionByName = (name: string) => REGIONS.find((r) => r.label.toLowerCase() === name.trim().toLowerCase())?.code ?? null;

/** A year's public holidays as the client reads them, built once per region and year like the holidays themselves. */
const holidayJson = new Map<string, string>();
function holidaysOf(region: string, year: number): string {
  const key = `${region}:${year}`;
  let json = holidayJson.get(key);
  if (json === undefined) {
    json = JSON.stringify([...publicHolidays(region, year)].map(([datum, name]) => ({ name, datum, datumFormated: formatDate(datum) })));
    holidayJson.set(key, json);
  }
  return json;
}

const vacationsAround = prepared((db) =>
  db
    .select({ name: schoolVacations.name, startDate: schoolVacations.startDate, endDate: schoolVacations.endDate })
    .from(schoolVacations)
    .where(and(eq(schoolVacations.region, sql.placeholder('region')), lte(schoolVacations.startDate, sql.placeholder('till')), gte(schoolVacations.endDate, sql.placeholder('from'))))
    .orderBy(asc(schoolVacations.startDate))
    .prepare('school_vacations_around'),
);

/**
 * GET /holidayapi/holidays/{region}: public holidays of last, this and next year (computed) and
 * the imported school vacations, each list as a JSON string like the spec's client expects.
 */
export async function holidayData({ db }: ServiceDeps<'db'>, { region, year = currentYear() }: { region: string; year?: number }) {
  const holidays = (y: number) => holidaysOf(region, y);
  const rows = await vacationsAround(db).execute({ region, from: `${year - 1}-01-01`, till: `${year + 1}-12-31` });
  const vacations = (y: number) =>
    JSON.stringify(rows.filter((r) => r.startDate.startsWith(String(y)) || r.endDate.startsWith(String(y))).map((r) => ({ name: r.name, start: r.startDate, end: r.endDate })));
  return {
    region,
    year,
    holidayList: holidays(year),
    holidayListLastYear: holidays(year - 1),
    holidayListNextYear: holidays(year + 1),
    vacationList: vacations(year),
    vacationListLastYear: vacations(year - 1),
    vacationListNextYear: vacations(year + 1),
  };
}

/**
 * Imports a CSV or iCal file; entries of the same state and name that start on the same day are
 * replaced. Two statements whatever the file's size: the entries travel as one JSON parameter.
 */
export async function importSchoolVacations({ db }: ServiceDeps<'db'>, { content, region }: { content: string; region: string | null }) {
  const isIcal = /BEGIN:VCALENDAR/i.test(content);
  if (isIcal && !region) throw badRequest(MSG.importRegionRequired);
  const { entries, badLines } = parseSchoolVacations(content, region, regionByName);
  if (entries.length === 0) throw badRequest(MSG.importNothingRead);
  if (entries.length > SCHOOL_VACATIONS_MAX) throw badRequest(MSG.importTooManyEntries);
  const rows = sql`jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e(region text, name text, start date, "end" date)`;
  await db.transaction(async (tx) => {
    // Two imports of one file at once would each delete nothing yet and both insert.
    await lockUntilCommit(tx, LOCK.schoolVacations);
    await tx.execute(sql`delete from ${schoolVacations} s using ${rows}
      where s.region = e.region and s.name = e.name and s.start_date = e.start`);
    await tx.execute(sql`insert into ${schoolVacations} (region, name, start_date, end_date)
      select region, name, start, "end" from ${rows}`);
  });
  return { imported: entries.length, skippedLines: badLines };
}

export async function listSchoolVacations({ db }: ServiceDeps<'db'>, region: string | undefined) {
  const rows = await db
    .select()
    .from(schoolVacations)
    .where(region ? eq(schoolVacations.region, region) : undefined)
    .orderBy(asc(schoolVacations.region), asc(schoolVacations.startDate));
  return { list: rows.map((r) => ({ id: r.id, region: r.region, name: r.name, start: r.startDate, end: r.endDate, startFormated: formatDate(r.startDate), endFormated: formatDate(r.endDate) })) };
}

export async function deleteSchoolVacation({ db }: ServiceDeps<'db'>, id: string) {
  const [row] = await db.delete(schoolVacations).where(eq(schoolVacations.id, id)).returning({ id: schoolVacations.id });
  if (!row) throw notFound();
}
