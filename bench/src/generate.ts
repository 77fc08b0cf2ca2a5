/**
 * Company-scale data for the benchmark: deterministic (fixed seed), bulk-inserted, on top of the
 * demo company (so its logins work). Each part fills the tables of one capability; later
 * capabilities add their own part to PARTS.
 */
import { eq, sql } from 'drizzle-orm';
import { countWorkingDaysByYear } from '@filialportal/core/absences';
import { addDays, mondayOf } from '@filialportal/core/calendar';
import { regionHolidays } from '@filialportal/core/holidays';
import type { Db } from '../../server/src/platform/db.ts';
import { absences, contingents } from '../../server/src/modules/absences/absences.table.ts';
import { calendarEntries, locationInfos } from '../../server/src/modules/calendar/calendar.table.ts';
import { locations } from '../../server/src/modules/locations/locations.table.ts';
import { comments, likes, news } from '../../server/src/modules/news/news.table.ts';
import { trainingRegistrations, trainings, trainingValuations } from '../../server/src/modules/trainings/trainings.table.ts';
import { categories } from '../../server/src/modules/assortment/assortment.table.ts';
import { claimStatuses, colorLabels, manufacturers } from '../../server/src/modules/lists/lists.table.ts';
import { articleEans, articles, articleStocks, stockHistory } from '../../server/src/modules/stock/stock.table.ts';
import { claimCounters, claimFiles, claims } from '../../server/src/modules/claims/claims.table.ts';
import { libraryDocuments, libraryFolders } from '../../server/src/modules/documents/documents.table.ts';
import { advertisings } from '../../server/src/modules/advertising/advertising.table.ts';
import { files } from '../../server/src/platform/files.table.ts';
import { claimNumber } from '@filialportal/core/claims';
import { loginLog } from '../../server/src/modules/session/session.table.ts';
import { specialAppointments } from '../../server/src/modules/special-appointments/special-appointments.table.ts';
import { taskAssignments, tasks } from '../../server/src/modules/tasks/tasks.table.ts';
import { userGroups } from '../../server/src/modules/teams/teams.table.ts';
import { users } from '../../server/src/modules/users/users.table.ts';

export interface Scale {
  locations: number;
  users: number;
  years: number;
  tasks: number;
  loginLog: number;
  /** Locations whose staff have hand-set shifts for the last year. */
  shiftLocations: number;
  /** News items over two years, their likes and comments. */
  news: number;
  likes: number;
  comments: number;
  /** Trainings over the years, their registrations and ratings. */
  trainings: number;
  registrations: number;
  ratings: number;
  /** Articles over `categories` assortment categories, each with stock in every location, and stock history rows. */
  articles: number;
  categories: number;
  stockHistory: number;
  /** Claims over `years` years and the metadata of their files. */
  claims: number;
  claimFiles: number;
  /** The document library: folders (five levels at most, some for certain groups) and documents with text. */
  folders: number;
  documents: number;
  /** Advertising entries over the years (a few upcoming), with file metadata. */
  advertisings: number;
  /** Notifications of the last 90 days, spread evenly over everyone (a third unread). */
  notifications: number;
}

export const FULL_SCALE: Scale = { locations: 60, users: 2000, years: 5, tasks: 20_000, loginLog: 200_000, shiftLocations: 10, news: 3_000, likes: 150_000, comments: 40_000, trainings: 1_500, registrations: 30_000, ratings: 10_000, articles: 20_000, categories: 40, stockHistory: 200_000, claims: 25_000, claimFiles: 60_000, folders: 2_000, documents: 20_000, advertisings: 1_000, notifications: 200_000 };
export const QUICK_SCALE: Scale = { locations: 15, users: 300, years: 2, tasks: 2_000, loginLog: 10_000, shiftLocations: 2, news: 300, likes: 6_000, comments: 2_000, trainings: 150, registrations: 3_000, ratings: 1_000, articles: 2_000, categories: 10, stockHistory: 20_000, claims: 2_500, claimFiles: 6_000, folders: 200, documents: 2_000, advertisings: 100, notifications: 20_000 };

/** mulberry32: small, fast, and the same numbers on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

/** Bulk insert in batches that stay well below PostgreSQL's 65535 parameters per statement. */
async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const CITIES = [
  ['Bonn', 'NW'], ['Essen', 'NW'], ['Bochum', 'NW'], ['Münster', 'NW'], ['Aachen', 'NW'], ['Bielefeld', 'NW'], ['Berlin', 'BE'], ['Potsdam', 'BB'],
  ['Bremen', 'HB'], ['Hannover', 'NI'], ['Braunschweig', 'NI'], ['Kiel', 'SH'], ['Lübeck', 'SH'], ['Rostock', 'MV'], ['Schwerin', 'MV'],
  ['Magdeburg', 'ST'], ['Halle', 'ST'], ['Dresden', 'SN'], ['Chemnitz', 'SN'], ['Erfurt', 'TH'], ['Jena', 'TH'], ['Kassel', 'HE'],
  ['Wiesbaden', 'HE'], ['Darmstadt', 'HE'], ['Mainz', 'RP'], ['Koblenz', 'RP'], ['Saarbrücken', 'SL'], ['Stuttgart', 'BW'],
  ['Karlsruhe', 'BW'], ['Freiburg', 'BW'], ['Mannheim', 'BW'], ['Nürnberg', 'BY'], ['Augsburg', 'BY'], ['Regensburg', 'BY'], ['Würzburg', 'BY'],
] as const;
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannes', 'Ida', 'Jonas', 'Kira', 'Lukas', 'Mia', 'Noah', 'Olivia', 'Paul', 'Rieke', 'Sven', 'Tilda', 'Uwe', 'Vera', 'Willi', 'Yasemin', 'Zoe', 'Mehmet', 'Lena', 'Tim', 'Sara'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Braun', 'Krüger', 'Hartmann', 'Lange', 'Werner', 'Yilmaz', 'Kaya', 'Nowak', 'Jansen'];
/** Share of the staff per group: mostly shop floor, some offices, a handful of leads. */
const GROUP_WEIGHTS: [string, number][] = [
  ['Verkauf', 40], ['Filialleitung', 4], ['Azubi', 8], ['Aushilfe', 10], ['Bodenleger', 10], ['Lagerist', 8], ['Franchise', 3], ['FranchisepartnerFiliale', 2],
  ['FranchisepartnerLager', 1], ['Buchhaltung', 2], ['Verwaltung', 3], ['Vertrieb', 3], ['Vertriebsleitung', 1], ['Personalleitung', 1], ['Zentrallagerleitung', 1],
  ['Ausgeblendet', 2], ['Admin', 1],
];

