import { count, eq, sql } from 'drizzle-orm';
import type { Storage } from '../platform/storage.ts';
import { seedNews } from './demo-news.ts';
import { seedTrainings } from './demo-trainings.ts';
import { seedAssortment } from './demo-assortment.ts';
import { seedClaims } from './demo-claims.ts';
import { seedDocuments } from './demo-documents.ts';
import { seedAdvertising } from './demo-advertising.ts';
import { seedAbsences } from './demo-absences.ts';
import { seedLeaveDepth } from './demo-leave-depth.ts';
import { seedNotifications } from './demo-notifications.ts';
import { ROLE_ASSIGNABLE, ROLE_LABELS, ROLE_PERMISSIONS, ROLE_SORTING, ROLE_SUBORDINATES } from '@filialportal/core/role-permissions';
import { ROLE_IDENTIFIERS, type RoleIdentifier } from '@filialportal/core/roles';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';
import { locations } from '../modules/locations/locations.table.ts';
import { userGroups } from '../modules/teams/teams.table.ts';
import { users } from '../modules/users/users.table.ts';
import { claimListEntries, claimStatuses, colorLabels, manufacturers } from '../modules/lists/lists.table.ts';
import { specialAppointments } from '../modules/special-appointments/special-appointments.table.ts';
import { taskAssignments, taskSubtasks, tasks } from '../modules/tasks/tasks.table.ts';
import { calendarEntries, locationInfos } from '../modules/calendar/calendar.table.ts';
import { addDays, mondayOf } from '@filialportal/core/calendar';
import { WEEKDAY_CODES } from '@filialportal/core/users';

export const DEMO_PASSWORD = 'demo1234';
/**
 * Every location needs an IP list (spec). The demo allows this machine, so staff without
 * external login can log in locally; from elsewhere only users with externalLogin get in until
 * the lists are set in Einstellungen → Standorte.
 */
const DEMO_IP = '127.0.0.1';

/** The demo company's sites: head office, warehouse, branches in four states, a franchise partner. */
const LOCATIONS = [
  { key: 'zentrale', name: 'Zentrale Köln', shortName: 'ZK', street: 'Industriestraße 12', zip: '50735', city: 'Köln', region: 'NW' },
  { key: 'lager', name: 'Zentrallager Köln', shortName: 'ZL', street: 'Industriestraße 14', zip: '50735', city: 'Köln', region: 'NW' },
  { key: 'koeln', name: 'Filiale Köln', shortName: 'K', street: 'Aachener Straße 200', zip: '50931', city: 'Köln', region: 'NW' },
  { key: 'duesseldorf', name: 'Filiale Düsseldorf', shortName: 'D', street: 'Königsallee 90', zip: '40212', city: 'Düsseldorf', region: 'NW' },
  { key: 'dortmund', name: 'Filiale Dortmund', shortName: 'DO', street: 'Westfalendamm 55', zip: '44141', city: 'Dortmund', region: 'NW' },
  { key: 'hamburg', name: 'Filiale Hamburg', shortName: 'HH', street: 'Wandsbeker Chaussee 120', zip: '22089', city: 'Hamburg', region: 'HH' },
  { key: 'frankfurt', name: 'Filiale Frankfurt', shortName: 'F', street: 'Hanauer Landstraße 300', zip: '60314', city: 'Frankfurt am Main', region: 'HE' },
  { key: 'muenchen', name: 'Filiale München', shortName: 'M', street: 'Landsberger Straße 400', zip: '81241', city: 'München', region: 'BY' },
  { key: 'leipzig', name: 'Franchise Leipzig', shortName: 'L', street: 'Prager Straße 150', zip: '04317', city: 'Leipzig', region: 'SN' },
] as const;
type LocationKey = (typeof LOCATIONS)[number]['key'];

