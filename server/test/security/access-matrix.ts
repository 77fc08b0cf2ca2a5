import { and, eq, like, notInArray } from 'drizzle-orm';
import sharp from 'sharp';
import { RETENTION_DEFAULTS } from '@filialportal/core/retention';
import { ROLE_IDENTIFIERS, type RoleIdentifier } from '@filialportal/core/roles';
import { schoolVacations } from '../../src/modules/absences/holidays.table.ts';
import { locations } from '../../src/modules/locations/locations.table.ts';
import { taskSubtasks, tasks } from '../../src/modules/tasks/tasks.table.ts';
import { userGroups } from '../../src/modules/teams/teams.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { trainingRegistrations, trainings } from '../../src/modules/trainings/trainings.table.ts';
import { manufacturers } from '../../src/modules/lists/lists.table.ts';
import { notifications } from '../../src/modules/notifications/notifications.table.ts';
import type { TestContext } from '../helpers.ts';

/**
 * The access table: for every route of the API, written out by hand, who may call it, a sample
 * request against the demo company, and where the record matters (own location or another, own
 * record or someone else's), what those out of reach get. It is deliberately not derived from
 * the routes' declarations: it is the second opinion they are checked against.
 */

type Role = RoleIdentifier;
/** Two people at a branch other than the demo logins' (Köln), created by the test setup. */
export const OTHER_LOCATION = { 'Filialleitung@Hamburg': 'Filialleitung', 'Verkauf@Hamburg': 'Verkauf' } as const;
export type Caller = 'anonym' | Role | keyof typeof OTHER_LOCATION;
export const CALLERS: readonly Caller[] = ['anonym', ...ROLE_IDENTIFIERS, ...(Object.keys(OTHER_LOCATION) as (keyof typeof OTHER_LOCATION)[])];
export const roleOf = (c: Exclude<Caller, 'anonym'>): Role => (c in OTHER_LOCATION ? OTHER_LOCATION[c as keyof typeof OTHER_LOCATION] : (c as Role));

export interface Sample {
  url: string;
  payload?: unknown;
  /** A client address of its own, where the route limits calls per address. */
  remoteAddress?: string;
  /** The body's type when it is not JSON (raw uploads). */
  contentType?: string;
}

export interface Case {
  /** Who passes the route's access check: anyone, every logged-in user, or these roles. */
  who: 'public' | 'everyone' | readonly Role[];
  /**
   * Of those, who reaches the sample's record; the others get `otherwise`, or the status `but`
   * names for them. Without it, everyone who passes the check reaches it.
   */
  scope?: { only: readonly Caller[]; otherwise: 403 | 404; but?: Partial<Record<Caller, 403 | 404>> };
  /** What an allowed call answers; default: any 2xx. */
  ok?: readonly number[];
  sample(d: Demo, c: Caller): Sample;
  /** A record of its own for each allowed call, where the call uses its target up (deletes, decisions). */
  fresh?(f: Fixture, c: Exclude<Caller, 'anonym'>): Promise<Sample>;
}

// Who holds what in the demo company (docs/roles.md), by hand.
const A = 'Admin', PL = 'Personalleitung', BH = 'Buchhaltung', VL = 'Vertriebsleitung', VT = 'Vertrieb', ZLL = 'Zentrallagerleitung';
const VW = 'Verwaltung', FL = 'Filialleitung', VK = 'Verkauf', AZ = 'Azubi', AH = 'Aushilfe', BL = 'Bodenleger', FR = 'Franchise';
const FPF = 'FranchisepartnerFiliale', FPL = 'FranchisepartnerLager', LG = 'Lagerist';
/** Every role but Ausgeblendet: the basic rights (vacation, tasks, calendar). */
const STAFF: readonly Role[] = [A, PL, BH, VL, VT, ZLL, VW, FL, VK, AZ, AH, BL, FR, FPF, FPL, LG];
const CLAIM_SETTINGS: readonly Role[] = [A, BH, VW];
const LOGIN_LOG: readonly Role[] = [A, PL, VW];
const USER_LIST: readonly Role[] = [A, PL, VW, FL];
const USER_KEYS: readonly Role[] = [A, PL];
const LOCATIONS: readonly Role[] = [A, VW];
const SPECIALS: readonly Role[] = [A, PL, VW];
const MANUFACTURER_SEE: readonly Role[] = [A, BH, VL, ZLL, VW];
const MANUFACTURER_EDIT: readonly Role[] = [A, VL, ZLL, VW];
const MANUFACTURER_DELETE: readonly Role[] = [A, VL, VW];
const COLOR_SEE: readonly Role[] = [A, VL, ZLL, VW];
const COLOR_EDIT: readonly Role[] = [A, VL, VW];
const DELEGATE: readonly Role[] = [A, PL, VL, ZLL, VW, FL, FR];
const VACATION_DECIDE: readonly Role[] = [A, PL, VL, ZLL, FL, FR];
const SICK: readonly Role[] = [A, PL, ZLL, FL, FR];
const REPORTS: readonly Role[] = [A, PL, BH];
const CALENDAR_EXPORT: readonly Role[] = [A, PL, VW];
const CALENDAR_EDIT: readonly Role[] = [A, PL, ZLL, FL, FR];
/** Who sees the Köln week: its own staff, and whoever sees every location. */
const SEES_KOELN: readonly Caller[] = [A, PL, VL, VT, VW, FL, VK, AZ, AH, BL];
/** Who handles Köln's sick reports: everyone's (Admin, Personalleitung) or the own branch's. */
const KOELN_SICK: readonly Caller[] = [A, PL, FL];
const NEWS_EDIT: readonly Role[] = [A, PL, VL, VW];
const NEWS_DELETE: readonly Role[] = [A, PL, VW];
const TRAININGS_ORGANISE: readonly Role[] = [A, PL, VW];
/** Assortment and stock (sortiment_*), as the demo roles hold them. */
const SORTIMENT: readonly Role[] = [A, BH, VL, VT, ZLL, VW, FL, VK, AZ, AH, BL, FR, FPF, FPL, LG];
const CATEGORY_EDIT: readonly Role[] = [A, VL, VW];
const ARTICLE_EDIT: readonly Role[] = [A, VL, VT, ZLL];
const ARTICLE_LABEL: readonly Role[] = [A, VL, VT, ZLL, FL];
const ARTICLE_EXPORT: readonly Role[] = [A, BH, VL, VT, ZLL, FL];
const STOCK_EDIT: readonly Role[] = [A, VL, ZLL, FL, VK, FR, FPF, FPL, LG];
/** Who changes Köln's stock: every branch's (Admin, Vertriebs-, Zentrallagerleitung) or the own branch's. */
const KOELN_STOCK: readonly Caller[] = [A, VL, ZLL, FL, VK];
/** Who sees the fixture's news item for Filiale Köln: all-news readers and the Köln staff. */
const KOELN_NEWS: readonly Caller[] = [A, PL, VL, VW, FL, VK, AZ, AH, BL];
/** Claims (beanstandungen_*): the menu; every location's claims and booking for the five booking roles (and Verwaltung sees all). */
const CLAIMS: readonly Role[] = [A, PL, BH, VL, VT, ZLL, VW, FL, VK, AZ, BL, FR, FPF, LG];
const CLAIM_EXPORT: readonly Role[] = [A, PL, BH, VL, VT, ZLL];
/** Documents and folders: create, edit, delete (dokument_oder_ordner_*). */
const DOCUMENTS_EDIT: readonly Role[] = [A, PL, VL, VW];
/** Who reaches a claim of Köln: whoever sees every location's claims, and the Köln staff with the menu. */
const KOELN_CLAIMS: readonly Caller[] = [A, PL, BH, VL, VT, ZLL, VW, FL, VK, AZ, BL];
/** Advertising (werbung_*): published entries for all staff but Aushilfe; upcoming ones, create, edit and delete for a few. */
const ADVERTISING: readonly Role[] = [A, PL, BH, VL, VT, ZLL, VW, FL, VK, AZ, BL, FR, FPF, FPL, LG];
const ADVERTISING_ALL: readonly Role[] = [A, VL, VT, VW];
const ADVERTISING_EDIT: readonly Role[] = [A, VL, VW];
/** Everyone with likes_can_see and comments_can_edit_own: all staff but Aushilfe. */
const REACT: readonly Role[] = STAFF.filter((r) => r !== AH);

// ------------------------------------------------------------------------------------------
// The demo data the samples point at.

export interface Demo {
  loc: { zentrale: string; koeln: string; hamburg: string; leipzig: string; test: string; empty: string };
  user: Record<Role, string> & { koelnStaff: string; hhFL: string; hhVK: string };
  /** A group of its own for the group editor (the demo roles' rights must stay as they are). */
  group: string;
  /** The demo task of Filialleitung Köln to the Köln shop staff, and one of its subtasks. */
  task: string;
  subtask: string;
  /** Verkauf Köln: a sick report of last year, an open vacation request of next year. */
  sick: string;
  vacation: string;
  special: string;
  /** A blocked period (Urlaubssperre) of Filiale Köln, years ahead of every vacation sample. */
  blocked: string;
  /** Verkauf Köln's calendar subscription. */
  feed: string;
  manufacturer: string;
  color: string;
  status: string;
  claim: { manufacturer: string; quality: string; reason: string };
  globalSettings: string;
  schoolVacation: string;
  avatar: string;
  /** A news item of Personalleitung for Filiale Köln with a picture, Verkauf Köln's comment on it, and a mandatory notice for all. */
  news: { item: string; file: string; comment: string; notice: string };
  /** An upcoming training with Verkauf Köln's registration, and a past one Verkauf Köln attended (approved). */
  training: { open: string; registration: string; past: string; pastRegistration: string };
  /** A category with a folder, a data sheet and an article (with its EAN and stock in Köln), and a demo manufacturer. */
  assortment: { category: string; folder: string; file: string; article: string; ean: string; manufacturer: string };
  /** An open customer claim of Filiale Köln, and a photo of it. */
  claimKoeln: string;
  claimPhoto: string;
  /** A library folder for everyone (short link 'pruefordner') with a PDF (short link 'pruefdokument'). */
  library: { folder: string; document: string };
  /** An advertising entry shown from today (a PDF) and one shown from next month (a picture). */
  advertising: { current: string; upcoming: string };
  /** The settings form of Verkauf Köln as the user editor sends it back unchanged. */
  verkaufForm: Record<string, unknown>;
  /** A notification of Verkauf Köln. */
  notification: string;
}

export interface Fixture {
  t: TestContext;
  d: Demo;
  tokens: Map<Exclude<Caller, 'anonym'>, string>;
  /** A new week of next year for each record a test creates for Verkauf Köln (no two overlap). */
  nextWeek(): number;
}

const Y = new Date().getUTCFullYear();
const NEXT = Y + 1;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Monday (+ offset days) of ISO week `week` of `year`. */
export function weekDay(year: number, week: number, offset = 0): string {
  const jan4 = Date.UTC(year, 0, 4);
  const monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
  return iso(monday + ((week - 1) * 7 + offset) * 86_400_000);
}
/** A number per caller, for dates, names and client addresses of their own. */
const nr = (c: Caller) => CALLERS.indexOf(c);
const slug = (c: Caller) => c.toLowerCase().replace(/[^a-z]/g, '');

