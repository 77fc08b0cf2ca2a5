import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DOCUMENT_MIME_TYPES, type DocumentType } from '@filialportal/core/documents';
import type { Db } from '../platform/db.ts';
import type { Storage } from '../platform/storage.ts';
import { saveFile } from '../platform/uploads.ts';
import { libraryDocuments, libraryFolders } from '../modules/documents/documents.table.ts';
import { userGroups } from '../modules/teams/teams.table.ts';
import { users } from '../modules/users/users.table.ts';
import { simpleDocx, simpleXlsx } from './office.ts';
import { simplePdf } from './pdf.ts';

type Doc = { name: string; lines: string[]; teams?: string[]; link?: string };
type Node = { name: string; teams?: string[]; upload?: string[]; link?: string; docs?: Doc[]; folders?: Node[] };

/**
 * The library of the demo company: handbooks for everyone, the branch managers' own folder,
 * forms that only the office and HR upload, a folder per branch and HR's confidential one; PDFs,
 * Word and Excel files with text the search finds, and short links to the much-used ones.
 */
const TREE: Node[] = [
  {
    name: 'Handbücher',
    docs: [
      { name: 'Kassenhandbuch.pdf', link: 'kassenhandbuch', lines: ['Kassenabschluss am Monatsende: Zählprotokoll, Tresor, Einzahlung bei der Bank.', 'Wechselgeld wird dienstags bei der Zentrale bestellt.'] },
      { name: 'Verlegeanleitung Klick-Vinyl.pdf', lines: ['Untergrund prüfen: eben, trocken, tragfähig.', 'Dehnungsfuge von 8 mm zur Wand einhalten; Trittschalldämmung nur bei Dielen ohne Kaschierung.'] },
      { name: 'Pflegehinweise Parkett.pdf', lines: ['Geöltes Parkett nebelfeucht wischen, zweimal im Jahr nachölen.', 'Keine Mikrofasertücher auf lackierten Oberflächen.'] },
    ],
    folders: [
      {
        name: 'Filialleitung',
        teams: ['Filialleitung'],
        docs: [
          { name: 'Personaleinsatzplanung.pdf', lines: ['Samstage werden im Wechsel besetzt; Aushilfen planen Sie zwei Wochen im Voraus ein.'] },
          { name: 'Inventur-Checkliste.xlsx', lines: ['Bereich|Zuständig|Erledigt', 'Laminat|Verkauf|nein', 'Vinyl|Verkauf|nein', 'Sockelleisten und Übergangsprofile|Lager|nein'] },
        ],
      },
    ],
  },
  {
    name: 'Formulare',
    link: 'formulare',
    upload: ['Verwaltung', 'Personalleitung'],
    docs: [
      { name: 'Urlaubsantrag.docx', link: 'urlaubsantrag', lines: ['Urlaubsantrag (Papierform, wenn das Portal nicht erreichbar ist)', 'Name, Personalnummer, Zeitraum, Vertretung, Unterschrift der Filialleitung'] },
      { name: 'Reklamationsformular.pdf', lines: ['Reklamationsformular für Kundenware', 'Kunde, Rechnungsnummer, Artikel, Menge, Schadensbild, Fotos'] },
      { name: 'Reisekostenabrechnung.xlsx', lines: ['Datum|Strecke|Kilometer|Betrag', '03.11.|Köln – Düsseldorf|42|12,60'] },
    ],
  },
  {
    name: 'Filialen',
    folders: [
      { name: 'Filiale Köln', docs: [{ name: 'Öffnungszeiten und Notfallkontakte Köln.pdf', lines: ['Montag bis Freitag 9–19 Uhr, Samstag 9–16 Uhr.', 'Alarmanlage: Sicherheitsdienst Rheinwacht.'] }] },
      { name: 'Filiale Hamburg', docs: [{ name: 'Öffnungszeiten und Notfallkontakte Hamburg.pdf', lines: ['Montag bis Samstag 10–19 Uhr.', 'Hausmeister: Herr Petersen.'] }] },
    ],
  },
  {
    name: 'Personal vertraulich',
    teams: ['Personalleitung', 'Verwaltung'],
    upload: ['Personalleitung'],
    docs: [{ name: 'Gehaltsbänder 2026.xlsx', lines: ['Gruppe|von|bis', 'Verkauf|2.650|3.300', 'Filialleitung|3.900|4.800'] }],
  },
];

async function bytesOf(type: DocumentType, doc: Doc): Promise<Buffer> {
  if (type === 'pdf') return simplePdf(doc.name.replace(/\.pdf$/, ''), doc.lines);
  if (type === 'docx') return simpleDocx(doc.lines);
  return simpleXlsx('Tabelle', doc.lines.map((l) => l.split('|')));
}

export async function seedDocuments(db: Db, storage: Storage | null) {
  if (!storage) return;
  const groups = new Map((await db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups)).map((g) => [g.name, g.id]));
  const ids = (names: string[] = []) => names.map((n) => groups.get(n)).filter((id): id is string => Boolean(id));
  const [author] = await db.select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(eq(users.email, 'verwaltung@example.com'));
  const place = async (node: Node, parentPath: string[]) => {
    const id = randomUUID();
    const path = [...parentPath, id];
    await db.insert(libraryFolders).values({ id, name: node.name, parentId: parentPath.at(-1) ?? null, path, teams: ids(node.teams), teamsUpload: ids(node.upload), shortLink: node.link ?? null, createdById: author?.id ?? null });
    for (const doc of node.docs ?? []) {
      const type = doc.name.split('.').pop() as DocumentType;
      const bytes = await bytesOf(type, doc);
      const file = await saveFile(db, storage, { name: doc.name, mimeType: DOCUMENT_MIME_TYPES[type], bytes, createdBy: author?.id ?? null });
      await db.insert(libraryDocuments).values({
        folderId: id,
        name: doc.name,
        type,
        size: bytes.length,
        fileId: file.id,
        teams: ids(doc.teams),
        shortLink: doc.link ?? null,
        // The text the file was made of: what reading it back would give.
        content: doc.lines.join('\n').replace(/\|/g, ' '),
        createdById: author?.id ?? null,
        createdByName: author?.name ?? '',
      });
    }
    for (const child of node.folders ?? []) await place(child, path);
  };
  for (const node of TREE) await place(node, []);
}
