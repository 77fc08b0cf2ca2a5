import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CLAIM_ARTICLE_SUGGESTIONS, CLAIM_ARTICLE_TERM_MIN, claimScenarioMissing, surfaceSize, type ClaimFileField, type TChecklistInput, type TClaimInput, type TLueckentext, type TStockCorrectionRequest } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { likeTerm } from '../../platform/paging.ts';
import { inScope, resolveScope, scopeOf } from '../../platform/scope.ts';
import { manufacturers } from '../lists/index.ts';
import { locations } from '../locations/index.ts';
import { adjustStock, articles, mayChangeStockAt } from '../stock/index.ts';
import { users } from '../users/index.ts';
import { notifyClaimState } from './claim-notices.ts';
import { CLAIM_SCOPE, emptyLueckentext, iso, isBooker, outer, rowColumns, toRow, visibleWhere } from './claim-view.ts';
import { claimCounters, claimFiles, claims, claimStockCorrections } from './claims.table.ts';

export { listClaims } from './claims-list.ts';

const unknownStatus = onConstraint({ claims_status_id_claim_statuses_id_fk: () => badRequest(MSG.claimStatusUnknown) });

/** Whether a location is among those the person may record claims for. */
async function mayUseLocation(db: Db, actor: Actor, locationId: string): Promise<boolean> {
  return inScope(await resolveScope(db, scopeOf(actor, CLAIM_SCOPE)), { locationId });
}

