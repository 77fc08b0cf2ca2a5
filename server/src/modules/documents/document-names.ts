import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ZDocumentNamesRequest, ZDocumentNamesResponse, type TDocumentNamesRequest } from '@filialportal/core/documents';
import { actorOf, type Actor } from '../../platform/access.ts';
import type { Deps, ServiceDeps } from '../../platform/deps.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';
import { documentVisible } from './library-view.ts';

const NULL_PARENT = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * The names among `names` that the upload's target folder already holds, case-insensitively, of
 * the documents the person sees (a hidden document's name is not told). A new folder that does
 * not exist yet holds nothing; a folder the person does not see answers nothing either – the
 * upload itself then says why it is refused.
 */
export async function takenNames({ db }: ServiceDeps<'db'>, actor: Actor, input: TDocumentNamesRequest): Promise<{ taken: string[] }> {
  const parent = input.parent ? sql`${input.parent}::uuid` : sql`null::uuid`;
  const folder = input.newFolderName
    ? sql`(select s.id from ${libraryFolders} s where coalesce(s.parent_id, ${NULL_PARENT}) = coalesce(${parent}, ${NULL_PARENT}) and lower(s.name) = lower(${input.newFolderName}))`
    : parent;
  const lowered = [...new Set(input.names.map((n) => n.toLowerCase()))];
  const rows = await db.execute<{ name: string }>(sql`
    select distinct on (lower(d.name)) d.name from ${libraryDocuments} d join ${libraryFolders} f on f.id = d.folder_id
    where d.folder_id = ${folder} and lower(d.name) = any(${sql.param(lowered)}::text[]) and ${documentVisible(actor, sql`f.path`, sql`d.teams`)}
    order by lower(d.name)`);
  return { taken: (rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name) };
}

/** The route of the check, apart from the upload routes it serves. */
export async function documentNamesRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().post('/document/names', {
    config: { access: { permission: 'dokument_oder_ordner_erstellen' } },
    schema: {
      tags: ['Dokumente'],
      summary: 'Vor dem Hochladen: welche Dateinamen der Zielordner schon hat (unter den sichtbaren Dokumenten)',
      body: ZDocumentNamesRequest,
      response: { 200: ZDocumentNamesResponse },
    },
    handler: (req) => takenNames(deps, actorOf(req), req.body),
  });
}