/** Answers of the setup must succeed; otherwise the table would test nothing. */
function ok<T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }, what: string): T {
  if (res.statusCode >= 300) throw new Error(`setup: ${what} answered ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : {}) as T;
}

const newUser = (name: string, location: string, number: string) => ({
  user: { firstName: 'Prüf', lastName: name, email: `${name.toLowerCase()}@example.com`, location, personalNumber: number, freeDay6: 'Sa', freeDay7: 'So' },
  password: 'demo1234',
  passwordRepeat: 'demo1234',
});

/** Logs every demo role in, creates the other-location people and the records the samples need. */
export async function prepareFixture(t: TestContext): Promise<Fixture> {
  const tokens = new Map<Exclude<Caller, 'anonym'>, string>();
  for (const role of ROLE_IDENTIFIERS) tokens.set(role, await t.login(`${role.toLowerCase()}@example.com`));
  const admin = tokens.get('Admin')!;
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => t.as(token, { method, url, payload: payload as never });

  const locId = async (name: string) => (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, name)))[0]!.id;
  const loc = { zentrale: await locId('Zentrale Köln'), koeln: await locId('Filiale Köln'), hamburg: await locId('Filiale Hamburg'), leipzig: await locId('Franchise Leipzig'), test: '', empty: '' };
  const location = (name: string) => ({ location: { name, street: 'Prüfweg 1', zip: '50667', city: 'Köln', region: 'NW', ip: '127.0.0.1', position: 90 } });
  loc.test = ok<{ location: { id: string } }>(await as('POST', '/api/location', location('Prüfstandort')), 'test location').location.id;
  loc.empty = ok<{ location: { id: string } }>(await as('POST', '/api/location', location('Leerer Standort')), 'empty location').location.id;

  const byEmail = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const user = {} as Demo['user'];
  for (const role of ROLE_IDENTIFIERS) user[role] = await byEmail(`${role.toLowerCase()}@example.com`);
  const [staff] = await t.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(users.locationId, loc.koeln), eq(userGroups.name, 'Verkauf'), notInArray(users.email, ROLE_IDENTIFIERS.map((r) => `${r.toLowerCase()}@example.com`))))
    .limit(1);
  user.koelnStaff = staff!.id;
  user.hhFL = ok<{ user: { id: string } }>(await as('POST', '/api/user', { ...newUser('Hafenleitung', loc.hamburg, 'HH-9001'), role: 'Filialleitung' }), 'Filialleitung Hamburg').user.id;
  user.hhVK = ok<{ user: { id: string } }>(await as('POST', '/api/user', { ...newUser('Hafenverkauf', loc.hamburg, 'HH-9002'), role: 'Verkauf' }), 'Verkauf Hamburg').user.id;
  tokens.set('Filialleitung@Hamburg', await t.login('hafenleitung@example.com'));
  tokens.set('Verkauf@Hamburg', await t.login('hafenverkauf@example.com'));

  const group = ok<{ team: { id: string } }>(await as('POST', '/api/team', { team: { name: 'Prüfgruppe', permissions: ['dashboard_menu_sehen'] } }), 'test group').team.id;
  const [task] = await t.db.select({ id: tasks.id }).from(tasks).where(like(tasks.title, 'Aktionsware%'));
  const [subtask] = await t.db.select({ id: taskSubtasks.id }).from(taskSubtasks).where(eq(taskSubtasks.taskId, task!.id)).limit(1);

  const verkauf = tokens.get('Verkauf')!;
  const sick = ok<{ sickReport: { id: string } }>(
    await as('POST', '/api/sickreport', { sickReport: { userId: user.Verkauf, startDate: weekDay(Y - 1, 10), endDate: weekDay(Y - 1, 10, 4) } }),
    'sick report',
  ).sickReport.id;
  ok(await t.as(admin, { method: 'POST', url: `/api/sickreport/${sick}/certificate?name=au.pdf`, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(PDF_TEXT) }), 'sick note');
  const vacation = ok<{ appointment: { id: string } }>(
    await as('POST', '/api/appointment', { appointment: { userId: user.Verkauf, startDate: weekDay(NEXT, 5), endDate: weekDay(NEXT, 5, 4), deputies: [user.Azubi] } }, verkauf),
    'vacation request',
  ).appointment.id;

  const blocked = idOf(ok(await as('POST', '/api/blockedperiods', { blockedPeriod: { startDate: `${NEXT + 3}-02-01`, endDate: `${NEXT + 3}-02-05`, locationId: loc.koeln, reason: 'Inventur' } }), 'blocked period'));
  const feed = idOf(ok(await as('POST', '/api/ical/feeds', { kind: 'personal' }, verkauf), 'calendar feed'));
  const special = idOf(
    ok(await as('POST', '/api/locationspecialappointment', { locationSpecialAppointment: { info: 'Prüftermin', date: `${NEXT}-05-05`, endDate: `${NEXT}-05-06`, locations: [loc.koeln] } }), 'special appointment'),
  );
  const manufacturer = ok<Record<string, unknown>>(await as('POST', '/api/manufacturer', { name: 'Prüfhersteller' }), 'manufacturer');
  const color = ok<Record<string, unknown>>(await as('POST', '/api/color', { color: { name: 'Prüffarbe', hex: '#123456' } }), 'color');
  const status = ok<Record<string, unknown>>(await as('POST', '/api/status', { status: { name: 'Prüfstatus' } }), 'status');
  const claim = {
    manufacturer: idOf(ok(await as('POST', '/api/claimdropdownmanufacturer', { name: 'Prüf-Hersteller' }), 'claim manufacturer')),
    quality: idOf(ok(await as('POST', '/api/claimdropdownquality', { name: 'Prüf-Qualität' }), 'claim quality')),
    reason: idOf(ok(await as('POST', '/api/claimdropdownreason', { name: 'Prüf-Grund' }), 'claim reason')),
  };
  const settings = ok<{ globalSettings: { id: string } }>(await as('GET', '/api/globalsettings'), 'global settings');
  ok(await as('POST', '/api/schoolvacations/import', { content: `NW;Prüfferien;01.07.${NEXT};10.07.${NEXT}` }), 'school vacations');
  const [holidays] = await t.db.select({ id: schoolVacations.id }).from(schoolVacations).where(eq(schoolVacations.name, 'Prüfferien'));

  // A small picture as Verkauf's own avatar, so the avatar route has something to serve.
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c0ffee' } }).png().toBuffer();
  const own = ok<{ user: { firstName: string; lastName: string; phone: string } }>(await as('GET', '/api/user', undefined, verkauf), 'own user');
  ok(
    await as('PUT', `/api/user/${user.Verkauf}`, { user: { firstName: own.user.firstName, lastName: own.user.lastName, phone: own.user.phone }, image: { fileName: 'bild.png', data: `data:image/png;base64,${png.toString('base64')}` } }, verkauf),
    'avatar',
  );
  const [withAvatar] = await t.db.select({ avatar: users.avatarFileId }).from(users).where(eq(users.id, user.Verkauf));
  const form = ok<{ user: Record<string, unknown> & { role: string } }>(await as('GET', `/api/user/${user.Verkauf}`), 'settings form');
  const pl = tokens.get('Personalleitung')!;
  const today = new Date().toISOString().slice(0, 10);
  const item = ok<{ news: { id: string; resourceUri: string } }>(
    await as('POST', '/api/news', { title: 'Prüfnews Köln', text: '<p>Nur Köln</p>', date: today, locations: [loc.koeln], file: png.toString('base64'), fileName: 'bild.png' }, pl),
    'news item',
  ).news;
  const comment = ok<{ comment: { id: string } }>(await as('POST', '/api/comment', { entity: 'News', entityId: item.id, comment: 'Prüfkommentar' }, verkauf), 'comment').comment.id;
  const notice = ok<{ news: { id: string } }>(await as('POST', '/api/news', { title: 'Prüfpflicht', text: '<p>Bitte bestätigen</p>', date: today, requiresConfirmation: true }, pl), 'notice').news.id;
  const news = { item: item.id, file: item.resourceUri.split('/').pop()!, comment, notice };
  const open = ok<{ trainings: { id: string }[] }>(await as('POST', '/api/training', trainingBody('Prüfschulung', user.Admin, 40)), 'training').trainings[0]!.id;
  const registration = await registerVerkauf(t, tokens.get('Admin')!, open, user.Verkauf);
  const past = await pastTrainingOf(t, user.Verkauf);
  const [pastReg] = await t.db.select({ id: trainingRegistrations.id }).from(trainingRegistrations).where(eq(trainingRegistrations.trainingId, past));
  const training = { open, registration, past, pastRegistration: pastReg!.id };
  const category = idOf(ok(await as('POST', '/api/category', { category: { name: 'Prüfsortiment' } }), 'category'));
  const withFolder = ok<{ category: { folders: { id: string }[] } }>(await as('POST', '/api/addcategoryfolder', { categoryId: category, parentId: null, name: 'Datenblätter' }), 'category folder');
  const withFile = ok<{ category: { files: { id: string }[] } }>(await as('POST', '/api/addcategoryfile', { categoryId: category, folderId: null, name: 'blatt.pdf', data: PDF }), 'category file');
  const [maker] = await t.db.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.name, 'Laminat Manufaktur'));
  const article = idOf(ok(await as('POST', '/api/article', { article: articleBody(category, maker!.id, 'PR-1', '4009999000001') }), 'article'));
  ok(await as('POST', '/api/article/updatestock', { ean: '4009999000001', location: loc.koeln, count: 3 }), 'stock');
  const assortment = { category, folder: withFolder.category.folders[0]!.id, file: withFile.category.files[0]!.id, article, ean: '4009999000001', manufacturer: maker!.id };
  const claimKoeln = ok<{ claim: { id: string } }>(await as('POST', '/api/claims', { claim: { type: 'customer-item', locationId: loc.koeln, customerName: 'Prüfkunde' } }), 'claim').claim.id;
  // The article of the claim, for stock corrections booked from it.
  ok(await t.as(admin, { method: 'PUT', url: `/api/checklist/${claimKoeln}`, payload: { checklist: { lueckentext: { articleId: article, articleNumber: 'PR-1' } } } }), 'claim article');
  const withPhoto = ok<{ claim: { checklist: { pictures: { id: string }[] } } }>(
    await t.as(admin, { method: 'POST', url: `/api/claims/${claimKoeln}/files/pictures?name=foto.png`, payload: png, headers: { 'content-type': 'application/octet-stream' } }),
    'claim photo',
  );
  const claimPhoto = withPhoto.claim.checklist.pictures[0]!.id;
  const libraryFolder = idOf(ok(await as('POST', '/api/folder', { folder: { name: 'Prüfordner' } }), 'library folder'));
  const libraryDocument = idOf(
    ok(await t.as(admin, { method: 'POST', url: `/api/document?parent=${libraryFolder}&name=pruef.pdf`, payload: Buffer.from(PDF_TEXT), headers: { 'content-type': 'application/octet-stream' } }), 'library document'),
  );
  ok(await as('PUT', `/api/foldersl/${libraryFolder}`, { shortLink: 'pruefordner' }), 'folder link');
  ok(await as('PUT', `/api/documentsl/${libraryDocument}`, { shortLink: 'pruefdokument' }), 'document link');

  const advertise = async (title: string, showFrom: string, name: string, bytes: Buffer) =>
    idOf(ok(await t.as(admin, { method: 'POST', url: `/api/advertising?${new URLSearchParams({ title, showFrom, name, articles: 'PR-1' })}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } }), 'advertising'));
  const advertising = { current: await advertise('Prüfwerbung heute', today, 'pruef.pdf', Buffer.from(PDF_TEXT)), upcoming: await advertise('Prüfwerbung demnächst', `${NEXT}-03-01`, 'pruef.png', png) };

  const [notification] = await t.db.insert(notifications).values({ userId: user.Verkauf, kind: 'task_new', title: 'Neue Aufgabe: Prüfung', link: '/aufgaben/eigene' }).returning({ id: notifications.id });

  const d: Demo = {
    notification: notification!.id,
    loc,
    user,
    group,
    task: task!.id,
    subtask: subtask!.id,
    sick,
    vacation,
    special,
    blocked,
    feed,
    manufacturer: idOf(manufacturer),
    color: idOf(color),
    status: idOf(status),
    claim,
    globalSettings: settings.globalSettings.id,
    schoolVacation: holidays!.id,
    avatar: withAvatar!.avatar!,
    news,
    training,
    assortment,
    claimKoeln,
    claimPhoto,
    library: { folder: libraryFolder, document: libraryDocument },
    advertising,
    verkaufForm: { user: form.user, role: form.user.role },
  };
  let week = 20;
  return { t, d, tokens, nextWeek: () => week++ };
}