/** One login per role, named after the role identifier in lower case. */
const ROLE_HOME: Record<RoleIdentifier, LocationKey> = {
  Admin: 'zentrale',
  Personalleitung: 'zentrale',
  Buchhaltung: 'zentrale',
  Vertriebsleitung: 'zentrale',
  Vertrieb: 'zentrale',
  Zentrallagerleitung: 'lager',
  Verwaltung: 'zentrale',
  Filialleitung: 'koeln',
  Verkauf: 'koeln',
  Azubi: 'koeln',
  Aushilfe: 'koeln',
  Bodenleger: 'koeln',
  Franchise: 'leipzig',
  FranchisepartnerFiliale: 'leipzig',
  FranchisepartnerLager: 'leipzig',
  Ausgeblendet: 'koeln',
  Lagerist: 'lager',
};

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannes', 'Ida', 'Jonas', 'Kira', 'Lukas', 'Mia', 'Noah', 'Olivia', 'Paul', 'Quirin', 'Rieke', 'Sven', 'Tilda', 'Uwe', 'Vera', 'Willi', 'Yasemin', 'Zoe'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner'];

/** Extra staff per branch besides the role logins: roles of a typical flooring store. */
const BRANCH_STAFF: RoleIdentifier[] = ['Filialleitung', 'Verkauf', 'Verkauf', 'Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger'];
const SHOP_ROLES = new Set<RoleIdentifier>(['Filialleitung', 'Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger', 'Franchise', 'FranchisepartnerFiliale']);

export function demoLogins(): { email: string; role: string }[] {
  return ROLE_IDENTIFIERS.map((r) => ({ email: `${r.toLowerCase()}@example.com`, role: ROLE_LABELS[r] }));
}

/** Free days: shop staff work Saturdays and take Sunday plus one weekday; offices take the weekend. */
function freeDaysFor(role: RoleIdentifier, n: number): string[] {
  if (SHOP_ROLES.has(role)) {
    const weekday = ['Mo', 'Di', 'Mi', 'Do', 'Fr'][n % 5]!;
    return ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'].map((d) => (d === weekday || d === 'So' ? d : ''));
  }
  return ['', '', '', '', '', 'Sa', 'So'];
}

/**
 * Seeds the demo company into an empty database (no users yet). All demo logins share one
 * password; its hash is computed once, since a memory-hard hash per user would slow start-up.
 */