export interface GenerateResult {
  rows: Record<string, number>;
  /** The location with the most people: its calendar week is the heaviest. */
  largestLocationId: string;
  largestLocationPeople: number;
  /** The generated category the article list of the benchmark shows, and an EAN to look up. */
  categoryId: string;
  ean: string;
  /** EANs spread over all generated articles, for the stock changes. */
  eans: string[];
  /** The generated folder for everyone that holds the most documents. */
  folderId: string;
}

/** Adds company-scale data to a database that holds the demo company. */
export async function generateScaleData(db: Db, scale: Scale, today: string): Promise<GenerateResult> {
  const rng = prng(20_261_121);
  const rows: Record<string, number> = {};
  let stock: { categoryId: string; ean: string; eans: string[] } = { categoryId: '', ean: '', eans: [] };
  let folderId = '';
  await db.transaction(async (t) => {
    const locIds = await generateLocations(t, rng, scale, rows);
    const people = await generateUsers(t, rng, scale, locIds, rows);
    await generateAbsences(t, rng, scale, people, today, rows);
    await generateTasks(t, rng, scale, people, today, rows);
    await generateCalendar(t, rng, scale, people, locIds, today, rows);
    await generateLoginLog(t, rng, scale, people, today, rows);
    await generateNews(t, rng, scale, people, locIds, today, rows);
    await generateTrainings(t, rng, scale, people, today, rows);
    stock = await generateStock(t, rng, scale, rows);
    await generateClaims(t, rng, scale, people, rows);
    folderId = await generateDocuments(t, rng, scale, people, rows);
    await generateAdvertising(t, rng, scale, people, rows);
    await generateNotifications(t, scale, rows);
    // The years of generated history are what the bench reads: today's retention run counts as
    // done, so it does not delete them under the measurement (its batches: server/test/audit.test.ts).
    await t.execute(sql`update global_settings set retention_ran_on = (now() at time zone 'Europe/Berlin')::date`);
  });
  const [largest] = await db
    .select({ id: users.locationId, n: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.locationId)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  return { rows, largestLocationId: largest!.id, largestLocationPeople: largest!.n, ...stock, folderId };
}

type Person = { id: string; email: string; locationId: string; region: string; group: string; freeDays: string[] };

/** The same number of notifications for every person (demo logins included), over 90 days, newest unread. */
async function generateNotifications(db: Db, scale: Scale, rows: Record<string, number>) {
  const [{ n } = { n: 1 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const each = Math.max(1, Math.round(scale.notifications / n));
  const kinds = sql.raw(`(array['vacation_request','vacation_decision','task_new','task_due','news_confirm','training_decision','training_place','claim_state','sick_report'])`);
  const made = await db.execute(sql`
    insert into notifications (user_id, kind, title, body, link, created_at, read_at)
    select u.id, ${kinds}[1 + (g + length(u.email)) % 9], 'Benachrichtigung ' || g || ' für ' || u.first_name, 'Fällig am 01.12.2026', '/aufgaben/eigene',
           now() - make_interval(secs => g * ${Math.floor((90 * 86_400) / each)}), case when g * 3 > ${each} then now() end
    from users u, generate_series(1, ${each}) g`);
  rows.notifications = (made as unknown as { rowCount: number }).rowCount;
}

async function generateLocations(db: Db, rng: Rng, scale: Scale, rows: Record<string, number>) {
  const existing = await db.select({ id: locations.id, name: locations.name, region: locations.region }).from(locations);
  const wanted = Math.max(0, scale.locations - existing.length);
  const fresh = Array.from({ length: wanted }, (_, i) => {
    const [city, region] = CITIES[i % CITIES.length]!;
    const suffix = i < CITIES.length ? '' : ` ${['Nord', 'Süd', 'Ost', 'West'][Math.floor(i / CITIES.length) - 1] ?? i}`;
    return { name: `Filiale ${city}${suffix}`, shortName: city.slice(0, 3).toUpperCase(), city, zip: String(rng.int(10000, 99999)), region, ip: '127.0.0.1', position: existing.length + i + 1 };
  });
  if (fresh.length) await db.insert(locations).values(fresh);
  rows.locations = wanted;
  return db.select({ id: locations.id, region: locations.region }).from(locations).orderBy(locations.position);
}

async function generateUsers(db: Db, rng: Rng, scale: Scale, locs: { id: string; region: string }[], rows: Record<string, number>): Promise<Person[]> {
  const groups = await db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups);
  const groupId = new Map(groups.map((g) => [g.name, g.id]));
  const [template] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'admin@example.com'));
  const [{ n: existing }] = (await db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
  const total = GROUP_WEIGHTS.reduce((a, [, w]) => a + w, 0);
  const pickGroup = () => {
    let r = rng.next() * total;
    for (const [name, w] of GROUP_WEIGHTS) if ((r -= w) < 0) return name;
    return 'Verkauf';
  };
  // A few large stores and many small ones: location k gets a weight falling with k.
  const weights = locs.map((_, k) => 1 / (1 + k * 0.08));
  const wsum = weights.reduce((a, b) => a + b, 0);
  const pickLocation = () => {
    let r = rng.next() * wsum;
    for (let k = 0; k < locs.length; k++) if ((r -= weights[k]!) < 0) return locs[k]!;
    return locs[0]!;
  };
  const created = new Date(Date.now() - scale.years * 365 * 86_400_000);
  const fresh = Array.from({ length: Math.max(0, scale.users - existing) }, (_, i) => {
    const group = pickGroup();
    const loc = pickLocation();
    const firstName = rng.pick(FIRST);
    const lastName = rng.pick(LAST);
    const shop = !['Buchhaltung', 'Verwaltung', 'Vertrieb', 'Vertriebsleitung', 'Personalleitung', 'Admin'].includes(group);
    const off = rng.pick(['Mo', 'Di', 'Mi', 'Do', 'Fr']);
    return {
      email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase().replace(/ü/g, 'ue').replace(/ö/g, 'oe').replace(/ä/g, 'ae').replace(/ß/g, 'ss'),
      passwordHash: template!.passwordHash,
      firstName,
      lastName,
      locationId: loc.id,
      groupId: groupId.get(group)!,
      personalNumber: `B${String(10000 + i)}`,
      holidayContingent: group === 'Aushilfe' ? 12 : group === 'Azubi' ? 27 : 30,
      externalLogin: !shop,
      freeDays: shop ? ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'].map((d) => (d === off || d === 'So' ? d : '')) : ['', '', '', '', '', 'Sa', 'So'],
      presence: ['', '', '', '', '', '', ''],
      active: rng.chance(0.97),
      createdAt: created,
    };
  });
  await insertAll(fresh, (b) => db.insert(users).values(b));
  rows.users = fresh.length;
  const all = await db
    .select({ id: users.id, email: users.email, locationId: users.locationId, group: userGroups.name, freeDays: users.freeDays })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .orderBy(users.personalNumber);
  const regionOf = new Map(locs.map((l) => [l.id, l.region]));
  return all.map((p) => ({ ...p, region: regionOf.get(p.locationId) ?? 'NW' }));
}

async function generateAbsences(db: Db, rng: Rng, scale: Scale, people: Person[], today: string, rows: Record<string, number>) {
  const thisYear = Number(today.slice(0, 4));
  const years = Array.from({ length: scale.years }, (_, i) => thisYear - scale.years + 1 + i);
  const approverOf = new Map<string, string>();
  for (const p of people) if (p.group === 'Filialleitung' || p.group === 'Personalleitung') approverOf.set(p.locationId, p.id);
  const anyApprover = people.find((p) => p.group === 'Personalleitung')!.id;
  // The demo company already has absences; generated periods keep clear of them, since the
  // database refuses two overlapping vacations (or sick reports) of one person.
  const taken = new Map<string, [string, string][]>();
  for (const a of await db.select({ userId: absences.userId, start: absences.startDate, end: absences.endDate }).from(absences)) {
    if (!a.userId) continue;
    taken.set(a.userId, [...(taken.get(a.userId) ?? []), [a.start, a.end]]);
  }
  const clear = (userId: string, start: string, end: string) => !(taken.get(userId) ?? []).some(([s, e]) => s <= end && start <= e);
  const out: (typeof absences.$inferInsert)[] = [];
  const accounts: (typeof contingents.$inferInsert)[] = [];
  for (const p of people) {
    const rules = { freeDays: p.freeDays, holidays: regionHolidays(p.region) };
    const approver = approverOf.get(p.locationId) ?? anyApprover;
    for (const year of years) {
      accounts.push({ userId: p.id, year, surplus: year === thisYear ? null : rng.int(0, 6), deduction: 0 });
      // Vacation: 3–5 requests in distinct fortnights; sick reports in other fortnights. A
      // fortnight holds the longest request (12 days), so no two periods of a person overlap,
      // which the database refuses.
      const fortnights = Array.from({ length: 25 }, (_, i) => i).sort(() => rng.next() - 0.5);
      const vacations = rng.int(3, 5);
      const sick = rng.int(0, 3);
      fortnights.slice(0, vacations + sick).forEach((slot, i) => {
        const monday = mondayOf(`${year}-01-04`);
        const start = addDays(monday, slot * 14 + (i < vacations ? 0 : rng.int(0, 3)));
        const end = addDays(start, i < vacations ? rng.int(1, 11) : rng.int(0, 4));
        if (!clear(p.id, start, end)) return;
        const byYear = countWorkingDaysByYear(start, end, rules);
        const countDays = [...byYear.values()].reduce((a, b) => a + b, 0);
        const past = end < today;
        const kind = i < vacations ? 'vacation' : 'sick';
        const declined = kind === 'vacation' && rng.chance(0.04);
        const approved = kind === 'sick' || (!declined && (past || rng.chance(0.7)));
        out.push({
          kind, userId: p.id, startDate: start, endDate: end, countDays, daysByYear: Object.fromEntries([...byYear].map(([y, d]) => [String(y), d])),
          approved, declined, confirmedBy: approved || declined ? approver : null, confirmedAt: approved || declined ? new Date(`${start}T08:00:00Z`) : null,
          specialHoliday: kind === 'vacation' && rng.chance(0.03), reason: '', overtimeDeduction: false, createdBy: kind === 'sick' ? approver : p.id,
          createdAt: new Date(`${addDays(start, -30)}T09:00:00Z`),
        });
      });
    }
  }
  for (const a of out) if (a.specialHoliday) a.reason = 'Umzug';
  await insertAll(accounts, (b) => db.insert(contingents).values(b).onConflictDoNothing());
  await insertAll(out, (b) => db.insert(absences).values(b));
  rows.contingents = accounts.length;
  rows.absences = out.length;
}

async function generateTasks(db: Db, rng: Rng, scale: Scale, people: Person[], today: string, rows: Record<string, number>) {
  const byLocation = new Map<string, Person[]>();
  for (const p of people) byLocation.set(p.locationId, [...(byLocation.get(p.locationId) ?? []), p]);
  const leads = people.filter((p) => ['Filialleitung', 'Personalleitung', 'Verwaltung', 'Vertriebsleitung'].includes(p.group));
  const spec: { task: typeof tasks.$inferInsert; recipients: string[]; done: boolean }[] = [];
  for (let i = 0; i < scale.tasks; i++) {
    const lead = rng.pick(leads);
    const staff = byLocation.get(lead.locationId) ?? people;
    const recipients = [...new Set(Array.from({ length: rng.int(1, 4) }, () => rng.pick(staff).id))];
    const created = addDays(today, -rng.int(0, scale.years * 365));
    spec.push({
      task: { title: `Aufgabe ${i + 1}: ${rng.pick(['Ware auszeichnen', 'Muster sortieren', 'Inventur vorbereiten', 'Kundenrückruf', 'Lieferung prüfen', 'Schaufenster dekorieren'])}`, priority: rng.int(1, 3), deadline: addDays(created, rng.int(1, 21)), multiTask: rng.chance(0.3), createdBy: lead.id, users: recipients, createdAt: new Date(`${created}T07:00:00Z`) },
      recipients,
      done: created < addDays(today, -14) ? rng.chance(0.95) : rng.chance(0.4),
    });
  }
  const ids: { id: string }[] = [];
  await insertAll(spec, async (b) => ids.push(...(await db.insert(tasks).values(b.map((s) => s.task)).returning({ id: tasks.id }))));
  const assignments = spec.flatMap((s, i) => s.recipients.map((userId) => ({ taskId: ids[i]!.id, userId, completedAt: s.done ? new Date(`${s.task.deadline}T12:00:00Z`) : null, completedBy: s.done ? userId : null })));
  await insertAll(assignments, (b) => db.insert(taskAssignments).values(b));
  rows.tasks = spec.length;
  rows.taskAssignments = assignments.length;
}

async function generateCalendar(db: Db, rng: Rng, scale: Scale, people: Person[], locs: { id: string }[], today: string, rows: Record<string, number>) {
  const appointments = Array.from({ length: scale.years * 60 }, (_, i) => {
    const date = addDays(today, -rng.int(-60, scale.years * 365));
    return { info: `Sondertermin ${i + 1}`, date, endDate: addDays(date, rng.int(0, 2)), locations: rng.chance(0.3) ? [] : [rng.pick(locs).id] };
  });
  await insertAll(appointments, (b) => db.insert(specialAppointments).values(b));
  rows.specialAppointments = appointments.length;

  const shiftLocations = new Set(locs.slice(0, scale.shiftLocations).map((l) => l.id));
  const first = mondayOf(addDays(today, -364));
  const entries: (typeof calendarEntries.$inferInsert)[] = [];
  for (const p of people) {
    if (!shiftLocations.has(p.locationId) || !['Verkauf', 'Filialleitung', 'Aushilfe', 'Azubi'].includes(p.group)) continue;
    for (let d = 0; d < 364 + 28; d++) {
      const date = addDays(first, d);
      const weekday = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'][d % 7]!;
      if (p.freeDays.includes(weekday) || rng.chance(0.35)) continue;
      entries.push({ userId: p.id, date, status: rng.pick([71, 72, 71, 72, 9, 4]), info: '', locationId: p.locationId });
    }
  }
  for (const e of entries) if (e.status === 4) e.info = 'Außendienst';
  await insertAll(entries, (b) => db.insert(calendarEntries).values(b).onConflictDoNothing());
  rows.calendarEntries = entries.length;

  const infos = locs.flatMap((l) =>
    Array.from({ length: scale.years * 52 }, (_, w) => ({ locationId: l.id, date: addDays(mondayOf(today), -7 * w + rng.int(0, 5)), info: rng.pick(['Lieferung 8 Uhr', 'Teamsitzung', 'Inventur', 'Kundentag']) })),
  );
  await insertAll(infos, (b) => db.insert(locationInfos).values(b).onConflictDoNothing());
  rows.locationInfos = infos.length;
}

async function generateLoginLog(db: Db, rng: Rng, scale: Scale, people: Person[], today: string, rows: Record<string, number>) {
  const end = Date.parse(`${today}T18:00:00Z`);
  const span = scale.years * 365 * 86_400_000;
  const log = Array.from({ length: scale.loginLog }, () => {
    const p = rng.pick(people);
    const success = rng.chance(0.95);
    return { userId: p.id, userName: p.email, ip: `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`, city: rng.pick(['Köln', 'Berlin', 'Hamburg', 'München']), country: 'Deutschland', success, createdAt: new Date(end - rng.next() * span) };
  });
  await insertAll(log, (b) => db.insert(loginLog).values(b));
  rows.loginLog = log.length;
}

/**
 * News over the last two years in the three categories: half for everyone, a quarter for one to
 * three groups, a quarter for one to three locations; likes and comments from distinct people.
 */
async function generateNews(db: Db, rng: Rng, scale: Scale, people: Person[], locs: { id: string }[], today: string, rows: Record<string, number>) {
  const groups = await db.select({ id: userGroups.id }).from(userGroups);
  const authors = people.filter((p) => ['Personalleitung', 'Verwaltung', 'Vertriebsleitung', 'Admin'].includes(p.group));
  const categories = ['Allgemein', 'Personal', 'Sortiment'] as const;
  const items: (typeof news.$inferInsert)[] = [];
  for (let i = 0; i < scale.news; i++) {
    const date = addDays(today, -rng.int(0, 730));
    const kind = rng.next();
    const teams = kind >= 0.5 && kind < 0.75 ? [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(groups).id))] : [];
    const places = kind >= 0.75 ? [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(locs).id))] : [];
    const at = new Date(`${date}T07:00:00Z`);
    items.push({
      title: `Neuigkeit ${i + 1}: ${rng.pick(['Neue Kollektion', 'Aktion im Markt', 'Personalnachricht', 'Lieferstatus', 'Schulungstermin', 'Öffnungszeiten'])}`,
      text: `<p>${'Wichtige Information für die Filialen. '.repeat(rng.int(2, 12))}</p>`,
      category: rng.pick(categories),
      date,
      publishedAt: at,
      teams,
      locations: places,
      createdBy: rng.pick(authors).id,
      createdAt: at,
      updatedAt: at,
    });
  }
  const ids: { id: string; at: Date }[] = [];
  await insertAll(items, async (b) => ids.push(...(await db.insert(news).values(b).returning({ id: news.id, at: news.publishedAt }))));
  const perItem = Math.round(scale.likes / scale.news);
  const likeRows: (typeof likes.$inferInsert)[] = [];
  for (const item of ids) {
    const start = rng.int(0, people.length - 1);
    const n = Math.min(people.length, rng.int(0, perItem * 2));
    for (let k = 0; k < n; k++) likeRows.push({ entity: 'News', entityId: item.id, userId: people[(start + k * 7) % people.length]!.id, createdAt: new Date(item.at.getTime() + (k + 1) * 60_000) });
  }
  // One like per person and item: repeats of a pair are dropped.
  const unique = new Map(likeRows.map((l) => [`${l.entityId}:${l.userId}`, l]));
  await insertAll([...unique.values()].slice(0, scale.likes), (b) => db.insert(likes).values(b));
  const commentRows = Array.from({ length: scale.comments }, () => {
    const item = rng.pick(ids);
    const at = new Date(item.at.getTime() + rng.int(1, 72) * 3_600_000);
    return { entity: 'News', entityId: item.id, userId: rng.pick(people).id, comment: rng.pick(['Danke für die Info!', 'Gut zu wissen.', 'Gilt das auch für unsere Filiale?', 'Super, freue mich drauf.']), createdAt: at, updatedAt: at };
  });
  await insertAll(commentRows, (b) => db.insert(comments).values(b));
  rows.news = items.length;
  rows.likes = Math.min(unique.size, scale.likes);
  rows.comments = commentRows.length;
}

