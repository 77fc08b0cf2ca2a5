import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { commitFile, deleteFiles, discardFiles, sendStoredFile, stageFile, storedFile, type StagedFile, type UploadedFile } from '../../platform/uploads.ts';
import { users } from '../users/index.ts';
import { absences } from './absences.table.ts';
import { CERTIFICATE_UPLOAD } from './sick-notes.ts';
import { sickReportRow } from './sick-list.ts';
import { handlesSickReportsAt } from './sick-reports.service.ts';

// The certificate of a sick report (Arbeitsunfähigkeitsbescheinigung): health data, only for those
// who handle this person's sick reports; every download is recorded.

/** The report a certificate call concerns, when the actor handles this person's sick reports; otherwise 404. */
async function certificateTarget(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select({ userId: absences.userId, locationId: users.locationId, fileId: absences.certificateFileId })
    .from(absences)
    .leftJoin(users, eq(users.id, absences.userId))
    .where(and(eq(absences.id, id), eq(absences.kind, 'sick')));
  if (!row || !row.locationId || !handlesSickReportsAt(actor, row.locationId)) throw notFound();
  return row;
}

/** POST /sickreport/{id}/certificate: the certificate's file (PDF, JPEG, HEIC as JPEG), replacing an earlier one. */
export async function saveCertificate(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, { id, file }: { id: string; file: UploadedFile }) {
  const { db, storage } = deps;
  let staged: StagedFile | null = null;
  let old: string | null;
  try {
    const target = await certificateTarget(db, actor, id);
    old = target.fileId;
    staged = await stageFile(storage, file, CERTIFICATE_UPLOAD);
    const done = staged;
    await db.transaction(async (tx) => {
      const { fileId } = await commitFile(tx, done, actor.userId);
      await tx.update(absences).set({ certificateFileId: fileId }).where(eq(absences.id, id));
      await audit(tx, actor, { entity: 'sick_report', id, action: 'update', subject: target.userId, before: { certificate: !!old }, after: { certificate: true } });
    });
  } catch (err) {
    await discardFiles(storage, [staged ?? file]);
    throw err;
  }
  if (old) await deleteFiles(db, storage, [old]);
  return { sickReport: await sickReportRow(deps, actor, id) };
}

/** DELETE /sickreport/{id}/certificate. */
export async function deleteCertificate({ db, storage }: ServiceDeps<'db' | 'storage'>, actor: Actor, id: string) {
  const { fileId, userId } = await certificateTarget(db, actor, id);
  if (!fileId) throw notFound('Zu dieser Krankmeldung ist keine Bescheinigung gespeichert.');
  await db.transaction(async (tx) => {
    await tx.update(absences).set({ certificateFileId: null }).where(eq(absences.id, id));
    await audit(tx, actor, { entity: 'sick_report', id, action: 'update', subject: userId, before: { certificate: true }, after: { certificate: false } });
  });
  await deleteFiles(db, storage, [fileId]);
}

/** GET /sickreport/{id}/certificate: the file, each download in the audit trail (who, when, from where). */
export async function sendCertificate({ db, storage }: ServiceDeps<'db' | 'storage'>, actor: Actor, { id, reply }: { id: string; reply: FastifyReply }) {
  const { fileId, userId } = await certificateTarget(db, actor, id);
  const file = fileId ? await storedFile(db, fileId) : null;
  if (!file) throw notFound('Zu dieser Krankmeldung ist keine Bescheinigung gespeichert.');
  await audit(db, actor, { entity: 'sick_report', id, action: 'read', subject: userId });
  return sendStoredFile(reply, storage, file, { disposition: 'inline', cache: 'revalidate' });
}
