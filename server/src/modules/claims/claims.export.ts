import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { CLAIM_TYPE_LABELS, type ClaimType, type TLueckentext } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { inBatches, type XlsxColumn } from '../../platform/exports.ts';
import { scopeOf } from '../../platform/scope.ts';
import { claimStatuses } from '../lists/index.ts';
import { locations } from '../locations/index.ts';
import { CLAIM_SCOPE, outer, visibleWhere } from './claim-view.ts';
import { claims } from './claims.table.ts';

const exportColumns = {
  number: claims.number,
  createdAt: claims.createdAt,
  type: claims.type,
  location: locations.name,
  createdBy: claims.createdByName,
  customerName: claims.customerName,
  customerInvoice: claims.customerInvoice,
  supplierName: claims.supplierName,
  haulerName: claims.haulerName,
  orderNumberOnlineshop: claims.orderNumberOnlineshop,
  status: sql<string | null>`(select s.name from ${claimStatuses} s where s.id = ${outer('status_id')})`,
  priority: claims.priority,
  scenario: claims.scenario,
  forwardedToSupplier: claims.forwardedToSupplier,
  supplierClaimNumber: claims.supplierClaimNumber,
  acceptedBySupplier: claims.acceptedBySupplier,
  goodWill: claims.goodWill,
  coupon: claims.coupon,
  completed: claims.completed,
  stockUpdated: claims.stockUpdated,
  baNumber: claims.baNumber,
  lueckentext: claims.lueckentext,
};
const exportPage = (db: Db, where: SQL | undefined, limit: number, offset: number) =>
  db.select(exportColumns).from(claims).innerJoin(locations, eq(locations.id, claims.locationId)).where(where).orderBy(asc(claims.year), asc(claims.seq)).limit(limit).offset(offset);
type ExportRow = Awaited<ReturnType<typeof exportPage>>[number];

export const claimExportColumns: XlsxColumn<ExportRow>[] = [
  { header: 'Nummer', value: (r) => r.number, width: 12 },
  { header: 'Datum', value: (r) => r.createdAt, type: 'datetime', width: 17 },
  { header: 'Art', value: (r) => CLAIM_TYPE_LABELS[r.type as ClaimType] ?? r.type, width: 18 },
  { header: 'Standort', value: (r) => r.location, width: 22 },
  { header: 'Angelegt von', value: (r) => r.createdBy, width: 22 },
  { header: 'Kunde', value: (r) => r.customerName, width: 22 },
  { header: 'Rechnung', value: (r) => r.customerInvoice, width: 14 },
  { header: 'Hersteller', value: (r) => r.supplierName, width: 20 },
  { header: 'Spediteur', value: (r) => r.haulerName, width: 20 },
  { header: 'Bestellnummer Onlineshop', value: (r) => r.orderNumberOnlineshop, width: 16 },
  { header: 'Status', value: (r) => r.status ?? '', width: 18 },
  { header: 'Priorität', value: (r) => r.priority, type: 'number', width: 10 },
  { header: 'Scenario', value: (r) => r.scenario ?? '', width: 11 },
  { header: 'An Lieferanten weitergeleitet', value: (r) => r.forwardedToSupplier, type: 'datetime', width: 17 },
  { header: 'Reklamationsnummer Lieferant', value: (r) => r.supplierClaimNumber, width: 16 },
  { header: 'Vom Lieferanten angenommen', value: (r) => r.acceptedBySupplier, type: 'datetime', width: 17 },
  { header: 'Kulanz', value: (r) => r.goodWill, type: 'boolean', width: 8 },
  { header: 'Gutschein', value: (r) => r.coupon, width: 14 },
  { header: 'Abgeschlossen', value: (r) => r.completed, type: 'datetime', width: 17 },
  { header: 'Bestandskorrektur gebucht', value: (r) => r.stockUpdated, type: 'boolean', width: 12 },
  { header: 'BA-Nummer', value: (r) => r.baNumber, width: 14 },
  { header: 'Artikelnummer', value: (r) => (r.lueckentext as TLueckentext | null)?.articleNumber ?? '', width: 16 },
  { header: 'Artikel', value: (r) => (r.lueckentext as TLueckentext | null)?.articleName ?? '', width: 24 },
  { header: 'Quadratmeter', value: (r) => (r.lueckentext as TLueckentext | null)?.surfaceSize ?? null, type: 'number', width: 12 },
];

/**
 * POST /exportclaim/{locationId}?year: every claim of a location (or all the person sees, with
 * 'all'), open and closed, oldest number first, read in batches for the streamed workbook.
 */
export function claimExportRows({ db }: ServiceDeps<'db'>, actor: Actor, { locationId, year }: { locationId: string; year: number | null }) {
  if (locationId === 'all' && scopeOf(actor, CLAIM_SCOPE).kind !== 'everything') throw forbidden(MSG.claimLocationNotAllowed);
  const where = and(visibleWhere(actor), locationId === 'all' ? undefined : eq(claims.locationId, locationId), year === null ? undefined : eq(claims.year, year));
  return inBatches((limit, offset) => exportPage(db, where, limit, offset));
}