/**
 * Trainings spread over the years (a fifth ahead), 10 to 30 places each; registrations fill them
 * (approved in the past, a mix ahead, the rest on the waiting list); ratings from approved
 * participants of past trainings.
 */
async function generateTrainings(db: Db, rng: Rng, scale: Scale, people: Person[], today: string, rows: Record<string, number>) {
  const organisers = people.filter((p) => ['Personalleitung', 'Verwaltung', 'Admin'].includes(p.group));
  const questions = [
    { label: 'Wie hilfreich war die Veranstaltung?', type: 'Sternbewertung' as const },
    { label: 'Was nehmen Sie mit?', type: 'Frage' as const },
  ];
  const items: (typeof trainings.$inferInsert)[] = Array.from({ length: scale.trainings }, (_, i) => {
    let date = addDays(today, rng.int(-365 * scale.years, 180));
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) date = addDays(date, 1);
    return {
      title: `${rng.pick(['Klick-Vinyl verlegen', 'Parkettpflege', 'Teppich-Nahttechnik', 'Hausmesse', 'Kassenschulung', 'Sommerfest', 'Brandschutz'])} ${i + 1}`,
      category: rng.pick(['Schulungen', 'Schulungen', 'Termine', 'Sonstiges']),
      description: 'Veranstaltung für die Filialen.',
      address: 'Industriestraße 10',
      zip: '50735',
      city: 'Köln',
      contactPerson: rng.pick(organisers).id,
      date,
      time: rng.pick(['08:30', '09:00', '10:00', '14:00']),
      contingent: rng.int(10, 30),
      ratings: questions,
      createdBy: rng.pick(organisers).id,
    };
  });
  const ids: { id: string; date: string; contingent: number }[] = [];
  await insertAll(items, async (b) => ids.push(...(await db.insert(trainings).values(b).returning({ id: trainings.id, date: trainings.date, contingent: trainings.contingent }))));
  const regRows: (typeof trainingRegistrations.$inferInsert)[] = [];
  const perTraining = Math.round(scale.registrations / scale.trainings);
  for (const t of ids) {
    const start = rng.int(0, people.length - 1);
    const n = Math.min(people.length, rng.int(Math.floor(perTraining / 2), Math.ceil(perTraining * 1.5)));
    const past = t.date < today;
    for (let k = 0; k < n; k++) {
      const waitingList = k >= t.contingent;
      const approved = !waitingList && (past || rng.chance(0.6));
      regRows.push({ trainingId: t.id, userId: people[(start + k * 13) % people.length]!.id, waitingList: waitingList && !past, approved });
    }
  }
  const unique = [...new Map(regRows.map((r) => [`${r.trainingId}:${r.userId}`, r])).values()].slice(0, scale.registrations);
  await insertAll(unique, (b) => db.insert(trainingRegistrations).values(b));
  const pastIds = new Set(ids.filter((t) => t.date < today).map((t) => t.id));
  const raters = unique.filter((r) => r.approved && pastIds.has(r.trainingId)).slice(0, scale.ratings);
  await insertAll(
    raters.map((r) => ({ trainingId: r.trainingId, userId: r.userId, answers: [{ label: questions[0]!.label, value: rng.int(1, 5) }, { label: questions[1]!.label, value: 'Gut erklärt.' }] })),
    (b) => db.insert(trainingValuations).values(b),
  );
  rows.trainings = ids.length;
  rows.trainingRegistrations = unique.length;
  rows.trainingValuations = raters.length;
}

