import { z } from './zod.ts';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';

/** Salutations of a contact person (spec 2 §9). */
export const SALUTATIONS = ['Frau', 'Herr'] as const;

/** Names of the three sales columns when a category leaves them empty (spec 2 §3). */
export const DEFAULT_SALES_NAMES = ['Abverkauf Spalte 1', 'Abverkauf Spalte 2', 'Abverkauf Spalte 3'] as const;

/**
 * The technical-data tree has three levels (spec 2 §9): the root, its folders and their
 * sub-folders. A folder's `depth` is 1 or 2; files lie in the root or in any folder.
 */
export const CATEGORY_FOLDER_MAX_DEPTH = 2;

/** Technical-data files: PDF, GIF, JPEG, PNG (spec 2 §2), at most this many bytes each. */
export const CATEGORY_FILE_EXTENSIONS = ['pdf', 'gif', 'jpg', 'jpeg', 'png'] as const;
export const CATEGORY_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Categories per page of GET /category/list/{page}; a company has a few dozen at most. */
export const CATEGORY_PAGE_SIZE = 100;

/** At most this many contacts per category. */
export const CATEGORY_CONTACTS_MAX = 50;

const text = (max: number) => z.string().trim().max(max, MSG.textTooLong).default('');

/** One contact of the category form ('Ansprechpartner'); `id` for contacts kept from before. */
export const ZContactInput = z.object({
  id: zId().optional(),
  company: text(200),
  responsibility: text(200),
  salutation: z.union([z.enum(SALUTATIONS), z.literal('')]).default(''),
  firstName: text(100),
  lastName: text(100),
  email: z.union([z.literal(''), z.email(MSG.emailInvalid).max(200)]).default(''),
  phone: text(50),
});
export type TContactInput = z.infer<typeof ZContactInput>;

/** Whether the add row of the contacts tab holds anything ('Kontakt hinzufügen' is disabled otherwise). */
export const contactHasContent = (c: Partial<Record<keyof TContactInput, unknown>>) =>
  (['company', 'responsibility', 'salutation', 'firstName', 'lastName', 'email', 'phone'] as const).some((k) => typeof c[k] === 'string' && (c[k] as string).trim() !== '');

/** A link of 'Zum Bestand': empty, or an http(s) address (nothing a browser would run). */
const zLink = z
  .string()
  .trim()
  .max(2000, MSG.textTooLong)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), MSG.categoryLinkInvalid)
  .default('');

/** POST /category, PUT /category/{id}: `{ category }` (spec 2 §2 Category form). */
export const ZCategoryRequest = z.object({
  category: z.object({
    name: z.string({ error: MSG.requiredField }).trim().min(1, MSG.requiredField).max(100, MSG.textTooLong),
    position: z.coerce.number({ error: MSG.categoryPositionInvalid }).int(MSG.categoryPositionInvalid).min(-100_000, MSG.categoryPositionInvalid).max(100_000, MSG.categoryPositionInvalid).default(0),
    info: text(10_000),
    link: zLink,
    sales1Name: text(60),
    sales2Name: text(60),
    sales3Name: text(60),
    contactPersons: z
      .array(ZContactInput)
      .max(CATEGORY_CONTACTS_MAX, MSG.categoryContactsTooMany)
      .default([])
      .transform((list) => list.filter(contactHasContent)),
  }),
});
export type TCategoryRequest = z.infer<typeof ZCategoryRequest>['category'];

const folderName = z.string({ error: MSG.folderNameRequired }).trim().min(1, MSG.folderNameRequired).max(100, MSG.textTooLong);

/** POST /addcategoryfolder: a new folder in the root (`parentId` null) or in a first-level folder. */
export const ZCategoryFolderRequest = z.object({ categoryId: zId(), parentId: zId().nullable().default(null), name: folderName });

/** PUT /categoryfolder/{id}: rename. */
export const ZCategoryFolderRename = z.object({ name: folderName });

/** POST /addcategoryfile: one file as a data URL into the root (`folderId` null) or a folder. */
export const ZCategoryFileRequest = z.object({
  categoryId: zId(),
  folderId: zId().nullable().default(null),
  name: z.string({ error: MSG.categoryFileRequired }).trim().min(1, MSG.categoryFileRequired).max(200, MSG.textTooLong),
  // Base64 of at most CATEGORY_FILE_MAX_BYTES (4/3 of the bytes plus the data-URL prefix).
  data: z.string({ error: MSG.categoryFileRequired }).min(1, MSG.categoryFileRequired).max(Math.ceil((CATEGORY_FILE_MAX_BYTES * 4) / 3) + 200, MSG.categoryFileTooLarge),
});

/** POST /deletecategoryfileorfolder. A folder goes with its sub-folders and files. */
export const ZCategoryDeleteEntryRequest = z.object({ type: z.enum(['file', 'folder']), id: zId() });

/** POST /movefile: 'Datei Ausschneiden' then 'Einfügen' into a folder (null: the root). */
export const ZMoveFileRequest = z.object({ fileId: zId(), folderId: zId().nullable() });

export const ZContact = z.object({
  id: z.string(),
  company: z.string(),
  responsibility: z.string(),
  salutation: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** A folder of the technical data, flat: the tree is built from `parent` (null: in the root). */
export const ZCategoryFolder = z.object({ id: z.string(), name: z.string(), parent: z.string().nullable(), depth: z.number() });

/** A technical-data file; `folder` null: in the root. Downloaded from GET /categoryfile/{id}. */
export const ZCategoryFile = z.object({ id: z.string(), name: z.string(), size: z.number(), type: z.string(), folder: z.string().nullable() });

export const ZCategory = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  info: z.string(),
  link: z.string(),
  sales1Name: z.string(),
  sales2Name: z.string(),
  sales3Name: z.string(),
  contactPersons: z.array(ZContact),
  folders: z.array(ZCategoryFolder),
  files: z.array(ZCategoryFile),
  /** Articles of the category: only an empty one may be deleted. */
  articleCount: z.number(),
});

/** GET /category/list/{page}: by position, then name. */
export const ZCategoryListResponse = z.object({ categories: z.array(ZCategory), count: z.number() });

/** The answer of every category change (save, folders, files). */
export const ZCategoryResponse = z.object({ category: ZCategory });

/** The name a sales column shows: the category's, else the default 'Abverkauf Spalte n'. */
export const salesName = (category: { sales1Name: string; sales2Name: string; sales3Name: string }, column: 1 | 2 | 3) =>
  category[`sales${column}Name`] || DEFAULT_SALES_NAMES[column - 1];

/** File sizes in Bytes, KB, MB, GB or TB (base 1024, no decimals; spec 2 §9). */
export function formatFileSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Math.round(value)} ${units[unit]}`;
}
