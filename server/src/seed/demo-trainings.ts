import type { Db } from '../platform/db.ts';
import { todayIso } from '../platform/dates.ts';
import { trainingRegistrations, trainings, trainingValuations } from '../modules/trainings/trainings.table.ts';
import { openApprovalTasks } from '../modules/trainings/approval-tasks.ts';
import { users } from '../modules/users/users.table.ts';

/** A weekday (Monday–Saturday) about `offset` days from today (YYYY-MM-DD); Sundays move to Monday. */
function weekday(offset: number): string {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const KOELN = { address: 'Aachener Straße 200', zip: '50931', city: 'Köln' };
const ZENTRALE = { address: 'Industriestraße 10', zip: '50735', city: 'Köln' };
const QUESTIONS = [
  { label: 'Wie hilfreich war die Veranstaltung?', type: 'Sternbewertung' as const },
  { label: 'Was nehmen Sie für die Arbeit mit?', type: 'Frage' as const },
];

type Reg = [email: string, state: 'approved' | 'requested' | 'waiting'];

/**
 * Trainings of the demo company: upcoming ones in all three categories, one full with a waiting
 * list, past ones with ratings, and registrations for the role logins (Verkauf may still rate two,
 * one of them recent enough for a rating task).
 */
export async function seedTrainings(db: Db) {
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const byEmail = (email: string) => people.find((p) => p.email === email)!.id;
  const organiser = byEmail('personalleitung@example.com');
  const items: { title: string; category: string; description: string; place: typeof KOELN; lecturer: string; date: string; time: string; contingent: number; regs: Reg[]; ratings?: [string, number, string][] }[] = [
    {
      title: 'Klick-Vinyl richtig verlegen',
      category: 'Schulungen',
      description: 'Praxisschulung am Muster: Untergrund prüfen, Dehnfugen, Zuschnitt an Türzargen. Bitte Arbeitskleidung mitbringen.',
      place: KOELN,
      lecturer: 'Sabine Berg',
      date: weekday(9),
      time: '09:00',
      contingent: 2,
      regs: [
        ['verkauf@example.com', 'approved'],
        ['azubi@example.com', 'requested'],
        ['aushilfe@example.com', 'waiting'],
      ],
    },
    {
      title: 'Parkett ölen und pflegen',
      category: 'Schulungen',
      description: 'Pflegeempfehlungen für geölte und lackierte Oberflächen, mit Produktvorführung des Herstellers.',
      place: ZENTRALE,
      lecturer: 'Jan Hoffmann',
      date: weekday(16),
      time: '14:00',
      contingent: 12,
      regs: [['filialleitung@example.com', 'approved']],
    },
    {
      title: 'Teppichboden: Nahttechnik',
      category: 'Schulungen',
      description: 'Nähte unsichtbar setzen, Heißklebeband und Nahtroller im Einsatz.',
      place: ZENTRALE,
      lecturer: 'Peter Wolf',
      date: weekday(30),
      time: '10:00',
      contingent: 8,
      regs: [],
    },
    {
      title: 'Hausmesse Köln',
      category: 'Termine',
      description: 'Unsere Lieferanten zeigen die Neuheiten der Saison. Treffpunkt am Empfang der Zentrale.',
      place: ZENTRALE,
      lecturer: '',
      date: weekday(14),
      time: '10:00',
      contingent: 40,
      regs: [
        ['verkauf@example.com', 'requested'],
        ['filialleitung@example.com', 'approved'],
      ],
    },
    {
      title: 'Sommerfest der Belegschaft',
      category: 'Sonstiges',
      description: 'Grillen, Musik und Kinderprogramm im Hof der Zentrale. Partner sind herzlich willkommen.',
      place: ZENTRALE,
      lecturer: '',
      date: weekday(60),
      time: '16:00',
      contingent: 120,
      regs: [['personalleitung@example.com', 'approved']],
    },
    {
      title: 'Aufmaß mit dem Laser',
      category: 'Schulungen',
      description: 'Räume mit dem Laser-Entfernungsmesser aufnehmen und das Aufmaß ins Angebot übernehmen.',
      place: KOELN,
      lecturer: 'Peter Wolf',
      date: weekday(-5),
      time: '14:00',
      contingent: 6,
      // Days ago and not rated yet: both get the rating task when the server starts.
      regs: [
        ['verkauf@example.com', 'approved'],
        ['filialleitung@example.com', 'approved'],
      ],
    },
    {
      title: 'Designboden Grundlagen',
      category: 'Schulungen',
      description: 'Aufbau, Nutzungsklassen und Verlegearten von Designböden.',
      place: KOELN,
      lecturer: 'Sabine Berg',
      date: weekday(-40),
      time: '09:00',
      contingent: 10,
      regs: [
        ['verkauf@example.com', 'approved'],
        ['filialleitung@example.com', 'approved'],
      ],
      ratings: [['filialleitung@example.com', 5, 'Die Tabelle der Nutzungsklassen hängt jetzt im Beratungsraum.']],
    },
    {
      title: 'Erste-Hilfe-Auffrischung',
      category: 'Sonstiges',
      description: 'Auffrischung für die Ersthelfer aller Standorte.',
      place: ZENTRALE,
      lecturer: 'DRK Köln',
      date: weekday(-90),
      time: '08:30',
      contingent: 15,
      regs: [['azubi@example.com', 'approved']],
      ratings: [['azubi@example.com', 4, 'Stabile Seitenlage noch einmal geübt.']],
    },
  ];
  for (const item of items) {
    const [t] = await db
      .insert(trainings)
      .values({ title: item.title, category: item.category, description: item.description, ...item.place, contactPerson: organiser, lecturer: item.lecturer, date: item.date, time: item.time, contingent: item.contingent, ratings: QUESTIONS, createdBy: organiser })
      .returning({ id: trainings.id });
    // Registered in order, a minute apart: the waiting list keeps its order.
    const base = Date.now() - 86_400_000;
    for (const [i, [email, state]] of item.regs.entries()) {
      const [reg] = await db.insert(trainingRegistrations).values({
        trainingId: t!.id,
        userId: byEmail(email),
        approved: state === 'approved',
        waitingList: state === 'waiting',
        confirmedBy: state === 'approved' ? organiser : null,
        confirmedAt: state === 'approved' ? new Date(base + i * 60_000) : null,
        registeredBy: byEmail(email),
        createdAt: new Date(base + i * 60_000),
      }).returning({ id: trainingRegistrations.id, userId: trainingRegistrations.userId });
      // A request waits for its approvers, as one made in the app would.
      if (state === 'requested') await openApprovalTasks({ db }, { trainingId: t!.id, requested: [reg!], createdBy: byEmail(email) });
    }
    for (const [email, stars, text] of item.ratings ?? []) {
      await db.insert(trainingValuations).values({ trainingId: t!.id, userId: byEmail(email), answers: [{ label: QUESTIONS[0]!.label, value: stars }, { label: QUESTIONS[1]!.label, value: text }] });
    }
  }
}