const DECORS = ['Eiche Natur', 'Eiche Grau', 'Eiche Weiß', 'Nussbaum', 'Esche', 'Buche', 'Kiefer', 'Ahorn', 'Beton Hell', 'Beton Dunkel', 'Schiefer', 'Marmor', 'Velours Beige', 'Kork Natur'];

/**
 * Assortment categories with articles (one EAN each, a few with a label or an action price),
 * the stock of every article in every location, and history rows of counted changes. Stock and
 * history are written by the database itself (insert … select): 1.2 million rows in statements
 * of a thousand would take minutes. Counts come from a hash of the ids, so they repeat.
 */
async function generateStock(db: Db, rng: Rng, scale: Scale, rows: Record<string, number>) {
  const makers = await db.select({ id: manufacturers.id }).from(manufacturers);
  const labels = await db.select({ id: colorLabels.id }).from(colorLabels);
  const cats = await db
    .insert(categories)
    .values(Array.from({ length: scale.categories }, (_, i) => ({ name: `Sortiment ${String(i + 1).padStart(2, '0')}`, position: 100 + i })))
    .returning({ id: categories.id });
  const now = Date.now();
  const items = Array.from({ length: scale.articles }, (_, i) => {
    const price = rng.int(500, 9000) / 100;
    const action = rng.chance(0.1);
    return {
      categoryId: cats[i % cats.length]!.id,
      manufacturerId: rng.pick(makers).id,
      labelId: rng.chance(0.08) ? rng.pick(labels).id : null,
      number: `B-${String(100_000 + i)}`,
      ean: `20${String(i).padStart(11, '0')}`,
      decor: rng.pick(DECORS),
      name: `Artikel ${i}`,
      quality: `NK ${rng.int(31, 33)}`,
      price,
      srp: Math.round(price * 120) / 100,
      actionPrice: action ? Math.round(price * 85) / 100 : null,
      actionPriceFrom: action ? new Date(now - 7 * 86_400_000) : null,
      actionPriceTill: action ? new Date(now + 14 * 86_400_000) : null,
      outlet: rng.chance(0.05) ? 'A' : '',
      advertising: rng.chance(0.03),
    };
  });
  const created: { id: string; ean: string }[] = [];
  await insertAll(items, async (b) => created.push(...(await db.insert(articles).values(b).returning({ id: articles.id, ean: articles.ean }))));
  await insertAll(created, (b) => db.insert(articleEans).values(b.map((a) => ({ ean: a.ean, articleId: a.id }))));
  await db.execute(sql`insert into ${articleStocks} (article_id, location_id, count, updated_at)
    select a.id, l.id, abs(hashtext(a.id::text || l.id::text)) % 41, now() - (abs(hashtext(l.id::text || a.id::text)) % 90) * interval '1 day'
    from ${articles} a cross join ${locations} l where a.number like 'B-%'`);
  await db.execute(sql`insert into ${stockHistory} (article_id, location_id, user_name, before, after, created_at)
    select s.article_id, s.location_id, 'Inventur', s.count + 1 + abs(hashtext(s.location_id::text)) % 5, s.count, s.updated_at
    from ${articleStocks} s join ${articles} a on a.id = s.article_id where a.number like 'B-%'
    order by s.article_id, s.location_id limit ${scale.stockHistory}`);
  rows.categories = cats.length;
  rows.articles = created.length;
  rows.articleStocks = created.length * (await db.select({ n: sql<number>`count(*)::int` }).from(locations))[0]!.n;
  rows.stockHistory = scale.stockHistory;
  const step = Math.max(1, Math.floor(created.length / 1000));
  return { categoryId: cats[0]!.id, ean: created[Math.floor(created.length / 2)]!.ean, eans: created.filter((_, i) => i % step === 0).map((a) => a.ean) };
}

