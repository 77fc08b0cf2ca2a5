import { z } from './zod.ts';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';
import { plural } from './plural.ts';
import { SEARCH_TOTAL_CAP } from './search-basics.ts';

/** Folders of the library nest five levels deep (spec 2 §9). */
export const FOLDER_MAX_DEPTH = 5;
/** Documents: .pdf .docx .xlsx (spec 2 §5), at most 50 MB each (a scanned handbook). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'xlsx'] as const;
export type DocumentType = (typeof DOCUMENT_EXTENSIONS)[number];
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
export const DOCUMENT_MIME_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** Documents per step of a folder's list. */
export const DOCUMENT_PAGE_SIZE = 50;
/** Documents per step of the search: each comes with its passage, and a search is refined by typing. */
export const DOCUMENT_SEARCH_PAGE_SIZE = 10;
/** The search counts and ranks this many matches, and says when there are more (as the portal search does). */
export const DOCUMENT_SEARCH_CAP = SEARCH_TOTAL_CAP;
/** The search starts with more than 2 characters (spec 2 §5, §9). */
export const DOCUMENT_SEARCH_MIN = 3;
export const SHORT_LINK_MAX = 80;
/** The folder picker shows this many folders of one level, and this many name matches; more are found by typing. */
export const FOLDER_LEVEL_MAX = 300;
export const FOLDER_MATCHES_MAX = 30;
/** Read and upload groups of one folder or document. */
const TEAMS_MAX = 50;

/** The ending of a document's name when it is one the library takes, else null. */
export function documentType(name: string): DocumentType | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext) && name.includes('.') ? (ext as DocumentType) : null;
}

/** Whether a chosen file can be uploaded as a document: one of the types, at most DOCUMENT_MAX_BYTES. */
export const documentFileFits = (file: { name: string; size: number }) => documentType(file.name) !== null && file.size <= DOCUMENT_MAX_BYTES;

/** Why some of the chosen files cannot be uploaded (a wrong type is named before a size), or null. */
export function chosenDocumentsProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.some((f) => !documentType(f.name))) return MSG.documentType;
  if (files.some((f) => f.size > DOCUMENT_MAX_BYTES)) return MSG.documentTooLarge;
  return null;
}

/** Short links: letters, digits, '-' and '_' only (spec 2 §5). */
export const SHORT_LINK_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * A short link suggested from a name (spec 2 §5): umlauts as ae, oe, ue, ss; dots, spaces and
 * every other character as underscores. 'Preisliste 2026.pdf' → 'Preisliste_2026_pdf'.
 */
export function suggestShortLink(name: string): string {
  const spelled = name
    .trim()
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss');
  return spelled.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, SHORT_LINK_MAX);
}

const zTeams = z.array(zId({ error: MSG.teamUnknown })).max(TEAMS_MAX).default([]);

/** POST/PUT /folder: `{ folder }` (spec 2 §7). A folder's place stays when it is changed. */
export const ZFolderInput = z.object({
  /** The folder's id when it is changed (PUT), as the spec's `__identity`. */
  __identity: zId({ error: MSG.folderUnknown }).optional(),
  name: z.string().trim().min(1, MSG.folderNameRequired).max(200, MSG.textTooLong),
  parent: zId({ error: MSG.folderUnknown }).nullable().default(null),
  teams: zTeams,
  teamsUpload: zTeams,
});
export const ZFolderRequest = z.object({ folder: ZFolderInput });
export type TFolderInput = z.output<typeof ZFolderInput>;

/** PUT /document/{id}: name, read groups and folder of a stored document. */
export const ZDocumentInput = z.object({
  __identity: zId({ error: MSG.documentUnknown }),
  name: z.string().trim().min(1, MSG.documentNameRequired).max(200, MSG.textTooLong),
  parent: zId({ error: MSG.documentFolderRequired }),
  teams: zTeams,
});
export const ZDocumentRequest = z.object({ document: ZDocumentInput });
export type TDocumentInput = z.output<typeof ZDocumentInput>;

/**
 * POST /document: one file as raw bytes; the query names the folder (`parent`) or a new folder
 * to create in it (`newFolderName`), the file's name and the read groups (comma-separated ids).
 */
