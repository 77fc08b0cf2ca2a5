import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { claimNumber, type ClaimType, type TLueckentext } from '@filialportal/core/claims';
import type { Db } from '../platform/db.ts';
import { imageFacts } from '../platform/images.ts';
import type { Storage } from '../platform/storage.ts';
import { saveFile } from '../platform/uploads.ts';
import { plankPicture } from './demo-news.ts';
import { simplePdf } from './pdf.ts';
import { claimCounters, claimFiles, claims, claimStockCorrections } from '../modules/claims/claims.table.ts';
import { emptyLueckentext } from '../modules/claims/claim-view.ts';
import { claimStatuses, manufacturers } from '../modules/lists/lists.table.ts';
import { locations } from '../modules/locations/locations.table.ts';
import { adjustStock } from '../modules/stock/stock-changes.service.ts';
import { articles } from '../modules/stock/stock.table.ts';
import { users } from '../modules/users/users.table.ts';

type Stage = 'neu' | 'in Arbeit' | 'abgeschlossen' | 'gebucht';

interface DemoClaim {
  daysAgo: number;
  location: string;
  by: string;
  type: ClaimType;
  customer?: string;
  supplier?: string;
  hauler?: string;
  stage: Stage;
  priority?: 1 | 2 | 3;
  reason: string;
  scenario?: string;
  count: number;
}

const CLAIMS: DemoClaim[] = [
  { daysAgo: 410, location: 'Filiale Köln', by: 'verkauf@example.com', type: 'customer-item', customer: 'Familie Schuster', stage: 'gebucht', reason: 'Fugenbildung', scenario: '2', count: 6 },
  { daysAgo: 380, location: 'Filiale Hamburg', by: 'buchhaltung@example.com', type: 'stock-item', supplier: 'Vinylwerk Rhein', stage: 'gebucht', reason: 'Farbabweichung', scenario: '5', count: 12 },
  { daysAgo: 160, location: 'Filiale Köln', by: 'filialleitung@example.com', type: 'hauler-item', customer: 'Praxis Dr. Aydin', hauler: 'Spedition Rheinland', stage: 'gebucht', reason: 'Transportschaden', scenario: '7', count: 4 },
  { daysAgo: 120, location: 'Filiale Düsseldorf', by: 'buchhaltung@example.com', type: 'customer-item', customer: 'Herr Lindner', stage: 'abgeschlossen', reason: 'Kantenaufquellung', scenario: '3', count: 9 },
  { daysAgo: 95, location: 'Filiale Köln', by: 'verkauf@example.com', type: 'stock-item', supplier: 'Laminat Manufaktur', stage: 'abgeschlossen', reason: 'Fehlmenge', scenario: 'abgelehnt', count: 2, priority: 1 },
  { daysAgo: 70, location: 'Filiale Dortmund', by: 'vertrieb@example.com', type: 'customer-item', customer: 'Kita Sonnenschein', stage: 'in Arbeit', reason: 'Farbabweichung', count: 14, priority: 2 },
  { daysAgo: 48, location: 'Filiale Köln', by: 'verkauf@example.com', type: 'customer-item', customer: 'Frau Wagner', stage: 'in Arbeit', reason: 'Fugenbildung', count: 7, priority: 3 },
  { daysAgo: 40, location: 'Franchise Leipzig', by: 'franchise@example.com', type: 'stock-item', supplier: 'Vinylwerk Rhein', stage: 'in Arbeit', reason: 'Kantenaufquellung', count: 6 },
  { daysAgo: 30, location: 'Filiale Hamburg', by: 'vertrieb@example.com', type: 'hauler-item', customer: 'Hotel Elbblick', hauler: 'Nordfracht GmbH', stage: 'in Arbeit', reason: 'Transportschaden', count: 20 },
  { daysAgo: 21, location: 'Filiale Köln', by: 'filialleitung@example.com', type: 'stock-item', supplier: 'Eichenwerk Nord', stage: 'abgeschlossen', reason: 'Kantenaufquellung', scenario: '4', count: 3 },
  { daysAgo: 12, location: 'Filiale München', by: 'buchhaltung@example.com', type: 'customer-item', customer: 'Familie Huber', stage: 'neu', reason: 'Farbabweichung', count: 5 },
  { daysAgo: 9, location: 'Zentrallager Köln', by: 'lagerist@example.com', type: 'hauler-item', customer: 'Filiale Dortmund', hauler: 'Nordfracht GmbH', stage: 'neu', reason: 'Transportschaden', count: 10, priority: 1 },
  { daysAgo: 6, location: 'Filiale Köln', by: 'azubi@example.com', type: 'customer-item', customer: 'Herr Okafor', stage: 'neu', reason: 'Kantenaufquellung', count: 2, priority: 2 },
  { daysAgo: 2, location: 'Filiale Köln', by: 'verkauf@example.com', type: 'hauler-item', customer: 'Büro Meyer & Co.', hauler: 'Spedition Rheinland', stage: 'neu', reason: 'Transportschaden', count: 8, priority: 3 },
  { daysAgo: 1, location: 'Filiale Frankfurt', by: 'vertrieb@example.com', type: 'stock-item', supplier: 'Designboden AG', stage: 'neu', reason: 'Fehlmenge', count: 1 },
];

