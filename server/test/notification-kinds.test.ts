import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { addDays } from '@filialportal/core/calendar';
import type { NotificationKind } from '@filialportal/core/notifications';
import { readConfig } from '../src/config.ts';
import { notifyPublishedNews } from '../src/modules/news/index.ts';
import { news } from '../src/modules/news/news.table.ts';
import { notifyTasksDueTomorrow } from '../src/modules/tasks/index.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { claimStatuses } from '../src/modules/lists/lists.table.ts';
import { todayIso } from '../src/platform/dates.ts';
import { createMailer } from '../src/platform/mail.ts';
import { buildTestApp, readOutbox, type TestContext } from './helpers.ts';

/**
 * Who is told what (issue 35, the notification centre): each kind is caused through the API by
 * the role that does it in the shop, and the lists of the people concerned and of some who are
 * not are read through GET /api/notifications as each of them.
 */
let t: TestContext;
let ids: Record<string, string>;
let names: Record<string, string>;
/** The Filialleitung of another branch (Düsseldorf and the rest have their own). */
let otherLead: string;
const NEXT = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  t = await buildTestApp();
  const people = await t.db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users);
  ids = Object.fromEntries(people.map((p) => [p.email, p.id]));
  names = Object.fromEntries(people.map((p) => [p.email, `${p.firstName} ${p.lastName}`]));
  const koeln = (await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.email, 'filialleitung@example.com')))[0]!.locationId;
  const [lead] = await t.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(userGroups.name, 'Filialleitung'), ne(users.locationId, koeln), eq(users.active, true)))
    .orderBy(asc(users.email))
    .limit(1);
  otherLead = lead!.email;
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);

interface Listed {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  readAt: string | null;
}