export const ZDocumentUploadQuery = z
  .object({
    name: z.string().trim().min(1, MSG.documentFileRequired).max(200, MSG.textTooLong),
    parent: z.union([z.literal(''), zId({ error: MSG.documentFolderRequired })]).default(''),
    newFolderName: z.string().trim().max(200, MSG.textTooLong).default(''),
    teams: z
      .string()
      .max(TEAMS_MAX * 40)
      .default('')
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(zId({ error: MSG.teamUnknown })).max(TEAMS_MAX)),
  })
  .refine((q) => q.parent !== '' || q.newFolderName !== '', { message: MSG.documentFolderRequired, path: ['parent'] });

/** Most files in one upload of the spec's shape; each becomes a document. */
export const DOCUMENT_FILES_MAX = 20;

/** A folder in the spec's shape: an id, or empty (none chosen). */
const zParentOrNone = z
  .union([z.literal(''), z.null(), zId({ error: MSG.documentFolderRequired })])
  .optional()
  .transform((v) => v ?? '');
const zTeamsOrNull = z
  .array(zId({ error: MSG.teamUnknown }))
  .max(TEAMS_MAX)
  .nullish()
  .transform((v) => v ?? []);
/** The names of the files, in their order; one name may come as a plain string. */
const zFileNames = z
  .union([z.string().max(200, MSG.textTooLong), z.array(z.string().max(200, MSG.textTooLong).nullable()).max(DOCUMENT_FILES_MAX)])
  .nullish()
  .transform((v) => (v == null ? [] : Array.isArray(v) ? v.map((n) => (n ?? '').trim()) : [v.trim()]));
const zNewFolderName = z
  .string()
  .trim()
  .max(200, MSG.textTooLong)
  .nullish()
  .transform((v) => v ?? '');
const folderChosen = { message: MSG.documentFolderRequired, path: ['document', 'parent'] };

/**
 * POST /document in the spec's shape (spec 2 §7), as JSON with the files as data URLs or as
 * multipart: `{ document: { parent, teams, name }, files, fileNames, newFolderName }`. Each file
 * becomes a document named by `fileNames` (in order), else by its own name; the files themselves
 * are read by the server's upload reader, not by this schema.
 */
export const ZDocumentFilesRequest = z
  .object({
    document: z
      .object({
        name: z.string().trim().max(200, MSG.textTooLong).nullish().transform((v) => v ?? ''),
        parent: zParentOrNone,
        teams: zTeamsOrNull,
      })
      .prefault({}),
    fileNames: zFileNames,
    newFolderName: zNewFolderName,
  })
  .refine((r) => r.document.parent !== '' || r.newFolderName !== '', folderChosen);
export type TDocumentFiles = z.output<typeof ZDocumentFilesRequest>;

/**
 * PUT /document: name, read groups and folder of a document (`__identity`), as the web sends it;
 * in the spec's shape also a new folder to move it into (`newFolderName` in `parent`) and one
 * file that replaces the document's file.
 */
export const ZDocumentChangeRequest = z
  .object({
    document: ZDocumentInput.extend({ parent: zParentOrNone, teams: zTeamsOrNull }),
    fileNames: zFileNames,
    newFolderName: zNewFolderName,
  })
  .refine((r) => r.document.parent !== '' || r.newFolderName !== '', folderChosen);
export type TDocumentChange = z.output<typeof ZDocumentChangeRequest>;

/**
 * POST /document/names: before uploading, which of the file names the target folder (`parent`,
 * or the folder `newFolderName` in it, when it exists) already holds among the documents the
 * person sees – the upload asks before a second file of the same name lands there.
 */
export const ZDocumentNamesRequest = z.object({
  parent: zId({ error: MSG.documentFolderRequired }).nullable().default(null),
  newFolderName: z.string().trim().max(200, MSG.textTooLong).default(''),
  names: z.array(z.string().trim().min(1, MSG.documentFileRequired).max(200, MSG.textTooLong)).min(1, MSG.documentFileRequired).max(100),
});
export type TDocumentNamesRequest = z.output<typeof ZDocumentNamesRequest>;
/** The names already there, as stored (case may differ from the request). */
export const ZDocumentNamesResponse = z.object({ taken: z.array(z.string()) });

/** The question before uploading files whose names the folder already holds. */
export const namesTakenQuestion = (names: readonly string[]) =>
  `Im Ordner gibt es schon ${plural(names.length, 'eine Datei namens', 'Dateien namens')} ${names.map((n) => `„${n}“`).join(', ')}. Trotzdem hochladen? Dann ${plural(names.length, 'steht dieser Name', 'stehen diese Namen')} dort zweimal.`;