/**
 * Claims over the years at every location: the old ones completed and mostly booked, the recent
 * ones at every stage; numbered per year in creation order (the counters continue from there).
 * Files are metadata only (the bench reads lists, not bytes).
 */
async function generateClaims(db: Db, rng: Rng, scale: Scale, people: Person[], rows: Record<string, number>) {
  const staff = people.filter((p) => p.group !== 'Ausgeblendet');
  const statuses = (await db.select({ id: claimStatuses.id }).from(claimStatuses)).map((s) => s.id);
  const now = Date.now();
  const span = scale.years * 365 * 86_400_000;
  const times = Array.from({ length: scale.claims }, () => now - Math.floor(rng.next() * span)).sort((a, b) => a - b);
  // The demo company's claims hold the first numbers of their years.
  const seqOf = new Map((await db.select({ year: claimCounters.year, last: claimCounters.last }).from(claimCounters)).map((c) => [c.year, c.last]));
  const items: (typeof claims.$inferInsert)[] = times.map((t, i) => {
    const created = new Date(t);
    const year = created.getUTCFullYear();
    const seq = (seqOf.get(year) ?? 0) + 1;
    seqOf.set(year, seq);
    const by = staff[(i * 7919) % staff.length]!;
    const type = rng.pick(['customer-item', 'customer-item', 'stock-item', 'hauler-item'] as const);
    const ageDays = (now - t) / 86_400_000;
    const completed = ageDays > 60 || rng.chance(0.3) ? new Date(t + rng.int(3, 40) * 86_400_000) : null;
    const booked = completed !== null && (ageDays > 120 || rng.chance(0.5));
    return {
      year,
      seq,
      number: claimNumber(year, seq),
      type,
      locationId: by.locationId,
      createdById: by.id,
      createdByName: `Person ${i}`,
      customerName: type === 'stock-item' ? '' : `${rng.pick(FIRST)} ${rng.pick(LAST)}`,
      supplierName: type === 'stock-item' ? rng.pick(['Eichenwerk Nord', 'Vinylwerk Rhein', 'Laminat Manufaktur']) : '',
      haulerName: type === 'hauler-item' ? rng.pick(['Spedition Rheinland', 'Nordfracht GmbH']) : '',
      statusId: rng.pick(statuses),
      priority: rng.chance(0.3) ? rng.int(1, 3) : null,
      scenario: completed ? String(rng.int(1, 9)) : null,
      completed,
      stockUpdated: booked,
      baNumber: booked ? `BA-${year}-${seq}` : '',
      createdAt: created,
      updatedAt: completed ?? created,
    };
  });
  const ids: string[] = [];
  await insertAll(items, async (b) => ids.push(...(await db.insert(claims).values(b).returning({ id: claims.id })).map((r) => r.id)));
  await db.insert(claimCounters).values([...seqOf].map(([year, last]) => ({ year, last }))).onConflictDoUpdate({ target: claimCounters.year, set: { last: sql`greatest(${claimCounters.last}, excluded.last)` } });
  const fileRows = Array.from({ length: scale.claimFiles }, (_, i) => ({ storageKey: `bench/claim-${i}`, name: `foto-${i}.jpg`, mimeType: 'image/jpeg', size: rng.int(200_000, 4_000_000) }));
  const fileIds: string[] = [];
  await insertAll(fileRows, async (b) => fileIds.push(...(await db.insert(files).values(b).returning({ id: files.id })).map((r) => r.id)));
  await insertAll(
    fileIds.map((fileId, i) => ({ claimId: ids[(i * 104_729) % ids.length]!, field: rng.pick(['pictures', 'pictures', 'customerInvoiceUploads', 'complaintForm'] as const), fileId, name: `foto-${i}.jpg`, mimeType: 'image/jpeg', size: 1, sha256: `bench-${i}` })),
    (b) => db.insert(claimFiles).values(b),
  );
  rows.claims = ids.length;
  rows.claimFiles = fileIds.length;
}