/** Fills an empty database with the demo company; with a storage the news items get their pictures. */
export async function seedDemoIfEmpty(db: Db, storage: Storage | null = null): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const locRows = await tx
      .insert(locations)
      .values(LOCATIONS.map(({ key: _key, ...l }, i) => ({ ...l, ip: DEMO_IP, position: i + 1, hideInSortiment: _key === 'zentrale' })))
      .returning({ id: locations.id, name: locations.name });
    const locId = new Map(LOCATIONS.map((l, i) => [l.key, locRows[i]!.id]));

    const groupRows = await tx
      .insert(userGroups)
      .values(
        ROLE_IDENTIFIERS.map((role) => ({
          name: role,
          label: ROLE_LABELS[role],
          sortingIndex: ROLE_SORTING[role],
          permissions: [...ROLE_PERMISSIONS[role]],
          rights: '',
          loginTimeForDesktop: role === 'Admin' ? 120 : 60,
          loginTimeForTablet: 480,
        })),
      )
      .returning({ id: userGroups.id, name: userGroups.name });
    const groupId = new Map(groupRows.map((g) => [g.name as RoleIdentifier, g.id]));
    for (const role of ROLE_IDENTIFIERS) {
      const subs = ROLE_SUBORDINATES[role].map((s) => groupId.get(s)!);
      const assignable = ROLE_ASSIGNABLE[role].map((a) => groupId.get(a)!);
      const parent = role === 'Azubi' || role === 'Aushilfe' ? groupId.get('Verkauf')! : null;
      await tx
        .update(userGroups)
        .set({ subordinateUserGroups: subs, assignableUserGroups: assignable, parentId: parent })
        .where(eq(userGroups.id, groupId.get(role)!));
    }

    let n = 0;
    const person = (role: RoleIdentifier, location: LocationKey, email?: string) => {
      const i = n++;
      const firstName = FIRST[(i * 7) % FIRST.length]!;
      const lastName = LAST[(i * 11 + Math.floor(i / LAST.length)) % LAST.length]!;
      return {
        email: email ?? `${firstName}.${lastName}.${i}@example.com`.toLowerCase().replace(/ü/g, 'ue').replace(/ö/g, 'oe').replace(/ä/g, 'ae').replace(/ß/g, 'ss'),
        passwordHash,
        firstName,
        lastName,
        phone: `0221 ${String(4000 + i * 13).padStart(4, '0')}`,
        locationId: locId.get(location)!,
        groupId: groupId.get(role)!,
        personalNumber: String(1001 + i),
        holidayContingent: role === 'Azubi' ? 27 : role === 'Aushilfe' ? 12 : 30,
        externalLogin: !SHOP_ROLES.has(role) || role === 'Filialleitung',
        freeDays: freeDaysFor(role, i),
        presence: ['', '', '', '', '', '', ''],
        active: true,
      };
    };
    const rows = ROLE_IDENTIFIERS.map((role) => person(role, ROLE_HOME[role], `${role.toLowerCase()}@example.com`));
    // Admin works across sites: all locations are available to him.
    rows[0] = { ...rows[0]!, externalLogin: true };
    for (const loc of ['koeln', 'duesseldorf', 'dortmund', 'hamburg', 'frankfurt', 'muenchen'] as const) {
      for (const role of BRANCH_STAFF) if (!(loc === 'koeln' && role === 'Filialleitung')) rows.push(person(role, loc));
    }
    for (const role of ['Lagerist', 'Lagerist', 'Lagerist'] as const) rows.push(person(role, 'lager'));
    for (const role of ['Franchise', 'Franchise'] as const) rows.push(person(role, 'leipzig'));
    for (const role of ['Buchhaltung', 'Verwaltung'] as const) rows.push(person(role, 'zentrale'));
    await tx.insert(users).values(rows);
    await seedLists(tx, locId.get('koeln')!);
    await seedTasks(tx, locId.get('koeln')!);
    await seedAttendance(tx, locId.get('koeln')!);
    await seedLeaveDepth(tx, storage, locId.get('koeln')!, new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date()));
    await seedNews(tx, storage, (key) => locId.get(key as LocationKey)!);
    await seedTrainings(tx);
    await seedAssortment(tx, storage);
    await seedClaims(tx, storage);
    await seedDocuments(tx, storage);
    await seedAdvertising(tx, storage);
    await seedNotifications(tx);
    const admin = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    await tx
      .update(users)
      .set({ additionalLocations: LOCATIONS.filter((l) => l.key !== 'zentrale').map((l) => locId.get(l.key)!) })
      .where(eq(users.id, admin[0]!.id));
  });
  // Statistics for the tables just filled: without them the planner guesses, and picks plans that
  // read every vacation per person (ten times the work) until the first maintenance run.
  await db.execute(sql`analyze`);
  return true;
}

const MANUFACTURERS = ['Eichenwerk Nord', 'Vinylwerk Rhein', 'Laminat Manufaktur', 'Teppichweberei Süd', 'Korkstudio', 'Designboden AG'];