async function inbox(email: string): Promise<{ notifications: Listed[]; unread: number; total: number }> {
  const res = await as(email, { method: 'GET', url: '/api/notifications' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The person's notifications of one kind whose title contains `about`. */
const told = async (email: string, kind: NotificationKind, about: string) => (await inbox(email)).notifications.filter((n) => n.kind === kind && n.title.includes(about));
const unread = async (email: string) => (await inbox(email)).unread;

/** The jobs' dependencies as the app has them; the API tests never start the scheduler. */
function jobDeps() {
  const config = readConfig({ DATA_DIR: t.dataDir, WEB_DIST: '' });
  return { db: t.db, live: t.app.live, background: t.app.background, config, log: t.app.log, mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir: t.outboxDir }) };
}

describe('vacation_request and vacation_decision', () => {
  let id: string;
  const start = `${NEXT}-10-12`;
  const end = `${NEXT}-10-16`;

  it('a request tells the approvers who got its task (Filialleitung Köln), not the requester nor other approvers', async () => {
    const before = await unread('filialleitung@example.com');
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: ids['verkauf@example.com'], startDate: start, endDate: end } } });
    expect([200, 224]).toContain(res.statusCode);
    id = res.json().appointment.id;
    const about = `${names['verkauf@example.com']}: 12.10.–16.10.${NEXT}`;
    const [n, ...more] = await told('filialleitung@example.com', 'vacation_request', about);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ title: `Urlaubsantrag von ${names['verkauf@example.com']}: 12.10.–16.10.${NEXT}`, link: '/urlaub/1', readAt: null });
    expect(await unread('filialleitung@example.com')).toBe(before + 1);
    for (const email of ['verkauf@example.com', otherLead, 'personalleitung@example.com', 'admin@example.com']) {
      expect(await told(email, 'vacation_request', about), email).toEqual([]);
    }
    // The approval task is a linked task: it is told as the request, not as a new task.
    expect(await told('filialleitung@example.com', 'task_new', 'Urlaubsantrag')).toEqual([]);
  });

  it('the decision tells the requester, with the mail through the outbox by default; the approver is not told', async () => {
    const res = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/1` });
    expect(res.statusCode, res.body).toBe(200);
    const [n] = await told('verkauf@example.com', 'vacation_decision', `12.10.–16.10.${NEXT}`);
    expect(n).toMatchObject({ title: `Ihr Urlaubsantrag 12.10.–16.10.${NEXT} wurde genehmigt`, link: '/urlaub/2' });
    expect(await told('filialleitung@example.com', 'vacation_decision', `12.10.–16.10.${NEXT}`)).toEqual([]);
    await t.app.background.idle();
    const mail = readOutbox(t.outboxDir).find((m) => m.to === 'verkauf@example.com' && m.subject === 'Filialportal: Ihr Urlaubsantrag wurde genehmigt' && m.text.includes(`12.10.${NEXT}`));
    expect(mail?.text).toContain(`Ihr Urlaubsantrag vom 12.10.${NEXT} bis 16.10.${NEXT}`);
    expect(mail?.text).toContain('/urlaub/2');
  });

  it('declining it afterwards is told again, with the reason', async () => {
    const res = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/0`, payload: { reason: 'Inventur' } });
    expect(res.statusCode, res.body).toBe(200);
    const list = await told('verkauf@example.com', 'vacation_decision', `12.10.–16.10.${NEXT}`);
    expect(list.map((n) => n.title)).toEqual([`Ihr Urlaubsantrag 12.10.–16.10.${NEXT} wurde abgelehnt`, `Ihr Urlaubsantrag 12.10.–16.10.${NEXT} wurde genehmigt`]);
    expect(list[0]).toMatchObject({ body: 'Begründung: Inventur', link: '/urlaub/5' });
  });

  it('with the mail turned off for decisions the person is told in the portal only', async () => {
    const off = await as('azubi@example.com', { method: 'PUT', url: '/api/notifications/settings', payload: { kinds: [{ kind: 'vacation_decision', push: true, mail: false }] } });
    expect(off.statusCode, off.body).toBe(200);
    const req = await as('azubi@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: ids['azubi@example.com'], startDate: `${NEXT}-11-09`, endDate: `${NEXT}-11-12` } } });
    expect([200, 224]).toContain(req.statusCode);
    const decided = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${req.json().appointment.id}/1` });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await told('azubi@example.com', 'vacation_decision', `09.11.–12.11.${NEXT}`)).toHaveLength(1);
    await t.app.background.idle();
    expect(readOutbox(t.outboxDir).filter((m) => m.to === 'azubi@example.com' && m.subject.includes('Urlaubsantrag'))).toEqual([]);
  });
});

describe('task_new and task_due', () => {
  it('a task someone gives tells its recipients, not its creator, and nobody else', async () => {
    const res = await as('filialleitung@example.com', {
      method: 'POST',
      url: '/api/task',
      payload: { title: 'Musterwand umbauen', deadline: `${NEXT}-03-02`, users: [ids['verkauf@example.com'], ids['filialleitung@example.com']] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await told('verkauf@example.com', 'task_new', 'Musterwand umbauen')).toMatchObject([{ title: 'Neue Aufgabe: Musterwand umbauen', body: `Fällig am 02.03.${NEXT}`, link: '/aufgaben/eigene' }]);
    expect(await told('filialleitung@example.com', 'task_new', 'Musterwand umbauen')).toEqual([]);
    expect(await told('azubi@example.com', 'task_new', 'Musterwand umbauen')).toEqual([]);
  });

  it('the job tells who has an open task due tomorrow once, however often it runs', async () => {
    const tomorrow = addDays(todayIso(), 1);
    const res = await as('filialleitung@example.com', {
      method: 'POST',
      url: '/api/task',
      payload: { title: 'Lieferung prüfen', deadline: tomorrow, multiTask: true, users: [ids['verkauf@example.com'], ids['azubi@example.com']] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Azubi is done already: nothing is due for them.
    const done = await as('azubi@example.com', { method: 'PUT', url: `/api/task/${res.json().task.id}`, payload: { task: { completed: true } } });
    expect(done.statusCode, done.body).toBe(200);
    const deps = jobDeps();
    expect(await notifyTasksDueTomorrow(deps)).toBeGreaterThanOrEqual(1);
    await notifyTasksDueTomorrow(deps);
    expect(await told('verkauf@example.com', 'task_due', 'Lieferung prüfen')).toMatchObject([{ title: 'Morgen fällig: Lieferung prüfen', link: '/aufgaben/eigene' }]);
    expect(await told('azubi@example.com', 'task_due', 'Lieferung prüfen')).toEqual([]);
    expect(await told('filialleitung@example.com', 'task_due', 'Lieferung prüfen')).toEqual([]);
  });
});

describe('news_confirm', () => {
  const create = (payload: Record<string, unknown>) =>
    as('personalleitung@example.com', { method: 'POST', url: '/api/news', payload: { date: todayIso(), text: '<p>Bitte lesen.</p>', ...payload } });
  let koeln: string;
  beforeAll(async () => {
    koeln = (await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.id, ids['verkauf@example.com']!)))[0]!.locationId;
  });

  it('news asking for a confirmation tells its audience, not its author, other branches or those who only see all news', async () => {
    const res = await create({ title: 'Brandschutzordnung Köln', requiresConfirmation: true, locations: [koeln] });
    expect(res.statusCode, res.body).toBe(200);
    for (const email of ['verkauf@example.com', 'filialleitung@example.com', 'azubi@example.com']) {
      const [n] = await told(email, 'news_confirm', 'Brandschutzordnung Köln');
      expect(n, email).toMatchObject({ title: 'Bitte lesen und bestätigen: Brandschutzordnung Köln' });
      expect(n!.link).toMatch(/^\/neuigkeiten\?kategorie=/);
    }
    for (const email of ['personalleitung@example.com', otherLead, 'franchise@example.com', 'admin@example.com']) {
      expect(await told(email, 'news_confirm', 'Brandschutzordnung Köln'), email).toEqual([]);
    }
  });

  it('news without a confirmation tells nobody', async () => {
    expect((await create({ title: 'Sommerfest', requiresConfirmation: false, locations: [koeln] })).statusCode).toBe(200);
    expect(await told('verkauf@example.com', 'news_confirm', 'Sommerfest')).toEqual([]);
  });

  it('scheduled news tells its audience when the job finds it visible, once', async () => {
    const res = await create({ title: 'Neue Kassenanweisung', requiresConfirmation: true, locations: [koeln], date: addDays(todayIso(), 1) });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().news.id as string;
    expect(await told('verkauf@example.com', 'news_confirm', 'Neue Kassenanweisung')).toEqual([]);
    const deps = jobDeps();
    await notifyPublishedNews(deps);
    expect(await told('verkauf@example.com', 'news_confirm', 'Neue Kassenanweisung')).toEqual([]);
    // Its time has come (saved an hour before it).
    await t.db.execute(sql`update ${news} set published_at = now() - interval '1 minute', updated_at = now() - interval '1 hour' where id = ${id}`);
    await notifyPublishedNews(deps);
    await notifyPublishedNews(deps);
    expect(await told('verkauf@example.com', 'news_confirm', 'Neue Kassenanweisung')).toHaveLength(1);
    expect(await told('personalleitung@example.com', 'news_confirm', 'Neue Kassenanweisung')).toEqual([]);
  });
});

describe('training_decision and training_place', () => {
  /** A Tuesday some weeks ahead, as TT.MM.JJJJ. */
  const tuesday = (() => {
    let d = addDays(todayIso(), 35);
    while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 2) d = addDays(d, 1);
    return d.split('-').reverse().join('.');
  })();
  let trainingId: string;
  const regOf = async (email: string) => {
    const listed = (await as('filialleitung@example.com', { method: 'GET', url: '/api/training/list/0/0' })).json().trainings.find((x: { id: string }) => x.id === trainingId);
    return listed.appointments.find((r: { userId: string }) => r.userId === ids[email]) as { id: string };
  };

  beforeAll(async () => {
    const res = await as('personalleitung@example.com', {
      method: 'POST',
      url: '/api/training',
      payload: {
        title: 'Fugenlos verlegen',
        category: 'Schulungen',
        description: 'Praxis am Muster.',
        address: 'Aachener Straße 200',
        zip: '50931',
        city: 'Köln',
        contactPerson: ids['personalleitung@example.com'],
        lecturer: 'Frau Berg',
        dates: tuesday,
        time: '09:30',
        contingent: 1,
        ratings: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    trainingId = res.json().trainings[0].id;
    for (const email of ['verkauf@example.com', 'azubi@example.com']) {
      const r = await as(email, { method: 'POST', url: '/api/training/registerdirect?force=1', payload: { id: trainingId } });
      expect(r.json().registerStatus, r.body).toBe(200);
    }
  });

  it('an approval tells the person registered, with the mail; not the approver, nor the one waiting', async () => {
    const res = await as('filialleitung@example.com', { method: 'POST', url: `/api/training/register/approve/${(await regOf('verkauf@example.com')).id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await told('verkauf@example.com', 'training_decision', 'Fugenlos verlegen')).toMatchObject([{ title: `Ihre Anmeldung zu „Fugenlos verlegen“ am ${tuesday} wurde bestätigt`, link: `/veranstaltungen?id=${trainingId}` }]);
    expect(await told('filialleitung@example.com', 'training_decision', 'Fugenlos verlegen')).toEqual([]);
    expect(await told('azubi@example.com', 'training_decision', 'Fugenlos verlegen')).toEqual([]);
    await t.app.background.idle();
    expect(readOutbox(t.outboxDir).some((m) => m.to === 'verkauf@example.com' && m.subject === 'Filialportal: Anmeldung zu „Fugenlos verlegen“ bestätigt')).toBe(true);
  });

  it('declining it tells the person; the place freed tells the one who moves up from the waiting list', async () => {
    const res = await as('filialleitung@example.com', { method: 'POST', url: `/api/training/register/decline/${(await regOf('verkauf@example.com')).id}` });
    expect(res.statusCode, res.body).toBe(200);
    const decisions = await told('verkauf@example.com', 'training_decision', 'Fugenlos verlegen');
    expect(decisions.map((n) => n.title)).toEqual([`Ihre Anmeldung zu „Fugenlos verlegen“ am ${tuesday} wurde abgelehnt`, `Ihre Anmeldung zu „Fugenlos verlegen“ am ${tuesday} wurde bestätigt`]);
    expect(await told('azubi@example.com', 'training_place', 'Fugenlos verlegen')).toMatchObject([{ title: `Platz frei: „Fugenlos verlegen“ am ${tuesday}`, link: `/veranstaltungen?id=${trainingId}` }]);
    expect(await told('verkauf@example.com', 'training_place', 'Fugenlos verlegen')).toEqual([]);
    expect(await told('filialleitung@example.com', 'training_place', 'Fugenlos verlegen')).toEqual([]);
    await t.app.background.idle();
    const mails = readOutbox(t.outboxDir);
    expect(mails.some((m) => m.to === 'azubi@example.com' && m.subject === 'Filialportal: Platz frei für „Fugenlos verlegen“')).toBe(true);
    expect(mails.some((m) => m.to === 'verkauf@example.com' && m.subject === 'Filialportal: Anmeldung zu „Fugenlos verlegen“ abgelehnt')).toBe(true);
  });

  it('withdrawing one’s own registration tells nobody of a decision', async () => {
    const res = await as('azubi@example.com', { method: 'POST', url: `/api/training/register/decline/${(await regOf('azubi@example.com')).id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await told('azubi@example.com', 'training_decision', 'Fugenlos verlegen')).toEqual([]);
  });
});

describe('claim_state', () => {
  it('a new status tells the people of the claim’s branch who see claims, not the one who set it nor other branches', async () => {
    const koeln = (await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.id, ids['verkauf@example.com']!)))[0]!.locationId;
    const claim = { type: 'customer-item', locationId: koeln, customerName: 'Familie Kranz', customerInvoice: 'RE-0815' };
    const created = await as('verkauf@example.com', { method: 'POST', url: '/api/claims', payload: { claim } });
    expect(created.statusCode, created.body).toBe(200);
    const { id, number } = created.json().claim as { id: string; number: string };
    // Recording it is no change of state.
    expect(await told('filialleitung@example.com', 'claim_state', number)).toEqual([]);
    const [status] = await t.db.select({ id: claimStatuses.id, name: claimStatuses.name }).from(claimStatuses).where(eq(claimStatuses.name, 'In Bearbeitung'));
    const changed = await as('verkauf@example.com', { method: 'PUT', url: `/api/claims/${id}`, payload: { claim: { ...claim, status: status!.id } } });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const email of ['filialleitung@example.com', 'azubi@example.com']) {
      expect(await told(email, 'claim_state', number), email).toMatchObject([{ title: `Beanstandung ${number}: Status „In Bearbeitung“`, link: `/beanstandungen?id=${id}` }]);
    }
    // The actor; Aushilfe (no claims); another branch; the company-wide viewers at the head office.
    for (const email of ['verkauf@example.com', 'aushilfe@example.com', otherLead, 'buchhaltung@example.com']) {
      expect(await told(email, 'claim_state', number), email).toEqual([]);
    }
    // Saving without a new status tells nobody again.
    await as('verkauf@example.com', { method: 'PUT', url: `/api/claims/${id}`, payload: { claim: { ...claim, status: status!.id, customerName: 'Familie Kranz-Berg' } } });
    expect(await told('filialleitung@example.com', 'claim_state', number)).toHaveLength(1);

    // Completing it is a new state too.
    const done = await as('filialleitung@example.com', { method: 'PUT', url: `/api/checklist/${id}`, payload: { checklist: { scenario: '3', completed: true, lueckentext: {} } } });
    expect(done.statusCode, done.body).toBe(200);
    expect(await told('verkauf@example.com', 'claim_state', number)).toMatchObject([{ title: `Beanstandung ${number} wurde abgeschlossen` }]);
    expect(await told('filialleitung@example.com', 'claim_state', `${number} wurde abgeschlossen`)).toEqual([]);
  });
});

describe('sick_report', () => {
  it('a new sick report tells who sees all sick reports and who sees those of the branch; never the sick person nor who entered it', async () => {
    const before = await unread('filialleitung@example.com');
    const res = await as('personalleitung@example.com', { method: 'POST', url: '/api/sickreport', payload: { sickReport: { userId: ids['verkauf@example.com'], startDate: `${NEXT}-02-02`, endDate: `${NEXT}-02-04` } } });
    expect(res.statusCode, res.body).toBe(200);
    const title = `Krankmeldung: ${names['verkauf@example.com']}, 02.02.–04.02.${NEXT}`;
    for (const email of ['filialleitung@example.com', 'admin@example.com']) {
      expect(await told(email, 'sick_report', names['verkauf@example.com']!), email).toMatchObject([{ title, link: '/krankmeldungen/2' }]);
    }
    expect(await unread('filialleitung@example.com')).toBe(before + 1);
    for (const email of ['verkauf@example.com', 'personalleitung@example.com', otherLead, 'zentrallagerleitung@example.com', 'azubi@example.com']) {
      expect(await told(email, 'sick_report', names['verkauf@example.com']!), email).toEqual([]);
    }
    // Correcting the report is not news again.
    const fixed = await as('personalleitung@example.com', { method: 'PUT', url: `/api/sickreport/${res.json().sickReport.id}`, payload: { sickReport: { userId: ids['verkauf@example.com'], startDate: `${NEXT}-02-02`, endDate: `${NEXT}-02-05` } } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await told('filialleitung@example.com', 'sick_report', names['verkauf@example.com']!)).toHaveLength(1);
  });
});