/** GET /claims/{id}: the claim with its checklist and files; 404 outside the person's locations. */
export async function loadClaim({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const [row] = await db
    .select({
      ...rowColumns,
      customerInvoice: claims.customerInvoice,
      orderNumberOnlineshop: claims.orderNumberOnlineshop,
      scenario: claims.scenario,
      forwardedToSupplier: claims.forwardedToSupplier,
      supplierClaimNumber: claims.supplierClaimNumber,
      acceptedBySupplier: claims.acceptedBySupplier,
      goodWill: claims.goodWill,
      email: claims.email,
      coupon: claims.coupon,
      workflowDone: claims.workflowDone,
      additionalInfo: claims.additionalInfo,
      lueckentext: claims.lueckentext,
      files: sql<FileJson[]>`coalesce((select json_agg(json_build_array(f.id, f.field, f.name, f.mime_type, f.size, f.thumbnail_file_id, f.created_at) order by f.created_at, f.id)
        from ${claimFiles} f where f.claim_id = ${outer('id')}), '[]'::json)`,
      corrections: sql<CorrectionJson[]>`coalesce((select json_agg(json_build_array(k.id, k.article_id, k.article_number, k.article_name, k.location_name, k.quantity,
        k.before, k.after, k.user_name, k.created_at) order by k.created_at, k.id) from ${claimStockCorrections} k where k.claim_id = ${outer('id')}), '[]'::json)`,
    })
    .from(claims)
    .where(and(eq(claims.id, id), visibleWhere(actor)));
  if (!row) throw notFound(MSG.claimUnknown);
  const files = row.files.map(toFile);
  const byField = (field: ClaimFileField) => files.filter((f) => f.field === field);
  const booker = isBooker(actor);
  return {
    claim: {
      ...toRow(actor, row),
      customerInvoice: row.customerInvoice,
      orderNumberOnlineshop: row.orderNumberOnlineshop,
      checklist: {
        scenario: row.scenario as TChecklistInput['scenario'],
        forwardedToSupplier: iso(row.forwardedToSupplier),
        supplierClaimNumber: row.supplierClaimNumber,
        acceptedBySupplier: iso(row.acceptedBySupplier),
        goodWill: row.goodWill,
        email: row.email,
        coupon: row.coupon,
        workflowDone: iso(row.workflowDone),
        additionalInfo: row.additionalInfo,
        completed: iso(row.completed),
        stockUpdated: row.stockUpdated,
        baNumber: row.baNumber,
        lueckentext: { ...emptyLueckentext(), ...(row.lueckentext ?? {}) },
        complaintForm: byField('complaintForm').at(-1) ?? null,
        pictures: byField('pictures'),
        customerInvoiceUploads: byField('customerInvoiceUploads'),
      },
      editable: row.completed === null || booker,
      bookable: booker,
      stockCorrections: row.corrections.map(toCorrection),
    },
  };
}

type CorrectionJson = [string, string | null, string, string, string, number, number, number, string, string];

function toCorrection([id, articleId, articleNumber, articleName, location, quantity, before, after, userName, createdAt]: CorrectionJson) {
  return { id, articleId, articleNumber, articleName, location, quantity, before, after, userName, createdAt: new Date(createdAt).toISOString() };
}

type FileJson = [string, string, string, string, number, string | null, string];

function toFile([id, field, name, type, size, thumbnail, createdAt]: FileJson) {
  return {
    id,
    field: field as ClaimFileField,
    name,
    type,
    size: Number(size),
    resourceUri: `/api/claimfile/${id}`,
    thumbnailUri: thumbnail ? `/api/claimfile/${id}/thumbnail` : null,
    uploadedAt: new Date(createdAt).toISOString(),
  };
}

/**
 * POST /claims: the next number of the year is taken from the year's counter in the same
 * statement as the insert; the counter row's lock orders parallel creates, and a create that
 * fails takes its number back with it. The audit entry leaves the customer's data out.
 */
export async function createClaim(deps: ServiceDeps<'db'>, actor: Actor, input: TClaimInput) {
  const { db } = deps;
  if (!(await mayUseLocation(db, actor, input.locationId))) throw forbidden(MSG.claimLocationNotAllowed);
  const id = await db.transaction(async (tx) => {
    const created = await insertClaim(tx, actor, input);
    const after = { number: created.number, type: input.type, locationId: input.locationId, statusId: input.status, priority: input.priority };
    await audit(tx, actor, { entity: 'claim', id: created.id, action: 'create', after });
    return created.id;
  });
  return loadClaim(deps, actor, id);
}

async function insertClaim(db: Db, actor: Actor, input: TClaimInput) {
  const result = await db
    .execute(
      sql`with y as (select extract(year from now() at time zone 'Europe/Berlin')::int as year),
      n as (insert into ${claimCounters} (year, last) select year, 1 from y
        on conflict (year) do update set last = ${claimCounters}.last + 1 returning year, last)
      insert into ${claims} (year, seq, number, type, location_id, created_by_id, created_by_name, customer_name, customer_invoice,
        supplier_name, hauler_name, order_number_onlineshop, status_id, priority, lueckentext)
      select n.year, n.last, n.year || '-' || lpad(n.last::text, 4, '0'), ${input.type}, ${input.locationId}, ${actor.userId},
        (select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${actor.userId}), ${input.customerName}, ${input.customerInvoice},
        ${input.supplierName}, ${input.haulerName}, ${input.orderNumberOnlineshop}, ${input.status}, ${input.priority}, ${JSON.stringify(emptyLueckentext())}::jsonb
      from n returning id, number`,
    )
    .catch(unknownStatus);
  return (result as unknown as { rows: { id: string; number: string }[] }).rows[0]!;
}

/**
 * The steps of the checklist and the booking: what the audit trail records of a checklist change
 * (its other fields are the claim's details, the customer's e-mail among them).
 */
const checklistProgress = {
  forwardedToSupplier: claims.forwardedToSupplier,
  acceptedBySupplier: claims.acceptedBySupplier,
  workflowDone: claims.workflowDone,
  completed: claims.completed,
  stockUpdated: claims.stockUpdated,
  baNumber: claims.baNumber,
};

const progressOf = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(checklistProgress).map((k) => [k, row[k]]));

/** The claim as the rules of a change need it, with what the audit trail compares; 404 outside the person's locations. */
async function current(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select({ locationId: claims.locationId, statusId: claims.statusId, ...checklistProgress })
    .from(claims)
    .where(and(eq(claims.id, id), visibleWhere(actor)));
  if (!row) throw notFound(MSG.claimUnknown);
  if (row.completed && !isBooker(actor)) throw forbidden(MSG.claimReadOnly);
  return row;
}

/**
 * A change only applies while the claim is still as the checks found it (not completed, unless
 * the person books): a completion in between turns it into a refusal instead of an overwrite.
 */
const stillEditable = (actor: Actor): SQL | undefined => (isBooker(actor) ? undefined : sql`${claims.completed} is null`);

async function applied(db: Db, actor: Actor, id: string, updated: { id: string }[]) {
  if (updated.length === 0) {
    await current(db, actor, id);
    throw forbidden(MSG.claimReadOnly);
  }
  return loadClaim({ db }, actor, id);
}