/**
 * A browser's push subscription for a caller: a push service address of its own (never called:
 * the access table makes no notification for it) and keys of the Push API's sizes.
 */
function pushSubscriptionOf(c: Caller) {
  const p256dh = Buffer.alloc(65, 7);
  p256dh[0] = 4;
  return { endpoint: `https://push.example.com/matrix/${slug(c)}`, expirationTime: null, keys: { p256dh: p256dh.toString('base64url'), auth: Buffer.alloc(16, 9).toString('base64url') } };
}

/** The id of a created list entry, whatever wrapper the answer has ({ id }, { color: { id } }, …). */
function idOf(body: unknown): string {
  const stack = [body];
  while (stack.length) {
    const v = stack.shift();
    if (v && typeof v === 'object') {
      if (typeof (v as { id?: unknown }).id === 'string') return (v as { id: string }).id;
      stack.push(...Object.values(v));
    }
  }
  throw new Error(`setup: no id in ${JSON.stringify(body)}`);
}

/** Creates a record through the API as Admin and returns its id. */
async function create(f: Fixture, url: string, payload: unknown, token = f.tokens.get('Admin')!): Promise<string> {
  return idOf(ok(await f.t.as(token, { method: 'POST', url, payload: payload as never }), `fresh ${url}`));
}

/** A training on a Tuesday of next year (weeks apart per title is not needed: each is its own row). */
function trainingBody(title: string, contactPerson: string, contingent = 5) {
  const day = weekDay(NEXT, 10, 1);
  return {
    title,
    category: 'Schulungen',
    description: 'Prüfung der Zugriffe',
    address: 'Prüfweg 1',
    zip: '50667',
    city: 'Köln',
    contactPerson,
    dates: `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`,
    time: '10:00',
    contingent,
    ratings: [{ label: 'Wie war es?', type: 'Frage' }],
  };
}

/** A one-line PDF for technical-data uploads. */
const PDF_TEXT = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const PDF = `data:application/pdf;base64,${Buffer.from(PDF_TEXT).toString('base64')}`;

function articleBody(category: string, manufacturer: string, number: string, ean: string) {
  return { number, ean, decor: 'Prüfdekor', manufacturer, category, price: '19,95' };
}

/** A folder of its own in the fixture's category, for calls that delete it. */
async function freshFolder(f: Fixture, c: Caller): Promise<string> {
  const name = `Weg ${slug(c)}`;
  const res = ok<{ category: { folders: { id: string; name: string }[] } }>(
    await f.t.as(f.tokens.get('Admin')!, { method: 'POST', url: '/api/addcategoryfolder', payload: { categoryId: f.d.assortment.category, parentId: null, name } }),
    'fresh folder',
  );
  return res.category.folders.find((x) => x.name === name)!.id;
}

/** Registers Verkauf Köln for a training (as Admin) and returns the registration's id. */
async function registerVerkauf(t: TestContext, admin: string, trainingId: string, verkauf: string): Promise<string> {
  const res = ok<{ registerStatus: number; training: { appointments: { id: string; userId: string }[] } }>(
    await t.as(admin, { method: 'POST', url: `/api/training/register/${trainingId}?force=1`, payload: { users: [verkauf] } }),
    'training registration',
  );
  if (res.registerStatus !== 200) throw new Error(`setup: registration answered ${JSON.stringify(res)}`);
  return res.training.appointments.find((a) => a.userId === verkauf)!.id;
}

/** A training of last year with Verkauf Köln approved: what a rating needs (written directly, the API takes no registration for the past). */
async function pastTrainingOf(t: TestContext, verkauf: string): Promise<string> {
  const [tr] = await t.db
    .insert(trainings)
    .values({ title: 'Prüfschulung vergangen', category: 'Schulungen', description: 'x', address: 'x', zip: '1', city: 'x', date: `${Y - 1}-06-01`, time: '09:00', contingent: 5, ratings: [{ label: 'Wie war es?', type: 'Frage' }] })
    .returning({ id: trainings.id });
  await t.db.insert(trainingRegistrations).values({ trainingId: tr!.id, userId: verkauf, approved: true });
  return tr!.id;
}

/** A fresh registration of Verkauf Köln in a fresh training, for calls that use it up. */
async function freshRegistration(f: Fixture, c: Caller): Promise<string> {
  const admin = f.tokens.get('Admin')!;
  const id = await create(f, '/api/training', trainingBody(`Prüfanmeldung ${slug(c)}`, f.d.user.Admin));
  return registerVerkauf(f.t, admin, id, f.d.user.Verkauf);
}

/** A new open vacation request of Verkauf Köln, one week of next year each. */
async function openVacation(f: Fixture): Promise<string> {
  const w = f.nextWeek();
  return create(f, '/api/appointment', { appointment: { userId: f.d.user.Verkauf, startDate: weekDay(NEXT, w), endDate: weekDay(NEXT, w, 4) } }, f.tokens.get('Verkauf')!);
}

const sickOf = (userId: string, year: number, week: number) => ({ sickReport: { userId, startDate: weekDay(year, week), endDate: weekDay(year, week, 2) } });
const locationBody = (name: string) => ({ location: { name, street: 'Prüfweg 2', zip: '50667', city: 'Köln', region: 'NW', ip: '127.0.0.1', position: 91 } });
const taskBody = (d: Demo, title: string) => ({ title, deadline: `${NEXT}-06-15`, users: [d.user.Verkauf] });

// ------------------------------------------------------------------------------------------
// The table. Order matters where calls consume data: logout comes last.