const WORDS = ['Kassenabschluss', 'Preisliste', 'Verlegeanleitung', 'Inventur', 'Sockelleiste', 'Trittschalldämmung', 'Laminat', 'Vinyl', 'Parkett', 'Teppich', 'Kork', 'Reklamation', 'Lieferschein', 'Rechnung', 'Urlaubsplanung', 'Filiale', 'Zentrallager', 'Öffnungszeiten', 'Sicherheit', 'Brandschutz', 'Hygiene', 'Schulung', 'Aktion', 'Rabatt', 'Verkaufsfläche', 'Muster', 'Dekor', 'Eiche', 'Nussbaum', 'Fliese', 'Klebstoff', 'Untergrund', 'Feuchtigkeit', 'Gewährleistung', 'Kundendienst', 'Tourenplan', 'Spedition', 'Palette', 'Etikett', 'Kasse'];
const FILLER = ['der', 'die', 'das', 'und', 'mit', 'für', 'bei', 'im', 'am', 'wird', 'werden', 'ist', 'sind', 'nach', 'vor', 'zum', 'zur', 'ein', 'eine', 'alle'];

/**
 * The library at company scale: a tree of folders (20 at the top, five levels at most), about a
 * quarter for certain groups, with documents whose text the full-text search reads; one folder for
 * everyone holds a few hundred documents (the list the bench opens). Files are metadata only.
 */