/** The information tab's columns as a save sets them. */
const detailColumns = (input: TClaimInput) => ({
  type: input.type,
  customerName: input.customerName,
  customerInvoice: input.customerInvoice,
  supplierName: input.supplierName,
  haulerName: input.haulerName,
  orderNumberOnlineshop: input.orderNumberOnlineshop,
  statusId: input.status,
  priority: input.priority,
  updatedAt: new Date(),
});

/** PUT /claims/{id}: the information tab. The location of a recorded claim stays. */
export async function updateClaim(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, { id, claim: input }: { id: string; claim: TClaimInput }) {
  const { db } = deps;
  const row = await current(db, actor, id);
  if (row.locationId !== input.locationId) throw badRequest(MSG.claimLocationFixed);
  const updated = await db.transaction(async (tx) => {
    const done = await tx.update(claims).set(detailColumns(input)).where(and(eq(claims.id, id), stillEditable(actor))).returning({ id: claims.id }).catch(unknownStatus);
    // Of the details only the status: the rest describes the customer's case.
    if (done.length > 0) await audit(tx, actor, { entity: 'claim', id, action: 'update', before: { statusId: row.statusId }, after: { statusId: input.status } });
    return done;
  });
  if (updated.length > 0 && (input.status ?? null) !== row.statusId) await notifyClaimState(deps, actor, { id });
  return applied(db, actor, id, updated);
}

/** Square metres recomputed from content × count wherever both are given (spec 2 §5). */
function withSurfaces(t: TLueckentext): TLueckentext {
  const area = <A extends { packageContent: number | null; packageCount: number | null; surfaceSize: number | null }>(a: A): A => ({
    ...a,
    surfaceSize: surfaceSize(a.packageContent, a.packageCount) ?? a.surfaceSize,
  });
  return { ...area(t), additionalArticles: t.additionalArticles.map(area) };
}

/** A flag of the checklist as its time stamp: set once when it turns true, kept while it stays. */
const stamp = (column: AnyPgColumn, on: boolean) => (on ? sql`coalesce(${column}, now())` : sql`null`);

/** The checklist's columns as a save sets them. */
const checklistColumns = (input: TChecklistInput) => ({
  scenario: input.scenario,
  forwardedToSupplier: stamp(claims.forwardedToSupplier, input.forwardedToSupplier),
  supplierClaimNumber: input.supplierClaimNumber,
  acceptedBySupplier: stamp(claims.acceptedBySupplier, input.acceptedBySupplier),
  goodWill: input.goodWill,
  email: input.email,
  coupon: input.coupon,
  workflowDone: stamp(claims.workflowDone, input.workflowDone),
  additionalInfo: input.additionalInfo,
  completed: stamp(claims.completed, input.completed),
  stockUpdated: input.stockUpdated,
  baNumber: input.baNumber,
  lueckentext: withSurfaces(input.lueckentext),
  updatedAt: new Date(),
});

/**
 * PUT /checklist/{id}. Completed claims are read-only except for bookers; booking fields only
 * for bookers; completing needs a scenario; the supplier's number and acceptance only after
 * forwarding (spec 2 §4).
 */
export async function updateChecklist(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, { id, checklist: input }: { id: string; checklist: TChecklistInput }) {
  const { db } = deps;
  const row = await current(db, actor, id);
  if (!isBooker(actor) && (input.stockUpdated !== row.stockUpdated || input.baNumber !== row.baNumber)) throw forbidden(MSG.claimBookingNotAllowed);
  if (claimScenarioMissing(input)) throw badRequest(MSG.claimScenarioRequired);
  if (!input.forwardedToSupplier && (input.supplierClaimNumber !== '' || input.acceptedBySupplier)) throw badRequest(MSG.claimSupplierFirst);
  const updated = await db.transaction(async (tx) => {
    const done = await tx.update(claims).set(checklistColumns(input)).where(and(eq(claims.id, id), stillEditable(actor))).returning({ id: claims.id, ...checklistProgress });
    if (done[0]) await audit(tx, actor, { entity: 'claim', id, action: 'update', before: progressOf(row), after: progressOf(done[0]) });
    return done;
  });
  if (updated.length > 0 && input.completed && !row.completed) await notifyClaimState(deps, actor, { id, completed: true });
  return applied(db, actor, id, updated);
}