/** PUT /documentsl/{id} and PUT /foldersl/{id}: a short link, or '' to remove it. */
export const ZShortLinkRequest = z.object({
  shortLink: z
    .string()
    .trim()
    .max(SHORT_LINK_MAX, MSG.shortLinkInvalid)
    .refine((v) => v === '' || SHORT_LINK_PATTERN.test(v), MSG.shortLinkInvalid),
});

const ZRef = z.object({ id: z.string(), name: z.string() });

export const ZLibraryDocument = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(DOCUMENT_EXTENSIONS),
  size: z.number(),
  parent: z.string(),
  teams: z.array(z.string()),
  resourceUri: z.string(),
  shortLink: z.string().nullable(),
  createdBy: z.string(),
  createdAtFormated: z.string(),
  updatedAtFormated: z.string(),
});

export const ZLibraryFolder = z.object({
  id: z.string(),
  name: z.string(),
  parent: z.string().nullable(),
  teams: z.array(z.string()),
  teamsUpload: z.array(z.string()),
  shortLink: z.string().nullable(),
  /** Sub-folders and documents the person sees in it. */
  countItems: z.number(),
  /** From the top: the folder's ancestors and itself. */
  breadCrumb: z.array(ZRef),
  depth: z.number(),
  /** Whether the person may upload into it (its upload groups). */
  mayUpload: z.boolean(),
});

/** GET /folder/list/: the top folders. GET /folder/show/{id}: a folder with its contents. */
export const ZFolderListResponse = z.object({ folders: z.array(ZLibraryFolder) });
export const ZFolderShowResponse = z.object({
  folder: ZLibraryFolder.extend({ folders: z.array(ZLibraryFolder), documents: z.array(ZLibraryDocument), documentCount: z.number() }),
});
export const ZFolderResponse = z.object({ folder: ZLibraryFolder });
/** GET /folder/listall: every folder the person sees, as a flat list in tree order (for choosing one). */
export const ZFolderTreeResponse = z.object({ folders: z.array(ZLibraryFolder.pick({ id: true, name: true, parent: true, depth: true, mayUpload: true })) });

/**
 * GET /folder/tree: the folder picker, loaded as it is opened. Without a query the top level;
 * `parent` one folder's sub-folders; `open` the top level and every level down to a chosen folder
 * (the picker opens there); `term` folders by name, wherever they lie, with their path.
 */
export const ZFolderTreeQuery = z
  .object({
    parent: zId({ error: MSG.folderUnknown }).optional(),
    open: zId({ error: MSG.folderUnknown }).optional(),
    term: z.string().trim().min(DOCUMENT_SEARCH_MIN, MSG.documentSearchShort).max(200, MSG.textTooLong).optional(),
  })
  .refine((q) => [q.parent, q.open, q.term].filter((v) => v !== undefined).length <= 1, { message: MSG.folderTreeOneQuery });
export const ZFolderChoice = ZLibraryFolder.pick({ id: true, name: true, parent: true, depth: true, mayUpload: true }).extend({
  /** Whether it holds sub-folders the person sees: the picker offers to open it. */
  hasChildren: z.boolean(),
  /** With `term`: the folder's path from the top, itself last. */
  breadCrumb: z.array(ZRef).optional(),
});
/** `more`: a level (or the matches) held more than the picker shows; the rest is found by name. */
export const ZFolderTreeLevelResponse = z.object({ folders: z.array(ZFolderChoice), more: z.boolean() });
export type FolderChoice = z.infer<typeof ZFolderChoice>;
export const ZDocumentResponse = z.object({ document: ZLibraryDocument });
/**
 * GET /document/list/{from}?folder=: a further step of a folder's documents. Without a folder,
 * the top level of the library: its folders (documents always lie in a folder, so none).
 */
export const ZDocumentListResponse = z.object({ documents: z.array(ZLibraryDocument), count: z.number(), folders: z.array(ZLibraryFolder).optional() });
/** POST /document: the first document (the one of a single file), all of them, and their folder. */
export const ZDocumentUploadResponse = ZDocumentResponse.extend({ documents: z.array(ZLibraryDocument), folder: z.string() });

/** POST /documentsearch/{term}: folders and documents by name, documents also by their text. */
export const ZDocumentSearchResponse = z.object({
  folders: z.array(ZLibraryFolder.pick({ id: true, name: true, breadCrumb: true })),
  documents: z.array(ZLibraryDocument.extend({ breadCrumb: z.array(ZRef), snippet: z.string() })),
  /** Visible matches, counted up to DOCUMENT_SEARCH_CAP. */
  count: z.number(),
  /** There are more than DOCUMENT_SEARCH_CAP: the pages hold the best of them. */
  capped: z.boolean(),
});