async function generateDocuments(db: Db, rng: Rng, scale: Scale, people: Person[], rows: Record<string, number>): Promise<string> {
  const groups = (await db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups)).filter((g) => g.name !== 'Admin' && g.name !== 'Ausgeblendet').map((g) => g.id);
  const author = people.find((p) => p.email === 'verwaltung@example.com') ?? people[0]!;
  const folderRows: (typeof libraryFolders.$inferInsert)[] = [];
  const top = 20;
  // Folders that may still hold a sub-folder (depth < 5).
  const open: (typeof libraryFolders.$inferInsert)[] = [];
  for (let i = 0; i < scale.folders; i++) {
    const id = crypto.randomUUID();
    // The first `top` at the top; each later one below an earlier folder of depth < 5.
    const usable = i < top ? null : open[rng.int(0, open.length - 1)]!;
    const path = [...(usable?.path ?? []), id];
    const restricted = i > 0 && rng.chance(0.25);
    folderRows.push({
      id,
      name: `${rng.pick(WORDS)} ${i}`,
      parentId: usable?.id ?? null,
      path,
      teams: restricted ? [rng.pick(groups), ...(rng.chance(0.5) ? [rng.pick(groups)] : [])] : [],
      teamsUpload: rng.chance(0.2) ? [rng.pick(groups)] : [],
      createdById: author.id,
    });
    if (path.length < 5) open.push(folderRows.at(-1)!);
  }
  await insertAll(folderRows, (b) => db.insert(libraryFolders).values(b));
  const big = folderRows[0]!.id!;
  // A document is about a few topics: a term of the list turns up in about one document in ten.
  const text = () => {
    const topics = [rng.pick(WORDS), rng.pick(WORDS), rng.pick(WORDS), rng.pick(WORDS)];
    return Array.from({ length: rng.int(80, 400) }, (_, k) => (k % 4 === 0 ? rng.pick(topics) : rng.pick(FILLER))).join(' ');
  };
  const fileRows = Array.from({ length: scale.documents }, (_, i) => ({ storageKey: `bench/doc-${i}`, name: `dokument-${i}.pdf`, mimeType: 'application/pdf', size: rng.int(20_000, 8_000_000) }));
  const fileIds: string[] = [];
  await insertAll(fileRows, async (b) => fileIds.push(...(await db.insert(files).values(b).returning({ id: files.id })).map((r) => r.id)));
  const docs = fileIds.map((fileId, i) => ({
    folderId: i < 300 ? big : (folderRows[rng.int(0, folderRows.length - 1)]!.id as string),
    name: `Dokument ${i}.pdf`,
    type: 'pdf',
    size: fileRows[i]!.size,
    fileId,
    teams: rng.chance(0.1) ? [rng.pick(groups)] : [],
    content: text(),
    createdById: author.id,
    createdByName: 'Verwaltung',
  }));
  await insertAll(docs, (b) => db.insert(libraryDocuments).values(b), 500);
  rows.folders = folderRows.length;
  rows.documents = docs.length;
  return big;
}