/**
 * GET /claimarticle/search?term: articles for the checklist's article fields, by number from its
 * start or by decor anywhere, active ones only; at most CLAIM_ARTICLE_SUGGESTIONS.
 */
export async function articleSuggestions({ db }: ServiceDeps<'db'>, term: string) {
  const t = term.trim().toLowerCase();
  if (t.length < CLAIM_ARTICLE_TERM_MIN) return { articles: [] };
  const rows = await db
    .select({
      id: articles.id,
      number: articles.number,
      decor: articles.decor,
      name: articles.name,
      quality: articles.quality,
      manufacturer: sql<string>`coalesce((select m.name from ${manufacturers} m where m.id = ${articles.manufacturerId}), '')`,
    })
    .from(articles)
    .where(and(eq(articles.active, true), sql`(lower(${articles.number}) like ${likeTerm(t).slice(1)} or lower(${articles.decor}) like ${likeTerm(t)})`))
    .orderBy(sql`lower(${articles.number}) like ${likeTerm(t).slice(1)} desc`, articles.number)
    .limit(CLAIM_ARTICLE_SUGGESTIONS);
  return { articles: rows.map((r) => ({ ...r, manufacturerQualityAndDecor: [r.manufacturer, r.quality, r.decor].filter(Boolean).join(' ') })) };
}

/**
 * POST /claims/{id}/stockcorrection: packages of one of the claim's articles taken out of (or
 * back into) the stock of a location. The stock module books the change with the claim's number
 * as its reason; the claim keeps the link and counts as stock-updated. One transaction: the
 * correction is booked, recorded and in the audit trail (as the claim's), or none of them.
 */
export async function bookStockCorrection(deps: ServiceDeps<'db'>, actor: Actor, input: TStockCorrectionRequest & { id: string }) {
  const { db } = deps;
  const { id } = input;
  if (!isBooker(actor) || !mayChangeStockAt(actor, input.locationId)) throw forbidden(MSG.claimCorrectionNotAllowed);
  const ofClaim = sql`(${claims.lueckentext}->>'articleId' = ${input.articleId}
    or exists (select 1 from jsonb_array_elements(coalesce(${claims.lueckentext}->'additionalArticles', '[]'::jsonb)) e where e->>'articleId' = ${input.articleId}))`;
  const [found] = await db
    .select({
      number: claims.number,
      stockUpdated: claims.stockUpdated,
      ofClaim: sql<boolean>`${ofClaim}`,
      article: sql<{ number: string; name: string } | null>`(select json_build_object('number', a.number, 'name', concat_ws(' – ', nullif(a.decor, ''), nullif(a.name, '')))
        from ${articles} a where a.id = ${input.articleId})`,
      location: sql<string | null>`(select l.name from ${locations} l where l.id = ${input.locationId})`,
      userName: sql<string>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${actor.userId})`,
    })
    .from(claims)
    .where(and(eq(claims.id, id), visibleWhere(actor)));
  if (!found) throw notFound(MSG.claimUnknown);
  if (!found.location) throw badRequest(MSG.stockLocationRequired);
  if (!found.ofClaim || !found.article) throw badRequest(MSG.claimCorrectionArticle);
  const { article, location, number, userName, stockUpdated } = found;
  await db.transaction(async (tx) => {
    const booked = await adjustStock(withDb(deps, tx), { articleId: input.articleId, locationId: input.locationId, userId: actor.userId, userName, take: input.quantity, reason: `Beanstandung ${number}` });
    await tx.insert(claimStockCorrections).values({
      claimId: id,
      historyId: booked.historyId,
      articleId: input.articleId,
      articleNumber: article.number,
      articleName: article.name,
      locationId: input.locationId,
      locationName: location,
      quantity: input.quantity,
      before: booked.before,
      after: booked.after,
      userId: actor.userId,
      userName,
    });
    await tx.update(claims).set({ stockUpdated: true, updatedAt: new Date() }).where(eq(claims.id, id));
    const booking = { articleId: input.articleId, articleNumber: article.number, locationId: input.locationId, quantity: input.quantity, stockBefore: booked.before, stockAfter: booked.after };
    await audit(tx, actor, { entity: 'claim', id, action: 'update', before: { stockUpdated }, after: { stockUpdated: true, ...booking } });
  });
  return loadClaim(deps, actor, id);
}