const DAY = 86_400_000;
const berlinYear = (d: Date) => Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(d));

/**
 * Claims of the demo company: customer, stock and haulage claims at several branches, from new
 * ones to booked ones, numbered per year in the order they were made (as the counter would).
 */
export async function seedClaims(db: Db, storage: Storage | null) {
  const places = new Map((await db.select({ id: locations.id, name: locations.name }).from(locations)).map((l) => [l.name, l.id]));
  const people = new Map(
    (await db.select({ id: users.id, email: users.email, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(inArray(users.email, [...new Set(CLAIMS.map((c) => c.by))]))).map((u) => [u.email, u]),
  );
  const statuses = new Map((await db.select({ id: claimStatuses.id, name: claimStatuses.name }).from(claimStatuses)).map((s) => [s.name, s.id]));
  const goods = await db
    .select({ id: articles.id, number: articles.number, decor: articles.decor, name: articles.name, quality: articles.quality, maker: manufacturers.name })
    .from(articles)
    .innerJoin(manufacturers, eq(manufacturers.id, articles.manufacturerId))
    .orderBy(asc(articles.number))
    .limit(40);
  const now = Date.now();
  const seqOf = new Map<number, number>();
  const rows = CLAIMS.map((c, i) => {
    const created = new Date(now - c.daysAgo * DAY - (i % 5) * 3_600_000);
    const year = berlinYear(created);
    const seq = (seqOf.get(year) ?? 0) + 1;
    seqOf.set(year, seq);
    const a = goods[(i * 7) % Math.max(1, goods.length)];
    const content = [1.996, 2.131, 2.22, 1.8][i % 4]!;
    const started = c.stage !== 'neu';
    const done = c.stage === 'abgeschlossen' || c.stage === 'gebucht';
    const later = (days: number) => new Date(created.getTime() + days * DAY);
    const lueckentext: TLueckentext = started
      ? {
          ...emptyLueckentext(),
          complaintNumber: `R-${1000 + i}`,
          articleId: a?.id ?? null,
          articleNumber: a?.number ?? '',
          articleName: [a?.decor, a?.name].filter(Boolean).join(' – '),
          supplierName: c.supplier ?? a?.maker ?? '',
          quality: a?.quality ?? '',
          packageContent: content,
          packageCount: c.count,
          surfaceSize: Math.round(content * c.count * 1000) / 1000,
          reason: c.reason,
          treatment: c.reason === 'Transportschaden' ? 'Ware fotografiert, Schaden auf dem Lieferschein vermerkt.' : 'Vor Ort begutachtet, Muster zurückgelegt.',
          stockNeedsUpdate: c.type !== 'customer-item',
          stockLocation: c.type !== 'customer-item' ? places.get(c.location)! : null,
          stockNeedsLocation: c.type !== 'customer-item' ? 'Regal B3' : '',
          name: people.get(c.by)?.name ?? '',
        }
      : emptyLueckentext();
    return {
      year,
      seq,
      number: claimNumber(year, seq),
      type: c.type,
      locationId: places.get(c.location)!,
      createdById: people.get(c.by)?.id ?? null,
      createdByName: people.get(c.by)?.name ?? '',
      customerName: c.customer ?? '',
      customerInvoice: c.customer ? `RE-${24000 + i * 17}` : '',
      supplierName: c.supplier ?? '',
      haulerName: c.hauler ?? '',
      statusId: statuses.get(c.stage === 'neu' ? 'Neu' : c.stage === 'in Arbeit' ? 'Beim Hersteller' : c.stage === 'gebucht' ? 'Abgeschlossen' : 'Gutschrift erhalten') ?? null,
      priority: c.priority ?? null,
      scenario: done ? (c.scenario ?? '1') : null,
      forwardedToSupplier: started ? later(2) : null,
      supplierClaimNumber: started ? `L-${7700 + i}` : '',
      acceptedBySupplier: done ? later(9) : null,
      goodWill: c.scenario === '5',
      email: c.customer ? `kunde${i}@example.com` : '',
      workflowDone: done ? later(12) : null,
      additionalInfo: started ? 'Kunde telefonisch informiert.' : '',
      completed: done ? later(14) : null,
      stockUpdated: c.stage === 'gebucht',
      baNumber: c.stage === 'gebucht' ? `BA-${year}-${String(100 + i)}` : '',
      lueckentext,
      createdAt: created,
      updatedAt: done ? later(14) : created,
    };
  });
  const created = await db.insert(claims).values(rows).returning({ id: claims.id, createdAt: claims.createdAt });
  await db.insert(claimCounters).values([...seqOf].map(([year, last]) => ({ year, last })));
  await bookDemoCorrection(db, rows, created, places);
  if (!storage) return;
  // Photos of the damage (and a complaint form for the booked ones) on every claim under way.
  for (const [i, c] of CLAIMS.entries()) {
    if (c.stage === 'neu') continue;
    const claim = created[i]!;
    const photo = await plankPicture(c.reason, PHOTO_TONES[i % PHOTO_TONES.length]!);
    const { thumbnail } = await imageFacts(photo, 420, 'Foto');
    await attach(db, storage, claim, 'pictures', `schaden-${i + 1}.jpg`, 'image/jpeg', photo, thumbnail);
    if (c.stage === 'gebucht') {
      const form = simplePdf(`Reklamationsformular ${rows[i]!.number}`, [`Kunde: ${rows[i]!.customerName || '–'}`, `Grund: ${c.reason}`, `Pakete: ${c.count}`]);
      await attach(db, storage, claim, 'complaintForm', `reklamationsformular-${rows[i]!.number}.pdf`, 'application/pdf', form, null);
    }
  }
}

const PHOTO_TONES: [string, string, string][] = [
  ['#c8a27a', '#b48a60', '#d6b48c'],
  ['#8d6e52', '#7a5c43', '#9c7c5e'],
  ['#d9cfc1', '#cbbfae', '#e4dbcf'],
];

async function attach(db: Db, storage: Storage, claim: { id: string; createdAt: Date }, field: 'pictures' | 'complaintForm', name: string, mimeType: string, bytes: Buffer, thumbnail: Buffer | null) {
  const file = await saveFile(db, storage, { name, mimeType, bytes, createdBy: null });
  const thumb = thumbnail ? await saveFile(db, storage, { name: `vorschau-${name}`, mimeType: 'image/jpeg', bytes: thumbnail, createdBy: null }) : null;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db.insert(claimFiles).values({ claimId: claim.id, field, fileId: file.id, thumbnailFileId: thumb?.id ?? null, name, mimeType, size: bytes.length, sha256, createdAt: claim.createdAt });
}

/**
 * The completed stock claim of Filiale Köln has its damaged packages booked out of the branch's
 * stock by the Zentrallagerleitung (the BA number is still to come, so it stays open for the
 * booking roles): the claim shows the correction, the article's history its reason.
 */
async function bookDemoCorrection(db: Db, rows: { number: string; stockUpdated: boolean; lueckentext: TLueckentext }[], created: { id: string }[], places: Map<string, string>) {
  const i = CLAIMS.findIndex((c) => c.stage === 'abgeschlossen' && c.type === 'stock-item' && c.location === 'Filiale Köln');
  const row = rows[i];
  const locationId = places.get('Filiale Köln');
  const [booker] = await db.select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(eq(users.email, 'zentrallagerleitung@example.com'));
  if (!row?.lueckentext.articleId || !locationId || !booker) return;
  const take = Math.max(1, Math.round(row.lueckentext.packageCount ?? 1));
  const booked = await adjustStock({ db }, { articleId: row.lueckentext.articleId, locationId, userId: booker.id, userName: booker.name, take, reason: `Beanstandung ${row.number}` }).catch(() => null);
  if (!booked) return; // the demo stock holds too little there: nothing to book
  await db.insert(claimStockCorrections).values({
    claimId: created[i]!.id,
    historyId: booked.historyId,
    articleId: row.lueckentext.articleId,
    articleNumber: row.lueckentext.articleNumber,
    articleName: row.lueckentext.articleName,
    locationId,
    locationName: 'Filiale Köln',
    quantity: take,
    before: booked.before,
    after: booked.after,
    userId: booker.id,
    userName: booker.name,
  });
  await db.update(claims).set({ stockUpdated: true }).where(eq(claims.id, created[i]!.id));
}