/**
 * Advertising over the years: a flyer or poster every few days, the last few still to come (only
 * who sees all advertising sees them). Files are metadata only.
 */
async function generateAdvertising(db: Db, rng: Rng, scale: Scale, people: Person[], rows: Record<string, number>) {
  const author = people.find((p) => p.email === 'vertriebsleitung@example.com') ?? people[0]!;
  const fileRows = Array.from({ length: scale.advertisings }, (_, i) => ({ storageKey: `bench/werbung-${i}`, name: `flyer-${i}.jpg`, mimeType: 'image/jpeg', size: rng.int(200_000, 6_000_000) }));
  const fileIds: string[] = [];
  await insertAll(fileRows, async (b) => fileIds.push(...(await db.insert(files).values(b).returning({ id: files.id })).map((r) => r.id)));
  const day = 86_400_000;
  const now = Date.now();
  const span = scale.years * 365 * day;
  const items = fileIds.map((fileId, i) => {
    // The newest 2 % lie ahead.
    const start = i < scale.advertisings * 0.02 ? now + rng.int(1, 60) * day : now - Math.floor(rng.next() * span);
    const showFrom = new Date(start).toISOString().slice(0, 10);
    return {
      title: `${rng.pick(['Aktion', 'Flyer', 'Plakat', 'Prospekt'])} ${rng.pick(WORDS)} ${i}`,
      articles: [`A-${rng.int(1000, 9999)}`, `A-${rng.int(1000, 9999)}`],
      dateFrom: showFrom,
      dateTill: new Date(start + rng.int(7, 42) * day).toISOString().slice(0, 10),
      showFrom,
      visibleFrom: new Date(`${showFrom}T00:00:00+01:00`),
      fileId,
      name: fileRows[i]!.name,
      fileKind: 'image',
      mimeType: 'image/jpeg',
      size: fileRows[i]!.size,
      createdBy: author.id,
      createdAt: new Date(Math.min(start, now) - day),
    };
  });
  await insertAll(items, (b) => db.insert(advertisings).values(b));
  rows.advertisings = items.length;
}