export const ACCESS_TABLE: Record<string, Case | readonly Case[]> = {
  'GET /api/health': { who: 'public', sample: () => ({ url: '/api/health' }) },
  'GET /api/ready': { who: 'public', sample: () => ({ url: '/api/ready' }) },
  // Not by session: without METRICS_TOKEN or METRICS_ALLOW (as here) nobody reads it; metrics.test.ts has the token.
  'GET /api/metrics': { who: 'public', ok: [403], sample: () => ({ url: '/api/metrics' }) },
  'POST /api/token': {
    who: 'public',
    // Admin may log in from anywhere; an address of its own keeps the login limit for 127.0.0.1 free.
    sample: () => ({ url: '/api/token', payload: { username: 'admin@example.com', password: 'demo1234' }, remoteAddress: '198.51.100.10' }),
  },
  'POST /api/password-forgotten': {
    who: 'public',
    sample: (_d, c) => ({ url: '/api/password-forgotten', payload: { username: 'niemand@example.com' }, remoteAddress: `198.51.100.${100 + nr(c)}` }),
  },
  'POST /api/password-reset': {
    who: 'public',
    // Refused for its form, not for access: a well-formed one costs a memory-hard hash per call.
    ok: [400],
    sample: (_d, c) => ({ url: '/api/password-reset', payload: { token: 'kein-gueltiger-link-0000', password: 'geheim123', passwordRepeat: 'anders123' }, remoteAddress: `198.51.100.${150 + nr(c)}` }),
  },
  'GET /api/api-token-refresh': { who: 'everyone', sample: () => ({ url: '/api/api-token-refresh' }) },
  'GET /api/loginlog/list/:page': { who: LOGIN_LOG, sample: () => ({ url: '/api/loginlog/list/0' }) },
  'POST /api/export-login-logs': { who: LOGIN_LOG, sample: () => ({ url: '/api/export-login-logs' }) },

  // Other ways in (public): without the company account set up, its start is unknown and its return says so.
  'GET /api/auth/methods': { who: 'public', sample: () => ({ url: '/api/auth/methods' }) },
  'GET /api/auth/oidc/login': { who: 'public', ok: [404], sample: (_d, c) => ({ url: '/api/auth/oidc/login', remoteAddress: `198.51.101.${nr(c)}` }) },
  'GET /api/auth/oidc/callback': { who: 'public', ok: [302], sample: (_d, c) => ({ url: '/api/auth/oidc/callback?code=x&state=y', remoteAddress: `198.51.101.${40 + nr(c)}` }) },
  'POST /api/auth/oidc/ticket': { who: 'public', ok: [401], sample: (_d, c) => ({ url: '/api/auth/oidc/ticket', payload: { ticket: 'kein-gueltiges-ticket-0000' }, remoteAddress: `198.51.101.${80 + nr(c)}` }) },
  'POST /api/auth/passkey/options': { who: 'public', sample: (_d, c) => ({ url: '/api/auth/passkey/options', remoteAddress: `198.51.101.${120 + nr(c)}` }) },
  'POST /api/auth/passkey/login': { who: 'public', ok: [401], sample: (_d, c) => ({ url: '/api/auth/passkey/login', payload: { response: { id: 'unbekannt' } }, remoteAddress: `198.51.101.${160 + nr(c)}` }) },
  // Each person's own second factors; the answers a sample without a real device or app gets.
  'GET /api/user/2fa': { who: 'everyone', sample: () => ({ url: '/api/user/2fa' }) },
  'POST /api/user/2fa/totp/setup': { who: 'everyone', sample: () => ({ url: '/api/user/2fa/totp/setup' }) },
  'POST /api/user/2fa/totp/confirm': { who: 'everyone', ok: [400], sample: () => ({ url: '/api/user/2fa/totp/confirm', payload: { code: '000000' } }) },
  'DELETE /api/user/2fa/totp': { who: 'everyone', ok: [404], sample: () => ({ url: '/api/user/2fa/totp' }) },
  'POST /api/user/2fa/recovery': { who: 'everyone', ok: [400], sample: () => ({ url: '/api/user/2fa/recovery' }) },
  'POST /api/user/passkeys/options': { who: 'everyone', sample: () => ({ url: '/api/user/passkeys/options' }) },
  'POST /api/user/passkeys': { who: 'everyone', ok: [400], sample: () => ({ url: '/api/user/passkeys', payload: { name: 'Prüfgerät', response: { id: 'x', response: {} } } }) },
  'DELETE /api/user/passkeys/:id': { who: 'everyone', ok: [404], sample: () => ({ url: '/api/user/passkeys/00000000-0000-4000-8000-000000000000' }) },
  // Whoever may change the person's password resets their factors: Filialleitung edits free days only.
  'DELETE /api/user/:id/2fa': {
    who: [A, PL, FL],
    scope: { only: [A, PL], otherwise: 403, but: { 'Filialleitung@Hamburg': 404 } },
    sample: (d) => ({ url: `/api/user/${d.user.Verkauf}/2fa` }),
  },

  // Users
  'GET /api/user': { who: 'everyone', sample: () => ({ url: '/api/user' }) },
  // The counters' event stream: names of counters only; each person then reads its own numbers.
  'GET /api/events': { who: 'everyone', sample: () => ({ url: '/api/events' }) },
  // Notifications and push: each person's own, so everyone logged in; one person's notification is no one else's.
  'GET /api/notifications': { who: 'everyone', sample: () => ({ url: '/api/notifications' }) },
  'PUT /api/notifications/:id/read': { who: 'everyone', scope: { only: [VK], otherwise: 404 }, sample: (d) => ({ url: `/api/notifications/${d.notification}/read` }) },
  'PUT /api/notifications/read-all': { who: 'everyone', sample: () => ({ url: '/api/notifications/read-all' }) },
  'GET /api/notifications/settings': { who: 'everyone', sample: () => ({ url: '/api/notifications/settings' }) },
  'PUT /api/notifications/settings': { who: 'everyone', sample: () => ({ url: '/api/notifications/settings', payload: { kinds: [{ kind: 'claim_state', push: true, mail: false }] } }) },
  'GET /api/push/key': { who: 'everyone', sample: () => ({ url: '/api/push/key' }) },
  'POST /api/push/subscriptions': { who: 'everyone', sample: (_d, c) => ({ url: '/api/push/subscriptions', payload: pushSubscriptionOf(c) }) },
  'DELETE /api/push/subscriptions': {
    who: 'everyone',
    sample: (_d, c) => ({ url: '/api/push/subscriptions', payload: { endpoint: pushSubscriptionOf(c).endpoint } }),
    fresh: async (f, c) => {
      ok(await f.t.as(f.tokens.get(c)!, { method: 'POST', url: '/api/push/subscriptions', payload: pushSubscriptionOf(c) }), 'push subscription');
      return { url: '/api/push/subscriptions', payload: { endpoint: pushSubscriptionOf(c).endpoint } };
    },
  },
  // Everyone's names for the people pickers: task assigners, sick report editors, vacation approvers, user settings.
  'GET /api/user/listall': { who: [A, PL, VL, ZLL, VW, FL, FR], sample: () => ({ url: '/api/user/listall' }) },
  'GET /api/user/list/:page': { who: USER_LIST, sample: () => ({ url: '/api/user/list/0' }) },
  'GET /api/count/user/': { who: USER_LIST, sample: () => ({ url: '/api/count/user/' }) },
  'POST /api/export-users': { who: USER_LIST, sample: () => ({ url: '/api/export-users' }) },
  'GET /api/user/:id': {
    who: 'everyone',
    // Verkauf Köln: himself, whoever sees all users, and the settings of his own branch.
    scope: { only: [A, PL, VW, FL, VK], otherwise: 404 },
    sample: (d) => ({ url: `/api/user/${d.user.Verkauf}` }),
  },
  // A person's data (Art. 15): the person, HR and Admin.
  'POST /api/user/:id/dataexport': {
    who: 'everyone',
    scope: { only: [A, PL, VK], otherwise: 403, but: { 'Verkauf@Hamburg': 403 } },
    sample: (d) => ({ url: `/api/user/${d.user.Verkauf}/dataexport` }),
  },
  // The card shown when hovering over a person: name, avatar, group and location of anyone.
  'GET /api/user-popup': { who: 'everyone', sample: (d) => ({ url: `/api/user-popup?id=${d.user.Verkauf}` }) },
  'POST /api/user': {
    who: USER_KEYS,
    sample: (d, c) => ({ url: '/api/user', payload: { ...newUser(`Neu${slug(c)}`, d.loc.koeln, `N-${nr(c)}`), role: 'Verkauf' } }),
  },
  'PUT /api/user/:id': [
    {
      // The settings form: user editors, Filialleitung only for its own branch (free days).
      who: 'everyone',
      scope: { only: [A, PL, FL], otherwise: 403, but: { 'Filialleitung@Hamburg': 404 } },
      sample: (d) => ({ url: `/api/user/${d.user.Verkauf}`, payload: d.verkaufForm }),
    },
    {
      // The own settings: only the person himself.
      who: 'everyone',
      scope: { only: [VK], otherwise: 403 },
      sample: (d) => ({ url: `/api/user/${d.user.Verkauf}`, payload: { user: { firstName: (d.verkaufForm.user as { firstName: string }).firstName, lastName: (d.verkaufForm.user as { lastName: string }).lastName, phone: '0221 1234' } } }),
    },
  ],
  'GET /api/activate/user/:id': {
    who: USER_KEYS,
    // Admin switches the Köln colleague off, Personalleitung on again.
    sample: (d) => ({ url: `/api/activate/user/${d.user.koelnStaff}` }),
  },
  'DELETE /api/user/:id': {
    who: USER_KEYS,
    sample: (d) => ({ url: `/api/user/${d.user.koelnStaff}` }),
    fresh: async (f, c) => ({ url: `/api/user/${await create(f, '/api/user', { ...newUser(`Weg${slug(c)}`, f.d.loc.koeln, `W-${nr(c)}`), role: 'Verkauf' })}` }),
  },
  // Erasure of a person who left (Art. 17): HR and Admin; only an inactive person is erased.
  'GET /api/user/:id/erase': { who: [A, PL], sample: (d) => ({ url: `/api/user/${d.user.koelnStaff}/erase` }) },
  'POST /api/user/:id/erase': {
    who: [A, PL],
    sample: (d) => ({ url: `/api/user/${d.user.koelnStaff}/erase` }),
    fresh: async (f, c) => {
      const input = newUser(`Aus${slug(c)}`, f.d.loc.koeln, `X-${nr(c)}`);
      return { url: `/api/user/${await create(f, '/api/user', { ...input, user: { ...input.user, active: false }, role: 'Verkauf' })}/erase` };
    },
  },
  'GET /api/avatar/:id': { who: 'everyone', sample: (d) => ({ url: `/api/avatar/${d.avatar}` }) },

  // Groups and permissions
  'GET /api/team': { who: 'everyone', sample: () => ({ url: '/api/team' }) },
  'GET /api/permission': { who: 'everyone', sample: () => ({ url: '/api/permission' }) },
  'POST /api/team': { who: [A], sample: (_d, c) => ({ url: '/api/team', payload: { team: { name: `Neue Gruppe ${slug(c)}`, permissions: [] } } }) },
  'PUT /api/team': { who: [A], sample: (d) => ({ url: '/api/team', payload: { team: { id: d.group, name: 'Prüfgruppe', permissions: ['dashboard_menu_sehen'] } } }) },
  'PUT /api/team/:id': { who: [A], sample: (d) => ({ url: `/api/team/${d.group}`, payload: { team: { name: 'Prüfgruppe', permissions: ['dashboard_menu_sehen'] } } }) },
  'POST /api/export-teams': { who: USER_KEYS, sample: () => ({ url: '/api/export-teams' }) },

  // Locations
  'GET /api/location/list/:page': { who: 'everyone', sample: () => ({ url: '/api/location/list/0' }) },
  'GET /api/count/location/': { who: 'everyone', sample: () => ({ url: '/api/count/location/' }) },
  'POST /api/location': { who: LOCATIONS, sample: (_d, c) => ({ url: '/api/location', payload: locationBody(`Neuer Standort ${slug(c)}`) }) },
  'PUT /api/location/:id': { who: LOCATIONS, sample: (d) => ({ url: `/api/location/${d.loc.test}`, payload: locationBody('Prüfstandort') }) },
  'DELETE /api/location/:id': {
    who: LOCATIONS,
    sample: (d) => ({ url: `/api/location/${d.loc.empty}` }),
    fresh: async (f, c) => ({ url: `/api/location/${await create(f, '/api/location', locationBody(`Weg ${slug(c)}`))}` }),
  },
  'POST /api/export-locations': { who: LOCATIONS, sample: () => ({ url: '/api/export-locations' }) },

  // Special appointments
  'GET /api/locationspecialappointment/list/:page': { who: SPECIALS, sample: () => ({ url: '/api/locationspecialappointment/list/0' }) },
  'POST /api/locationspecialappointment/check': {
    who: SPECIALS,
    sample: (d) => ({ url: '/api/locationspecialappointment/check', payload: { locationSpecialAppointment: { info: 'Prüfung', date: `${NEXT}-05-05`, locations: [d.loc.koeln] } } }),
  },
  'POST /api/locationspecialappointment': {
    who: SPECIALS,
    sample: (_d, c) => ({ url: '/api/locationspecialappointment', payload: { locationSpecialAppointment: { info: `Neu ${slug(c)}`, date: `${NEXT}-09-0${1 + (nr(c) % 9)}`, locations: [] } } }),
  },
  'PUT /api/locationspecialappointment': {
    who: SPECIALS,
    sample: (d) => ({ url: '/api/locationspecialappointment', payload: { locationSpecialAppointment: { id: d.special, info: 'Prüftermin', date: `${NEXT}-05-05`, endDate: `${NEXT}-05-06`, locations: [d.loc.koeln] } } }),
  },
  'DELETE /api/locationspecialappointment': {
    who: SPECIALS,
    sample: (d) => ({ url: '/api/locationspecialappointment', payload: { id: d.special } }),
    fresh: async (f, c) => ({ url: '/api/locationspecialappointment', payload: { id: await create(f, '/api/locationspecialappointment', { locationSpecialAppointment: { info: `Weg ${slug(c)}`, date: `${NEXT}-10-10` } }) } }),
  },
  'POST /api/export-special-appointments': { who: SPECIALS, sample: () => ({ url: '/api/export-special-appointments' }) },

  // Settings lists
  'GET /api/manufacturer/list': { who: 'everyone', sample: () => ({ url: '/api/manufacturer/list' }) },
  'POST /api/manufacturer': { who: MANUFACTURER_EDIT, sample: (_d, c) => ({ url: '/api/manufacturer', payload: { name: `Hersteller ${slug(c)}` } }) },
  'PUT /api/manufacturer/:id': { who: MANUFACTURER_EDIT, sample: (d) => ({ url: `/api/manufacturer/${d.manufacturer}`, payload: { name: 'Prüfhersteller' } }) },
  'DELETE /api/manufacturer/:id': {
    who: MANUFACTURER_DELETE,
    sample: (d) => ({ url: `/api/manufacturer/${d.manufacturer}` }),
    fresh: async (f, c) => ({ url: `/api/manufacturer/${await create(f, '/api/manufacturer', { name: `Weg ${slug(c)}` })}` }),
  },
  'POST /api/export-manufacturer': { who: MANUFACTURER_SEE, sample: () => ({ url: '/api/export-manufacturer' }) },
  'GET /api/color/list': { who: 'everyone', sample: () => ({ url: '/api/color/list' }) },
  'POST /api/color': { who: COLOR_EDIT, sample: (_d, c) => ({ url: '/api/color', payload: { color: { name: `Farbe ${slug(c)}`, hex: '#abcdef' } } }) },
  'PUT /api/color/:id': { who: COLOR_EDIT, sample: (d) => ({ url: `/api/color/${d.color}`, payload: { color: { name: 'Prüffarbe', hex: '#123456' } } }) },
  'DELETE /api/color/:id': {
    who: COLOR_EDIT,
    sample: (d) => ({ url: `/api/color/${d.color}` }),
    fresh: async (f, c) => ({ url: `/api/color/${await create(f, '/api/color', { color: { name: `Weg ${slug(c)}`, hex: '#000000' } })}` }),
  },
  'POST /api/export-colors': { who: COLOR_SEE, sample: () => ({ url: '/api/export-colors' }) },
  'GET /api/status/list': { who: 'everyone', sample: () => ({ url: '/api/status/list' }) },
  'POST /api/status': { who: CLAIM_SETTINGS, sample: (_d, c) => ({ url: '/api/status', payload: { status: { name: `Status ${slug(c)}` } } }) },
  'PUT /api/status/:id': { who: CLAIM_SETTINGS, sample: (d) => ({ url: `/api/status/${d.status}`, payload: { status: { name: 'Prüfstatus' } } }) },
  'DELETE /api/status/:id': {
    who: CLAIM_SETTINGS,
    sample: (d) => ({ url: `/api/status/${d.status}` }),
    fresh: async (f, c) => ({ url: `/api/status/${await create(f, '/api/status', { status: { name: `Weg ${slug(c)}` } })}` }),
  },
  'POST /api/export-status': { who: CLAIM_SETTINGS, sample: () => ({ url: '/api/export-status' }) },
  ...claimList('manufacturer', 'Prüf-Hersteller'),
  ...claimList('quality', 'Prüf-Qualität'),
  ...claimList('reason', 'Prüf-Grund'),
  // News, likes, comments, seen markers
  'GET /api/news/list/:from': { who: STAFF, sample: () => ({ url: '/api/news/list/0' }) },
  'GET /api/news/unseen': { who: STAFF, sample: () => ({ url: '/api/news/unseen' }) },
  'GET /api/news/:id': { who: STAFF, scope: { only: KOELN_NEWS, otherwise: 404 }, sample: (d) => ({ url: `/api/news/${d.news.item}` }) },
  'POST /api/news': { who: NEWS_EDIT, sample: (_d, c) => ({ url: '/api/news', payload: { title: `Prüfnews ${slug(c)}`, text: '<p>Text</p>', date: new Date().toISOString().slice(0, 10) } }) },
  'POST /api/news/audience': { who: NEWS_EDIT, sample: (d) => ({ url: '/api/news/audience', payload: { teams: [], locations: [d.loc.koeln] } }) },
  'PUT /api/news': {
    who: NEWS_EDIT,
    sample: (d) => ({ url: '/api/news', payload: { id: d.news.item, title: 'Prüfnews Köln', text: '<p>Nur Köln</p>', date: new Date().toISOString().slice(0, 10), locations: [d.loc.koeln] } }),
  },
  'DELETE /api/news/:id': {
    who: NEWS_DELETE,
    sample: (d) => ({ url: `/api/news/${d.news.item}` }),
    fresh: async (f, c) => ({ url: `/api/news/${await create(f, '/api/news', { title: `Weg ${slug(c)}`, text: '<p>x</p>', date: new Date().toISOString().slice(0, 10) })}` }),
  },
  'GET /api/download/resource/:id': { who: STAFF, scope: { only: KOELN_NEWS, otherwise: 404 }, sample: (d) => ({ url: `/api/download/resource/${d.news.file}` }) },
  'POST /api/download/resource/:id': { who: STAFF, scope: { only: KOELN_NEWS, otherwise: 404 }, sample: (d) => ({ url: `/api/download/resource/${d.news.file}` }) },
  'POST /api/like': { who: STAFF, scope: { only: KOELN_NEWS, otherwise: 404 }, sample: (d) => ({ url: '/api/like', payload: { entity: 'News', entityId: d.news.item } }) },
  'POST /api/likes': { who: REACT, sample: (d) => ({ url: '/api/likes', payload: { entity: 'News', entityIds: [d.news.item] } }) },
  'GET /api/likes': { who: [A, PL, VL, VW, FL], scope: { only: [A, PL, VL, VW, FL], otherwise: 404 }, sample: (d) => ({ url: `/api/likes?entity=News&entityId=${d.news.item}` }) },
  'POST /api/comments': { who: STAFF, scope: { only: KOELN_NEWS, otherwise: 404 }, sample: (d) => ({ url: '/api/comments', payload: { entity: 'News', entityId: d.news.item } }) },
  'POST /api/comment': {
    who: STAFF,
    scope: { only: KOELN_NEWS, otherwise: 404 },
    sample: (d, c) => ({ url: '/api/comment', payload: { entity: 'News', entityId: d.news.item, comment: `Prüfung ${slug(c)}` } }),
  },
  'PUT /api/comment': {
    who: REACT,
    // Verkauf Köln's comment: he himself and the global moderators; other readers of the item may not, the rest do not see it.
    scope: { only: [A, PL, VW, VK], otherwise: 404, but: { Vertriebsleitung: 403, Filialleitung: 403, Azubi: 403, Bodenleger: 403 } },
    sample: (d) => ({ url: '/api/comment', payload: { commentId: d.news.comment, comment: 'Prüfkommentar' } }),
  },
  'DELETE /api/comment': {
    who: NEWS_DELETE,
    sample: (d) => ({ url: '/api/comment', payload: { commentId: d.news.comment } }),
    fresh: async (f, c) => ({ url: '/api/comment', payload: { commentId: await create(f, '/api/comment', { entity: 'News', entityId: f.d.news.item, comment: `Weg ${slug(c)}` }) } }),
  },
  'POST /api/news/:id/confirm': { who: STAFF, sample: (d) => ({ url: `/api/news/${d.news.notice}/confirm` }) },
  'GET /api/news/:id/confirmations': { who: NEWS_EDIT, sample: (d) => ({ url: `/api/news/${d.news.notice}/confirmations` }) },
  'POST /api/news/:id/confirmations/export': { who: NEWS_EDIT, sample: (d) => ({ url: `/api/news/${d.news.notice}/confirmations/export` }) },
  'POST /api/news/:id/remind': { who: NEWS_EDIT, sample: (d) => ({ url: `/api/news/${d.news.notice}/remind` }) },
  'PUT /api/seen/:page': { who: 'everyone', sample: () => ({ url: '/api/seen/news' }) },
  'GET /api/search': { who: 'everyone', sample: () => ({ url: '/api/search?q=muller' }) },

  // The audit trail and the retention periods: Admin alone.
  'GET /api/audit': { who: [A], sample: () => ({ url: '/api/audit?entity=location' }) },
  'GET /api/audit/export': { who: [A], sample: () => ({ url: '/api/audit/export?since=2026-01-01' }) },
  'GET /api/globalsettings/retention': { who: [A], sample: () => ({ url: '/api/globalsettings/retention' }) },
  'PUT /api/globalsettings/retention': { who: [A], sample: () => ({ url: '/api/globalsettings/retention', payload: { retention: RETENTION_DEFAULTS } }) },

  // Trainings
  'GET /api/training/list/:from/:old': { who: STAFF, sample: () => ({ url: '/api/training/list/0/0' }) },
  'GET /api/usertrainings': { who: STAFF, sample: () => ({ url: '/api/usertrainings' }) },
  'GET /api/training/:id': { who: STAFF, sample: (d) => ({ url: `/api/training/${d.training.open}` }) },
  'GET /api/user/listallfortraining': { who: [A, PL, VL, VW, ZLL, FL, FR], sample: () => ({ url: '/api/user/listallfortraining' }) },
  'POST /api/training': { who: TRAININGS_ORGANISE, sample: (d, c) => ({ url: '/api/training', payload: trainingBody(`Prüfschulung ${slug(c)}`, d.user.Admin) }) },
  'PUT /api/training/:id': { who: TRAININGS_ORGANISE, sample: (d) => ({ url: `/api/training/${d.training.open}`, payload: trainingBody('Prüfschulung', d.user.Admin, 40) }) },
  'POST /api/training/:id/cancel': {
    who: TRAININGS_ORGANISE,
    sample: (d) => ({ url: `/api/training/${d.training.open}/cancel` }),
    fresh: async (f, c) => ({ url: `/api/training/${await create(f, '/api/training', trainingBody(`Absage ${slug(c)}`, f.d.user.Admin))}/cancel` }),
  },
  'DELETE /api/training/:id': {
    who: TRAININGS_ORGANISE,
    sample: (d) => ({ url: `/api/training/${d.training.open}` }),
    fresh: async (f, c) => ({ url: `/api/training/${await create(f, '/api/training', trainingBody(`Weg ${slug(c)}`, f.d.user.Admin))}` }),
  },
  'POST /api/training/registerdirect': { who: STAFF, sample: (d) => ({ url: '/api/training/registerdirect', payload: { id: d.training.open } }) },
  'POST /api/training/register/:id': {
    who: [A, PL, VL, VW, ZLL, FL, FR],
    // Verkauf Köln: everyone's registrars, and the Filialleitung of Köln.
    scope: { only: [A, PL, VL, VW, FL], otherwise: 403 },
    sample: (d) => ({ url: `/api/training/register/${d.training.open}`, payload: { users: [d.user.Verkauf] } }),
  },
  'POST /api/training/register/approve/:id': {
    who: STAFF,
    // Verkauf Köln's registration: those who approve for everyone or for Köln; whoever sees it but may not approve gets 403.
    scope: { only: [A, PL, VW, FL], otherwise: 404, but: { Vertriebsleitung: 403, Verkauf: 403 } },
    sample: (d) => ({ url: `/api/training/register/approve/${d.training.registration}` }),
    fresh: async (f, c) => ({ url: `/api/training/register/approve/${await freshRegistration(f, c)}` }),
  },
  'POST /api/training/register/decline/:id': {
    who: STAFF,
    scope: { only: [A, PL, VW, FL, VK], otherwise: 404, but: { Vertriebsleitung: 403 } },
    sample: (d) => ({ url: `/api/training/register/decline/${d.training.registration}` }),
    fresh: async (f, c) => ({ url: `/api/training/register/decline/${await freshRegistration(f, c)}` }),
  },
  // Whoever downloads lists (everyone's or the own location's); the contact person (Admin here) too. Others: 403.
  'POST /api/exporttraining/:id': { who: STAFF, scope: { only: [A, PL, VW, ZLL, FL, 'Filialleitung@Hamburg'], otherwise: 403 }, sample: (d) => ({ url: `/api/exporttraining/${d.training.open}` }) },
  'POST /api/exportcurrenttraining/:id': { who: STAFF, scope: { only: [A, PL, VW, ZLL, FL, 'Filialleitung@Hamburg'], otherwise: 403 }, sample: (d) => ({ url: `/api/exportcurrenttraining/${d.training.open}` }) },
  'POST /api/exporttrainingratings/:id': { who: [A, PL, VW, ZLL, FL], sample: (d) => ({ url: `/api/exporttrainingratings/${d.training.past}` }) },
  'GET /api/trainingoverview/:locationId': { who: [A, PL, VL, VT, VW], sample: (d) => ({ url: `/api/trainingoverview/${d.loc.koeln}` }) },
  'POST /api/exporttrainingoverview/:locationId': { who: [A, PL, VL, VT, VW], sample: () => ({ url: '/api/exporttrainingoverview/all?year=0' }) },
  // Verkauf Köln's place in the past training: old_training_participant_list_can_edit (no contact person here); who sees it otherwise: 403.
  'POST /api/training/register/attendance/:id': {
    who: STAFF,
    scope: { only: [A, PL, VW], otherwise: 404, but: { Vertriebsleitung: 403, Verkauf: 403, Filialleitung: 403 } },
    sample: (d) => ({ url: `/api/training/register/attendance/${d.training.pastRegistration}`, payload: { attended: true } }),
  },
  'POST /api/valuation': {
    who: STAFF,
    // Only Verkauf Köln attended the past training.
    scope: { only: [VK], otherwise: 403 },
    sample: (d) => ({ url: '/api/valuation', payload: { valuation: { trainingId: d.training.past, answers: [{ label: 'Wie war es?', value: 'Gut' }] } } }),
    fresh: async (f) => ({ url: '/api/valuation', payload: { valuation: { trainingId: await pastTrainingOf(f.t, f.d.user.Verkauf), answers: [{ label: 'Wie war es?', value: 'Gut' }] } } }),
  },

  // Assortment
  'GET /api/category/list/:page': { who: SORTIMENT, sample: () => ({ url: '/api/category/list/0' }) },
  'GET /api/category/:id': { who: SORTIMENT, sample: (d) => ({ url: `/api/category/${d.assortment.category}` }) },
  'POST /api/category': { who: CATEGORY_EDIT, sample: (_d, c) => ({ url: '/api/category', payload: { category: { name: `Prüfsortiment ${slug(c)}` } } }) },
  'PUT /api/category/:id': { who: CATEGORY_EDIT, sample: (d) => ({ url: `/api/category/${d.assortment.category}`, payload: { category: { name: 'Prüfsortiment' } } }) },
  'DELETE /api/category/:id': {
    who: CATEGORY_EDIT,
    sample: (d) => ({ url: `/api/category/${d.assortment.category}` }),
    fresh: async (f, c) => ({ url: `/api/category/${await create(f, '/api/category', { category: { name: `Weg ${slug(c)}` } })}` }),
  },
  'POST /api/addcategoryfolder': { who: CATEGORY_EDIT, sample: (d, c) => ({ url: '/api/addcategoryfolder', payload: { categoryId: d.assortment.category, parentId: null, name: `Ordner ${slug(c)}` } }) },
  'PUT /api/categoryfolder/:id': { who: CATEGORY_EDIT, sample: (d) => ({ url: `/api/categoryfolder/${d.assortment.folder}`, payload: { name: 'Datenblätter' } }) },
  'POST /api/addcategoryfile': { who: CATEGORY_EDIT, sample: (d, c) => ({ url: '/api/addcategoryfile', payload: { categoryId: d.assortment.category, folderId: null, name: `${slug(c)}.pdf`, data: PDF } }) },
  'POST /api/deletecategoryfileorfolder': {
    who: CATEGORY_EDIT,
    sample: (d) => ({ url: '/api/deletecategoryfileorfolder', payload: { type: 'folder', id: d.assortment.folder } }),
    fresh: async (f, c) => ({ url: '/api/deletecategoryfileorfolder', payload: { type: 'folder', id: await freshFolder(f, c) } }),
  },
  'POST /api/movefile': { who: CATEGORY_EDIT, sample: (d) => ({ url: '/api/movefile', payload: { fileId: d.assortment.file, folderId: null } }) },
  'GET /api/categoryfile/:id': { who: SORTIMENT, sample: (d) => ({ url: `/api/categoryfile/${d.assortment.file}` }) },

  // Articles and stock
  'GET /api/article/filter/:category/:manufacturer/:decor/:number/:offset': { who: SORTIMENT, sample: (d) => ({ url: `/api/article/filter/${d.assortment.category}/null/null/null/0` }) },
  'GET /api/article/listall/:category/:manufacturer/:decor/:number': { who: SORTIMENT, sample: (d) => ({ url: `/api/article/listall/${d.assortment.category}/null/null/null` }) },
  'GET /api/article/ean/:ean': { who: SORTIMENT, sample: (d) => ({ url: `/api/article/ean/${d.assortment.ean}` }) },
  'GET /api/article/offline/:category': { who: SORTIMENT, sample: (d) => ({ url: `/api/article/offline/${d.assortment.category}?location=${d.loc.koeln}` }) },
  'GET /api/article/:id': { who: SORTIMENT, sample: (d) => ({ url: `/api/article/${d.assortment.article}` }) },
  'GET /api/article/:id/history': { who: SORTIMENT, sample: (d) => ({ url: `/api/article/${d.assortment.article}/history` }) },
  'POST /api/article': {
    who: ARTICLE_EDIT,
    sample: (d, c) => ({ url: '/api/article', payload: { article: articleBody(d.assortment.category, d.assortment.manufacturer, `PR-N${nr(c)}`, String(4009999100000 + nr(c))) } }),
  },
  'PUT /api/article/:id': { who: ARTICLE_EDIT, sample: (d) => ({ url: `/api/article/${d.assortment.article}`, payload: { article: articleBody(d.assortment.category, d.assortment.manufacturer, 'PR-1', d.assortment.ean) } }) },
  'DELETE /api/article/:id': {
    who: [A, VL],
    sample: (d) => ({ url: `/api/article/${d.assortment.article}` }),
    fresh: async (f, c) => ({ url: `/api/article/${await create(f, '/api/article', { article: articleBody(f.d.assortment.category, f.d.assortment.manufacturer, `PR-W${nr(c)}`, String(4009999200000 + nr(c))) })}` }),
  },
  'PUT /api/article/:id/active': { who: ARTICLE_EDIT, sample: (d) => ({ url: `/api/article/${d.assortment.article}/active`, payload: { active: true } }) },
  'GET /api/articlebackground/:id/:color': { who: ARTICLE_LABEL, sample: (d) => ({ url: `/api/articlebackground/${d.assortment.article}/null` }) },
  'POST /api/article/updatestock': {
    who: STOCK_EDIT,
    scope: { only: KOELN_STOCK, otherwise: 403 },
    sample: (d) => ({ url: '/api/article/updatestock', payload: { ean: d.assortment.ean, location: d.loc.koeln, count: 5 } }),
  },
  'POST /api/article/filterlist': { who: SORTIMENT, sample: (d) => ({ url: '/api/article/filterlist', payload: { articles: [d.assortment.article] } }) },
  'POST /api/locationsortimenthistory': {
    who: STOCK_EDIT,
    scope: { only: KOELN_STOCK, otherwise: 403 },
    sample: (d) => ({ url: '/api/locationsortimenthistory', payload: { locationSortimentHistory: { sortiment: d.assortment.category, location: d.loc.koeln } } }),
  },
  'GET /api/locationsortimenthistory/:sortiment': { who: SORTIMENT, sample: (d) => ({ url: `/api/locationsortimenthistory/${d.assortment.category}` }) },
  'GET /api/locationsortimenthistory/:sortiment/:location': { who: SORTIMENT, sample: (d) => ({ url: `/api/locationsortimenthistory/${d.assortment.category}/${d.loc.koeln}` }) },
  'POST /api/export/:category/:manufacturer/:decor/:quality/:offset/:count': { who: ARTICLE_EXPORT, sample: (d) => ({ url: `/api/export/${d.assortment.category}/null/null/null/0/10` }) },

  // Claims
  'GET /api/claims/list/:from': { who: CLAIMS, sample: () => ({ url: '/api/claims/list/0?completed=false' }) },
  'GET /api/claims/:id': { who: CLAIMS, scope: { only: KOELN_CLAIMS, otherwise: 404 }, sample: (d) => ({ url: `/api/claims/${d.claimKoeln}` }) },
  'POST /api/claims': {
    who: CLAIMS,
    scope: { only: KOELN_CLAIMS, otherwise: 403 },
    sample: (d, c) => ({ url: '/api/claims', payload: { claim: { type: 'customer-item', locationId: d.loc.koeln, customerName: `Kunde ${slug(c)}` } } }),
  },
  'PUT /api/claims/:id': {
    who: CLAIMS,
    scope: { only: KOELN_CLAIMS, otherwise: 404 },
    sample: (d) => ({ url: `/api/claims/${d.claimKoeln}`, payload: { claim: { type: 'customer-item', locationId: d.loc.koeln, customerName: 'Prüfkunde' } } }),
  },
  'PUT /api/checklist/:id': {
    who: CLAIMS,
    scope: { only: KOELN_CLAIMS, otherwise: 404 },
    sample: (d) => ({ url: `/api/checklist/${d.claimKoeln}`, payload: { checklist: { scenario: '2', additionalInfo: 'geprüft', lueckentext: { articleId: d.assortment.article, articleNumber: 'PR-1' } } } }),
  },
  'POST /api/claims/:id/files/:field': {
    who: CLAIMS,
    scope: { only: KOELN_CLAIMS, otherwise: 404 },
    sample: (d, c) => ({ url: `/api/claims/${d.claimKoeln}/files/customerInvoiceUploads?name=rechnung-${slug(c)}.pdf`, payload: Buffer.from(`${PDF_TEXT}% ${slug(c)}\n`), contentType: 'application/octet-stream' }),
  },
  'DELETE /api/claims/:id/files/:fileId': {
    who: CLAIMS,
    scope: { only: KOELN_CLAIMS, otherwise: 404 },
    sample: (d) => ({ url: `/api/claims/${d.claimKoeln}/files/${d.claimPhoto}` }),
    fresh: async (f, c) => {
      const res = await f.t.as(f.tokens.get('Admin')!, { method: 'POST', url: `/api/claims/${f.d.claimKoeln}/files/pictures?name=weg-${slug(c)}.pdf`, payload: Buffer.from(`${PDF_TEXT}% weg ${slug(c)}\n`), headers: { 'content-type': 'application/octet-stream' } });
      const pictures = (res.json() as { claim: { checklist: { pictures: { id: string; name: string }[] } } }).claim.checklist.pictures;
      return { url: `/api/claims/${f.d.claimKoeln}/files/${pictures.find((p) => p.name === `weg-${slug(c)}.pdf`)!.id}` };
    },
  },
  'GET /api/claimfile/:id': { who: CLAIMS, scope: { only: KOELN_CLAIMS, otherwise: 404 }, sample: (d) => ({ url: `/api/claimfile/${d.claimPhoto}` }) },
  'GET /api/claimfile/:id/thumbnail': { who: CLAIMS, scope: { only: KOELN_CLAIMS, otherwise: 404 }, sample: (d) => ({ url: `/api/claimfile/${d.claimPhoto}/thumbnail` }) },
  'POST /api/claims/:id/stockcorrection': {
    who: CLAIM_EXPORT,
    // Booking roles that also change Köln's stock; a negative amount books back, so every call can.
    scope: { only: [A, VL, ZLL], otherwise: 403 },
    sample: (d) => ({ url: `/api/claims/${d.claimKoeln}/stockcorrection`, payload: { articleId: d.assortment.article, locationId: d.loc.koeln, quantity: -1 } }),
  },
  'GET /api/claims/:id/supplierpackage': { who: CLAIMS, scope: { only: KOELN_CLAIMS, otherwise: 404 }, sample: (d) => ({ url: `/api/claims/${d.claimKoeln}/supplierpackage` }) },
  'GET /api/folder/list': { who: STAFF, sample: () => ({ url: '/api/folder/list' }) },
  'GET /api/folder/list/': { who: STAFF, sample: () => ({ url: '/api/folder/list/' }) },
  'GET /api/folder/listall': { who: STAFF, sample: () => ({ url: '/api/folder/listall' }) },
  'GET /api/folder/tree': { who: STAFF, sample: () => ({ url: '/api/folder/tree' }) },
  'GET /api/folder/show/:id': { who: STAFF, sample: (d) => ({ url: `/api/folder/show/${d.library.folder}` }) },
  'GET /api/folder/showbyshortlink/:link': { who: STAFF, sample: () => ({ url: '/api/folder/showbyshortlink/pruefordner' }) },
  'GET /api/document/list/:from': { who: STAFF, sample: (d) => ({ url: `/api/document/list/0?folder=${d.library.folder}` }) },
  'POST /api/folder': { who: DOCUMENTS_EDIT, sample: (d, c) => ({ url: '/api/folder', payload: { folder: { name: `Prüfordner ${slug(c)}`, parent: d.library.folder } } }) },
  'PUT /api/folder': { who: DOCUMENTS_EDIT, sample: (d) => ({ url: '/api/folder', payload: { folder: { __identity: d.library.folder, name: 'Prüfordner' } } }) },
  'DELETE /api/folder/:id': {
    who: DOCUMENTS_EDIT,
    sample: (d) => ({ url: `/api/folder/${d.library.folder}` }),
    fresh: async (f, c) => ({ url: `/api/folder/${await create(f, '/api/folder', { folder: { name: `Weg ${slug(c)}` } })}` }),
  },
  'POST /api/document': {
    who: DOCUMENTS_EDIT,
    sample: (d, c) => ({ url: `/api/document?parent=${d.library.folder}&name=neu-${slug(c)}.pdf`, payload: Buffer.from(`${PDF_TEXT}% ${slug(c)}\n`), contentType: 'application/octet-stream' }),
  },
  'POST /api/document/names': { who: DOCUMENTS_EDIT, sample: (d) => ({ url: '/api/document/names', payload: { parent: d.library.folder, names: ['pruef.pdf'] } }) },
  'PUT /api/document': { who: DOCUMENTS_EDIT, sample: (d) => ({ url: '/api/document', payload: { document: { __identity: d.library.document, name: 'pruef.pdf', parent: d.library.folder } } }) },
  'DELETE /api/document/:id': {
    who: DOCUMENTS_EDIT,
    sample: (d) => ({ url: `/api/document/${d.library.document}` }),
    fresh: async (f, c) => {
      const res = await f.t.as(f.tokens.get('Admin')!, { method: 'POST', url: `/api/document?parent=${f.d.library.folder}&name=weg-${slug(c)}.pdf`, payload: Buffer.from(`${PDF_TEXT}% weg ${slug(c)}\n`), headers: { 'content-type': 'application/octet-stream' } });
      return { url: `/api/document/${idOf(res.json())}` };
    },
  },
  'PUT /api/documentsl/:id': { who: DOCUMENTS_EDIT, sample: (d) => ({ url: `/api/documentsl/${d.library.document}`, payload: { shortLink: 'pruefdokument' } }) },
  'PUT /api/foldersl/:id': { who: DOCUMENTS_EDIT, sample: (d) => ({ url: `/api/foldersl/${d.library.folder}`, payload: { shortLink: 'pruefordner' } }) },
  'POST /api/documentsearch/:term': { who: STAFF.filter((r) => r !== AH), sample: () => ({ url: '/api/documentsearch/pruef' }) },
  'GET /api/download/:token': { who: STAFF, sample: () => ({ url: '/api/download/pruefdokument' }) },
  'POST /api/download/:token': { who: STAFF, sample: (d) => ({ url: `/api/download/${d.library.document}` }) },
  'GET /api/claimarticle/search': { who: CLAIMS, sample: () => ({ url: '/api/claimarticle/search?term=PR' }) },
  'POST /api/exportclaim/:locationId': { who: CLAIM_EXPORT, sample: (d) => ({ url: `/api/exportclaim/${d.loc.koeln}` }) },

  // Advertising
  'GET /api/advertising/list/:from': { who: ADVERTISING, sample: () => ({ url: '/api/advertising/list/0' }) },
  'GET /api/advertising/:id': { who: ADVERTISING, scope: { only: ADVERTISING_ALL, otherwise: 404 }, sample: (d) => ({ url: `/api/advertising/${d.advertising.upcoming}` }) },
  'GET /api/advertising/:id/file': { who: ADVERTISING, scope: { only: ADVERTISING_ALL, otherwise: 404 }, sample: (d) => ({ url: `/api/advertising/${d.advertising.upcoming}/file` }) },
  'GET /api/advertising/:id/thumbnail': { who: ADVERTISING, scope: { only: ADVERTISING_ALL, otherwise: 404 }, sample: (d) => ({ url: `/api/advertising/${d.advertising.upcoming}/thumbnail` }) },
  'POST /api/advertising': {
    who: ADVERTISING_EDIT,
    sample: (_d, c) => ({ url: `/api/advertising?${new URLSearchParams({ title: `Werbung ${slug(c)}`, showFrom: `${NEXT}-04-01`, name: 'flyer.pdf' })}`, payload: Buffer.from(`${PDF_TEXT}% ${slug(c)}\n`), contentType: 'application/octet-stream' }),
  },
  'PUT /api/advertising': {
    who: ADVERTISING_EDIT,
    sample: (d) => ({ url: '/api/advertising', payload: { advertising: { __identity: d.advertising.upcoming, title: 'Prüfwerbung demnächst', showFrom: `${NEXT}-03-01`, articles: ['PR-1'] } } }),
  },
  'POST /api/advertising/:id/file': {
    who: ADVERTISING_EDIT,
    sample: (d) => ({ url: `/api/advertising/${d.advertising.current}/file?name=pruef.pdf`, payload: Buffer.from(PDF_TEXT), contentType: 'application/octet-stream' }),
  },
  'DELETE /api/advertising/:id': {
    who: ADVERTISING_EDIT,
    sample: (d) => ({ url: `/api/advertising/${d.advertising.current}` }),
    fresh: async (f, c) => {
      const query = new URLSearchParams({ title: `Weg ${slug(c)}`, showFrom: `${NEXT}-04-01`, name: 'weg.pdf' });
      const res = await f.t.as(f.tokens.get('Admin')!, { method: 'POST', url: `/api/advertising?${query}`, payload: Buffer.from(PDF_TEXT), headers: { 'content-type': 'application/octet-stream' } });
      return { url: `/api/advertising/${idOf(ok(res, 'fresh advertising'))}` };
    },
  },
  'POST /api/exportadvertising/:id': { who: ADVERTISING, sample: (d) => ({ url: `/api/exportadvertising/${d.advertising.current}` }) },

  'GET /api/globalsettings': { who: 'everyone', sample: () => ({ url: '/api/globalsettings' }) },
  'PUT /api/globalsettings/:id': {
    who: [A, VL, VW],
    sample: (d) => ({ url: `/api/globalsettings/${d.globalSettings}`, payload: { globalSettings: { sortimentSheetUrl: '' } } }),
  },
  'PUT /api/globalsettings/:id/carryover': {
    who: [A, PL],
    sample: (d) => ({ url: `/api/globalsettings/${d.globalSettings}/carryover`, payload: { globalSettings: { carryOverExpiry: '31.03.' } } }),
  },

  // Tasks
  'GET /api/task/list/:from/:location/:team/:completed': { who: STAFF, sample: () => ({ url: '/api/task/list/0/all/all/0' }) },
  'GET /api/task/count': { who: STAFF, sample: () => ({ url: '/api/task/count' }) },
  'POST /api/export-tasks': { who: STAFF, sample: () => ({ url: '/api/export-tasks' }) },
  'POST /api/task': {
    who: DELEGATE,
    // A task to Verkauf Köln: everyone may address anyone, own-branch delegators only their branch.
    scope: { only: [A, PL, VL, VW, FL], otherwise: 403 },
    sample: (d, c) => ({ url: '/api/task', payload: taskBody(d, `Prüfaufgabe ${slug(c)}`) }),
  },
  'PUT /api/task/:id': {
    who: STAFF,
    // Only its recipients (the Köln shop staff) tick a task; for everyone else it does not exist.
    scope: { only: [VK, AZ, AH], otherwise: 404 },
    sample: (d) => ({ url: `/api/task/${d.task}`, payload: { task: { completed: false } } }),
  },
  'GET /api/subtasks/:id': { who: STAFF, scope: { only: [FL, VK, AZ, AH], otherwise: 404 }, sample: (d) => ({ url: `/api/subtasks/${d.task}` }) },
  'PUT /api/subtasks/:id/:subtaskId': {
    who: STAFF,
    scope: { only: [VK, AZ, AH], otherwise: 404 },
    sample: (d) => ({ url: `/api/subtasks/${d.task}/${d.subtask}`, payload: { completed: false } }),
  },
  'DELETE /api/task/:id': {
    who: DELEGATE,
    // Only its creator (Filialleitung Köln) deletes a task.
    scope: { only: [FL], otherwise: 404 },
    sample: (d) => ({ url: `/api/task/${d.task}` }),
    fresh: async (f, c) => ({ url: `/api/task/${await create(f, '/api/task', taskBody(f.d, `Weg ${slug(c)}`), f.tokens.get(c))}` }),
  },

  // Vacation
  'POST /api/appointment': [
    {
      // An own request: every employee, the Hamburg ones too.
      who: STAFF,
      sample: (d, c) => ({ url: '/api/appointment', payload: { appointment: { userId: c === 'anonym' ? d.user.Verkauf : idOfCaller(d, c), startDate: weekDay(NEXT, 10), endDate: weekDay(NEXT, 10, 4) } } }),
    },
    {
      // A request in Verkauf Köln's name: only he himself.
      who: STAFF,
      scope: { only: [VK], otherwise: 403 },
      sample: (d) => ({ url: '/api/appointment', payload: { appointment: { userId: d.user.Verkauf, startDate: weekDay(NEXT, 12), endDate: weekDay(NEXT, 12, 4) } } }),
    },
  ],
  'GET /api/absence/:from/:location/:view': { who: STAFF, sample: () => ({ url: '/api/absence/0/all/1' }) },
  'GET /api/user/listallabsenceuseroverview': { who: STAFF, sample: () => ({ url: '/api/user/listallabsenceuseroverview' }) },
  'GET /api/user-contingents': { who: STAFF, sample: () => ({ url: '/api/user-contingents' }) },
  'POST /api/exportabsence/:location/:view': { who: REPORTS, sample: () => ({ url: '/api/exportabsence/all/1' }) },
  'PUT /api/updateabsence/:id/:approved': {
    who: VACATION_DECIDE,
    // Verkauf Köln's request: everyone's approvers and his own branch's; other approvers never see it.
    scope: { only: [A, PL, FL], otherwise: 404 },
    sample: (d) => ({ url: `/api/updateabsence/${d.vacation}/1` }),
    fresh: async (f) => ({ url: `/api/updateabsence/${await openVacation(f)}/1` }),
  },
  'GET /api/appointment/:id/warnings': {
    who: STAFF,
    // Verkauf Köln's request: he himself and whoever may decide it.
    scope: { only: [A, PL, FL, VK], otherwise: 404 },
    sample: (d) => ({ url: `/api/appointment/${d.vacation}/warnings` }),
  },
  'GET /api/deputyrequests': { who: STAFF, sample: () => ({ url: '/api/deputyrequests' }) },
  'GET /api/deputycandidates': { who: STAFF, sample: () => ({ url: '/api/deputycandidates' }) },
  'POST /api/appointment/:id/deputy/decline': {
    who: STAFF,
    // Only the deputy the request names (the Azubi of Köln).
    scope: { only: [AZ], otherwise: 404 },
    sample: (d) => ({ url: `/api/appointment/${d.vacation}/deputy/decline`, payload: { reason: 'Berufsschule' } }),
  },
  'DELETE /api/appointment/:id': {
    who: STAFF,
    // He withdraws his own open request; Admin and Personalleitung delete any; Filialleitung sees it but may not delete.
    scope: { only: [A, PL, VK], otherwise: 404, but: { Filialleitung: 403 } },
    sample: (d) => ({ url: `/api/appointment/${d.vacation}` }),
    fresh: async (f) => ({ url: `/api/appointment/${await openVacation(f)}` }),
  },

  // Blocked periods: everyone with vacation reads them; HR sets them everywhere, a branch's management at its branch.
  'GET /api/blockedperiods': { who: STAFF, sample: () => ({ url: '/api/blockedperiods' }) },
  'POST /api/blockedperiods': {
    who: VACATION_DECIDE,
    scope: { only: [A, PL, FL], otherwise: 403 },
    sample: (d, c) => ({ url: '/api/blockedperiods', payload: { blockedPeriod: { startDate: `${NEXT + 3}-03-0${1 + (nr(c) % 9)}`, endDate: `${NEXT + 3}-03-10`, locationId: d.loc.koeln, reason: `Sperre ${slug(c)}` } } }),
  },
  'PUT /api/blockedperiods/:id': {
    who: VACATION_DECIDE,
    // Köln's period: others cannot read it.
    scope: { only: [A, PL, FL], otherwise: 404 },
    sample: (d) => ({ url: `/api/blockedperiods/${d.blocked}`, payload: { blockedPeriod: { startDate: `${NEXT + 3}-02-01`, endDate: `${NEXT + 3}-02-05`, locationId: d.loc.koeln, reason: 'Inventur' } } }),
  },
  'DELETE /api/blockedperiods/:id': {
    who: VACATION_DECIDE,
    scope: { only: [A, PL, FL], otherwise: 404 },
    sample: (d) => ({ url: `/api/blockedperiods/${d.blocked}` }),
    fresh: async (f, c) => ({
      url: `/api/blockedperiods/${await create(f, '/api/blockedperiods', { blockedPeriod: { startDate: `${NEXT + 3}-04-01`, endDate: `${NEXT + 3}-04-02`, locationId: f.d.loc.koeln, reason: `Weg ${slug(c)}` } })}`,
    }),
  },

  // Calendar subscriptions: each person's own; the feed file answers anyone who knows its secret.
  'GET /api/ical/feeds': { who: 'everyone', sample: () => ({ url: '/api/ical/feeds' }) },
  'POST /api/ical/feeds': { who: 'everyone', sample: () => ({ url: '/api/ical/feeds', payload: { kind: 'personal' } }) },
  'DELETE /api/ical/feeds/:id': {
    who: 'everyone',
    scope: { only: [VK], otherwise: 404 },
    sample: (d) => ({ url: `/api/ical/feeds/${d.feed}` }),
    fresh: async (f, c) => ({ url: `/api/ical/feeds/${await create(f, '/api/ical/feeds', { kind: 'personal' }, f.tokens.get(c)!)}` }),
  },
  'GET /ical/:file': { who: 'public', ok: [404], sample: () => ({ url: '/ical/unbekannt.ics' }) },

  // Sick reports
  'GET /api/sickreport/:from/:location/:view': { who: SICK, sample: () => ({ url: '/api/sickreport/0/all/4' }) },
  'GET /api/sickreport/summary/:from/:location': { who: SICK, sample: () => ({ url: '/api/sickreport/summary/0/all' }) },
  'POST /api/exportsickreport/:location/:view': { who: REPORTS, sample: () => ({ url: '/api/exportsickreport/all/4' }) },
  'GET /api/countsickdays': [
    { who: 'everyone', sample: () => ({ url: '/api/countsickdays' }) },
    { who: 'everyone', scope: { only: [...KOELN_SICK, VK], otherwise: 404 }, sample: (d) => ({ url: `/api/countsickdays?userId=${d.user.Verkauf}` }) },
  ],
  'POST /api/sickreport': {
    who: SICK,
    scope: { only: KOELN_SICK, otherwise: 404 },
    sample: (d, c) => ({ url: '/api/sickreport', payload: sickOf(d.user.Verkauf, Y - 2, 1 + nr(c)) }),
  },
  'POST /api/sickreport/vacationcredit': {
    who: SICK,
    scope: { only: KOELN_SICK, otherwise: 404 },
    sample: (d) => ({ url: '/api/sickreport/vacationcredit', payload: sickOf(d.user.Verkauf, Y - 1, 10) }),
  },
  'PUT /api/sickreport/:id': {
    who: SICK,
    scope: { only: KOELN_SICK, otherwise: 404 },
    sample: (d) => ({ url: `/api/sickreport/${d.sick}`, payload: { sickReport: { userId: d.user.Verkauf, startDate: weekDay(Y - 1, 10), endDate: weekDay(Y - 1, 10, 4) } } }),
  },
  'POST /api/sickreport/:id/certificate': {
    who: SICK,
    scope: { only: KOELN_SICK, otherwise: 404 },
    sample: (d, c) => ({ url: `/api/sickreport/${d.sick}/certificate?name=au-${slug(c)}.pdf`, payload: Buffer.from(`${PDF_TEXT}% ${slug(c)}\n`), contentType: 'application/octet-stream' }),
  },
  'GET /api/sickreport/:id/certificate': { who: SICK, scope: { only: KOELN_SICK, otherwise: 404 }, sample: (d) => ({ url: `/api/sickreport/${d.sick}/certificate` }) },
  'DELETE /api/sickreport/:id/certificate': {
    who: SICK,
    scope: { only: KOELN_SICK, otherwise: 404 },
    sample: (d) => ({ url: `/api/sickreport/${d.sick}/certificate` }),
    fresh: async (f) => {
      const id = await create(f, '/api/sickreport', sickOf(f.d.user.Verkauf, Y - 3, f.nextWeek()));
      const admin = f.tokens.get('Admin')!;
      ok(await f.t.as(admin, { method: 'POST', url: `/api/sickreport/${id}/certificate?name=weg.pdf`, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(PDF_TEXT) }), 'fresh sick note');
      return { url: `/api/sickreport/${id}/certificate` };
    },
  },
  'DELETE /api/sickreport/:id': {
    who: [A, PL, FL],
    scope: { only: KOELN_SICK, otherwise: 404 },
    sample: (d) => ({ url: `/api/sickreport/${d.sick}` }),
    fresh: async (f) => ({ url: `/api/sickreport/${await create(f, '/api/sickreport', sickOf(f.d.user.Verkauf, Y - 3, f.nextWeek()))}` }),
  },

  // Holidays and school vacations
  'GET /api/holidayapi/holidays/:region': { who: 'everyone', sample: () => ({ url: '/api/holidayapi/holidays/NW' }) },
  'GET /api/schoolvacations': { who: LOCATIONS, sample: () => ({ url: '/api/schoolvacations' }) },
  'POST /api/schoolvacations/import': { who: LOCATIONS, sample: () => ({ url: '/api/schoolvacations/import', payload: { content: `NW;Prüfferien;01.07.${NEXT};10.07.${NEXT}` } }) },
  'DELETE /api/schoolvacations/:id': {
    who: LOCATIONS,
    sample: (d) => ({ url: `/api/schoolvacations/${d.schoolVacation}` }),
    fresh: async (f, c) => {
      const name = `Weg ${slug(c)}`;
      ok(await f.t.as(f.tokens.get('Admin')!, { method: 'POST', url: '/api/schoolvacations/import', payload: { content: `HH;${name};01.08.${NEXT};05.08.${NEXT}` } }), 'fresh school vacation');
      const [row] = await f.t.db.select({ id: schoolVacations.id }).from(schoolVacations).where(eq(schoolVacations.name, name));
      return { url: `/api/schoolvacations/${row!.id}` };
    },
  },

  // Attendance calendar
  'GET /api/calendar/:location': { who: STAFF, scope: { only: SEES_KOELN, otherwise: 403 }, sample: (d) => ({ url: `/api/calendar/${d.loc.koeln}` }) },
  'GET /api/calendar/:location/:date': { who: STAFF, scope: { only: SEES_KOELN, otherwise: 403 }, sample: (d) => ({ url: `/api/calendar/${d.loc.koeln}/${weekDay(NEXT, 40)}` }) },
  'POST /api/exportcalendar/:location': { who: CALENDAR_EXPORT, sample: (d) => ({ url: `/api/exportcalendar/${d.loc.koeln}` }) },
  'POST /api/exportcalendar/:location/:date': { who: CALENDAR_EXPORT, sample: (d) => ({ url: `/api/exportcalendar/${d.loc.koeln}/${weekDay(NEXT, 40)}` }) },
  'POST /api/locationappointment': {
    who: CALENDAR_EDIT,
    scope: { only: [A, PL, FL], otherwise: 403 },
    sample: (d) => ({ url: '/api/locationappointment', payload: { locationAppointment: { userId: d.user.Verkauf, date: weekDay(NEXT, 40, 2), status: 71 } } }),
  },
  'POST /api/locationinfo': {
    who: [...CALENDAR_EDIT, VW],
    // Köln's info row: its own branch and whoever edits every location's rows.
    scope: { only: [A, PL, VW, FL], otherwise: 403 },
    sample: (d) => ({ url: '/api/locationinfo', payload: { locationInfo: { locationId: d.loc.koeln, date: weekDay(NEXT, 40, 2), info: 'Prüfinfo' } } }),
  },

  // Last: logging out revokes every caller's token.
  'POST /api/logout': { who: 'everyone', sample: () => ({ url: '/api/logout' }) },
};

