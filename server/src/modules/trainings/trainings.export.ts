import { asc, eq, sql } from 'drizzle-orm';
import { countOf } from '@filialportal/core/plural';
import { can, type Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import type { XlsxColumn } from '../../platform/exports.ts';
import { inScope, scopeOf } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { loadTraining, TRAINING_SCOPES } from './training-view.ts';
import { trainingRegistrations as regs, trainingValuations } from './trainings.table.ts';

export interface ParticipantRow {
  lastName: string;
  firstName: string;
  location: string;
  team: string;
  state: string;
  confirmedBy: string;
  confirmedAt: Date | null;
  attended: boolean | null;
}

export const participantColumns: XlsxColumn<ParticipantRow>[] = [
  { header: 'Nachname', value: (r) => r.lastName, width: 20 },
  { header: 'Vorname', value: (r) => r.firstName, width: 18 },
  { header: 'Standort', value: (r) => r.location, width: 22 },
  { header: 'Gruppe', value: (r) => r.team, width: 18 },
  { header: 'Status', value: (r) => r.state, width: 12 },
  { header: 'Bestätigt von', value: (r) => r.confirmedBy, width: 22 },
  { header: 'Bestätigt am', value: (r) => r.confirmedAt, type: 'datetime', width: 18 },
  { header: 'Erschienen', value: (r) => (r.attended === null ? '' : r.attended ? 'Ja' : 'Nein'), width: 11 },
];

/** The participants column set plus an empty column to sign in, for the attendance sheet. */
export const attendanceColumns: XlsxColumn<ParticipantRow>[] = [...participantColumns.slice(0, 4), { header: 'Unterschrift', value: () => '', width: 30 }];

/**
 * Participants of a training for the download (teilnehmerliste_herunterladen_alle, the own
 * location's with _eigene_filiale, everyone for the contact person). `approvedOnly`: the
 * attendance sheet of the confirmed participants (/exportcurrenttraining).
 */
export async function participantRows(deps: ServiceDeps<'db'>, actor: Actor, { trainingId, approvedOnly }: { trainingId: string; approvedOnly: boolean }) {
  const { db } = deps;
  const t = await loadTraining(deps, actor, trainingId);
  const contact = t.contactPerson === actor.userId;
  if (!contact && !can(actor, 'teilnehmerliste_herunterladen_alle') && !can(actor, 'teilnehmerliste_herunterladen_eigene_filiale')) throw forbidden();
  const confirmer = sql<string>`(select c.first_name || ' ' || c.last_name from ${users} c where c.id = ${regs.confirmedBy})`;
  const rows = await db
    .select({ lastName: users.lastName, firstName: users.firstName, location: locations.name, locationId: users.locationId, team: userGroups.label, approved: regs.approved, waitingList: regs.waitingList, confirmedBy: confirmer, confirmedAt: regs.confirmedAt, attended: regs.attended })
    .from(regs)
    .innerJoin(users, eq(users.id, regs.userId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(eq(regs.trainingId, trainingId))
    .orderBy(asc(regs.waitingList), asc(users.lastName), asc(users.firstName));
  const scope = scopeOf(actor, TRAINING_SCOPES.downloadParticipants);
  const mine = (locationId: string) => contact || inScope(scope, { locationId });
  return {
    training: t,
    rows: rows
      .filter((r) => mine(r.locationId) && (!approvedOnly || r.approved))
      .map((r) => ({ lastName: r.lastName, firstName: r.firstName, location: r.location, team: r.team, state: r.approved ? 'Genehmigt' : r.waitingList ? 'Warteliste' : 'Angefragt', confirmedBy: r.confirmedBy ?? '', confirmedAt: r.confirmedAt, attended: r.attended })),
  };
}

/**
 * The ratings of a training (bewertungen_herunterladen_alle / _eigene_filiale: the ratings of
 * the own location's participants): one row per rating, one column per question, and a title
 * line with the counts ('n Bewertungen von m bestätigten Teilnehmern').
 */
export async function ratingRows(deps: ServiceDeps<'db'>, actor: Actor, trainingId: string) {
  const { db } = deps;
  const t = await loadTraining(deps, actor, trainingId);
  if (!can(actor, 'bewertungen_herunterladen_alle') && !can(actor, 'bewertungen_herunterladen_eigene_filiale')) throw forbidden();
  const rows = await db
    .select({ locationId: users.locationId, location: locations.name, answers: trainingValuations.answers, createdAt: trainingValuations.createdAt })
    .from(trainingValuations)
    .leftJoin(users, eq(users.id, trainingValuations.userId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(eq(trainingValuations.trainingId, trainingId))
    .orderBy(asc(trainingValuations.createdAt));
  const scope = scopeOf(actor, TRAINING_SCOPES.downloadRatings);
  const visible = rows.filter((r) => inScope(scope, r));
  const columns: XlsxColumn<(typeof visible)[number]>[] = [
    { header: 'Standort', value: (r) => r.location ?? '', width: 22 },
    { header: 'Abgegeben am', value: (r) => r.createdAt, type: 'datetime', width: 18 },
    ...t.ratings.map((q, i) => ({
      header: q.label,
      value: (r: (typeof visible)[number]) => r.answers.find((a) => a.label === q.label)?.value ?? r.answers[i]?.value ?? '',
      type: q.type === 'Sternbewertung' ? ('number' as const) : ('text' as const),
      width: q.type === 'Sternbewertung' ? 14 : 40,
    })),
  ];
  return { training: t, columns, rows: visible, title: `${t.title}, ${t.dateFormated}: ${countOf(visible.length, 'Bewertung', 'Bewertungen')} von ${countOf(t.countApprovedAppointments, 'bestätigten Teilnehmer', 'bestätigten Teilnehmern')}` };
}