/** Settings lists, special appointments and the global settings row of the demo company. */
async function seedLists(db: Db, koelnId: string) {
  await db.insert(colorLabels).values([
    // The two system labels; the stock list paints advertising and outlet rows with them.
    { name: 'Werbung', hex: '#fff3bf', fixed: true },
    { name: 'Auslauf', hex: '#e5dbff', fixed: true },
    { name: 'Neuheit', hex: '#d3f9d8' },
    { name: 'Nachbestellen', hex: '#ffd8a8' },
  ]);
  await db.insert(manufacturers).values(MANUFACTURERS.map((name) => ({ name })));
  await db.insert(claimStatuses).values(['Neu', 'In Bearbeitung', 'Beim Hersteller', 'Gutschrift erhalten', 'Abgeschlossen'].map((name) => ({ name })));
  await db.insert(claimListEntries).values([
    ...MANUFACTURERS.map((name) => ({ kind: 'manufacturer', name })),
    ...['Laminat 8 mm', 'Laminat 10 mm', 'Vinyl 0,55 mm Nutzschicht', 'Parkett Landhausdiele', 'Teppichboden Velours'].map((name) => ({ kind: 'quality', name })),
    ...['Farbabweichung', 'Transportschaden', 'Fugenbildung', 'Kantenaufquellung', 'Fehlmenge'].map((name) => ({ kind: 'reason', name })),
  ]);
  const day = (offset: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const year = new Date().getUTCFullYear();
  await db.insert(specialAppointments).values([
    { info: 'Inventur', date: `${year}-12-30`, endDate: `${year}-12-31`, locations: [] },
    { info: 'Hausmesse Köln', date: day(14), endDate: day(15), locations: [koelnId] },
    { info: 'Schulung Vinylböden', date: day(-30), endDate: day(-30), locations: [koelnId] },
  ]);
}

/** A few tasks so the task views and the counter show real work from the start. */
async function seedTasks(db: Db, koelnId: string) {
  const people = await db
    .select({ id: users.id, email: users.email, locationId: users.locationId, role: userGroups.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId));
  const byEmail = (email: string) => people.find((p) => p.email === email)!.id;
  const koelnShop = people.filter((p) => p.locationId === koelnId && ['Verkauf', 'Azubi', 'Aushilfe'].includes(p.role)).map((p) => p.id);
  const shopLeads = people.filter((p) => p.role === 'Filialleitung').map((p) => p.id);
  const day = (offset: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const demo = [
    { title: 'Aktionsware im Eingangsbereich auszeichnen', deadline: day(2), priority: 3, multiTask: false, createdBy: byEmail('filialleitung@example.com'), teams: ['Verkauf'], recipients: koelnShop, subtasks: ['Preisschilder drucken', 'Aufsteller aufbauen'] },
    { title: 'Musterfliesen für die Hausmesse vorbereiten', deadline: day(10), priority: 2, multiTask: false, createdBy: byEmail('filialleitung@example.com'), teams: [], recipients: [byEmail('verkauf@example.com'), byEmail('azubi@example.com')], subtasks: [] },
    { title: 'Unterweisung Arbeitssicherheit bestätigen', deadline: day(21), priority: 2, multiTask: true, createdBy: byEmail('personalleitung@example.com'), teams: ['Filialleitung'], recipients: shopLeads, subtasks: ['Unterweisung lesen', 'Teilnahme im Team dokumentieren'] },
  ];
  for (const t of demo) {
    const [row] = await db
      .insert(tasks)
      .values({ title: t.title, deadline: t.deadline, priority: t.priority, multiTask: t.multiTask, createdBy: t.createdBy, teams: t.teams, users: t.teams.length ? [] : t.recipients })
      .returning({ id: tasks.id });
    if (t.subtasks.length) await db.insert(taskSubtasks).values(t.subtasks.map((name, position) => ({ taskId: row!.id, name, position })));
    await db.insert(taskAssignments).values(t.recipients.map((userId) => ({ taskId: row!.id, userId })));
  }
}

/**
 * Vacation and sick reports of everyone (demo-absences.ts: years of history, requests ahead, open
 * ones with their approval tasks) and this week's early and late shifts in Köln, so the calendar,
 * the lists and the counts show real data.
 */
async function seedAttendance(db: Db, koelnId: string) {
  const staff = await db
    .select({ id: users.id, email: users.email, locationId: users.locationId, freeDays: users.freeDays, role: userGroups.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .orderBy(users.personalNumber);
  const logins = new Set(ROLE_IDENTIFIERS.map((r) => `${r.toLowerCase()}@example.com`));
  const approver = staff.find((p) => p.email === 'personalleitung@example.com')!.id;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const monday = mondayOf(today);
  const { absent } = await seedAbsences(db, today);
  const branch = staff.filter((p) => !logins.has(p.email) && SHOP_ROLES.has(p.role as RoleIdentifier));
  const koelnShop = branch.filter((p) => p.locationId === koelnId && p.role === 'Verkauf');
  const shifts = koelnShop.flatMap((p, i) =>
    [0, 1, 2, 3, 4, 5].filter((d) => !p.freeDays.includes(WEEKDAY_CODES[d]!) && !absent(p.id, addDays(monday, d))).map((d) => ({ userId: p.id, date: addDays(monday, d), status: (i + d) % 2 ? 72 : 71, locationId: koelnId, updatedBy: approver })),
  );
  if (shifts.length) await db.insert(calendarEntries).values(shifts).onConflictDoNothing();
  await db.insert(locationInfos).values({ locationId: koelnId, date: addDays(monday, 2), info: 'Lieferung Parkett 8 Uhr', updatedBy: approver });
}