function claimList(kind: 'manufacturer' | 'quality' | 'reason', name: string): Record<string, Case> {
  const base = `/api/claimdropdown${kind}`;
  return {
    [`GET ${base}/list`]: { who: 'everyone', sample: () => ({ url: `${base}/list` }) },
    [`POST ${base}`]: { who: CLAIM_SETTINGS, sample: (_d, c) => ({ url: base, payload: { name: `${name} ${slug(c)}` } }) },
    [`PUT ${base}/:id`]: { who: CLAIM_SETTINGS, sample: (d) => ({ url: `${base}/${d.claim[kind]}`, payload: { name } }) },
    [`DELETE ${base}/:id`]: {
      who: CLAIM_SETTINGS,
      sample: (d) => ({ url: `${base}/${d.claim[kind]}` }),
      fresh: async (f, c) => ({ url: `${base}/${await create(f, base, { name: `Weg ${kind} ${slug(c)}` })}` }),
    },
    [`POST /api/export-claimdropdown${kind}`]: { who: CLAIM_SETTINGS, sample: () => ({ url: `/api/export-claimdropdown${kind}` }) },
  };
}

function idOfCaller(d: Demo, c: Exclude<Caller, 'anonym'>): string {
  if (c === 'Filialleitung@Hamburg') return d.user.hhFL;
  if (c === 'Verkauf@Hamburg') return d.user.hhVK;
  return d.user[c];
}

export const casesOf = (route: string): readonly Case[] => {
  const entry = ACCESS_TABLE[route]!;
  return Array.isArray(entry) ? (entry as readonly Case[]) : [entry as Case];
};

/** What a caller must get: a refusal with this status, or 'allowed' (the case's ok statuses). */
export function expectation(c: Case, caller: Caller): number | 'allowed' {
  if (caller === 'anonym') return c.who === 'public' ? 'allowed' : 401;
  if (Array.isArray(c.who) && !c.who.includes(roleOf(caller))) return 403;
  if (c.scope && !c.scope.only.includes(caller)) return c.scope.but?.[caller] ?? c.scope.otherwise;
  return 'allowed';
}
