import { and, eq, sql } from 'drizzle-orm';
import { CLAIM_TYPE_LABELS, type ClaimType, type TLueckentext } from '@filialportal/core/claims';
import { formatFileSize } from '@filialportal/core/assortment';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import { formatDate } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import { fittedJpeg } from '../../platform/images.ts';
import { loadPdfKit, pdfText } from '../../platform/pdf.ts';
import type { Storage } from '../../platform/storage.ts';
import { locations } from '../locations/index.ts';
import { articleEans } from '../stock/index.ts';
import { users } from '../users/index.ts';
import { emptyLueckentext, outer, visibleWhere } from './claim-view.ts';
import { claimFiles, claims } from './claims.table.ts';

/** Photos are embedded at most this many pixels on their longer side: sharp on paper, light to send. */
const PHOTO_PIXELS = 1600;
const MARGIN = 50;
const GREY = '#666666';

type PackageFile = [name: string, mimeType: string, size: number, storageKey: string, createdAt: string];

/** What the package shows of a claim: no customer data, nothing internal (docs/decisions/claims-lieferantenpaket.md). */
async function packageData(db: Db, actor: Actor, id: string) {
  const eans = sql`(select coalesce(json_object_agg(x.article_id, x.eans), '{}'::json) from (select e.article_id, string_agg(e.ean, ', ' order by e.ean) as eans
    from ${articleEans} e where e.article_id in (select (${claims.lueckentext}->>'articleId')::uuid
      union all select (a->>'articleId')::uuid from jsonb_array_elements(coalesce(${claims.lueckentext}->'additionalArticles', '[]'::jsonb)) a) group by e.article_id) x)`;
  const [row] = await db
    .select({
      number: claims.number,
      type: claims.type,
      createdAt: claims.createdAt,
      supplierName: claims.supplierName,
      haulerName: claims.haulerName,
      supplierClaimNumber: claims.supplierClaimNumber,
      lueckentext: claims.lueckentext,
      location: sql<string[]>`(select json_build_array(l.name, l.street, trim(l.zip || ' ' || l.city)) from ${locations} l where l.id = ${claims.locationId})`,
      eans: sql<Record<string, string>>`${eans}`,
      pictures: sql<PackageFile[]>`coalesce((select json_agg(json_build_array(f.name, f.mime_type, f.size, s.storage_key, f.created_at) order by f.created_at, f.id)
        from ${claimFiles} f join ${files} s on s.id = f.file_id where f.claim_id = ${outer('id')} and f.field = 'pictures'), '[]'::json)`,
      author: sql<string>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${actor.userId})`,
    })
    .from(claims)
    .where(and(eq(claims.id, id), visibleWhere(actor)));
  if (!row) throw notFound(MSG.claimUnknown);
  return { ...row, lueckentext: { ...emptyLueckentext(), ...(row.lueckentext ?? {}) } as TLueckentext };
}

/** Lets the event loop run what waits (a turn of setImmediate). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

type Data = Awaited<ReturnType<typeof packageData>>;

const amount = (n: number | null) => (n === null ? '' : n.toLocaleString('de-DE', { maximumFractionDigits: 3 }));

/**
 * GET /claims/{id}/supplierpackage: one PDF to send to the supplier — the claim's facts, its
 * articles with EANs and square metres, and its photos (videos and documents listed by name).
 * The claim is read before the answer starts (404 as an answer, not a broken download); then the
 * PDF streams out, one photo in memory at a time.
 */
export async function supplierPackage({ db, storage }: ServiceDeps<'db' | 'storage'>, actor: Actor, id: string) {
  const data = await packageData(db, actor, id);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Pages stay open for the footer's 'Seite n von m'; photos are written out as they come.
    bufferPages: true,
    info: { Title: pdfText(`Beanstandung ${data.number}`), Author: pdfText(data.author), Creator: 'Filialportal' },
  });
  write(doc, data, storage).catch((error: Error) => doc.destroy(error));
  return { fileName: `Beanstandung-${data.number}-Lieferant.pdf`, pdf: doc };
}

async function write(doc: PDFKit.PDFDocument, data: Data, storage: Storage) {
  const t = data.lueckentext;
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(18).text(pdfText(`Beanstandung ${data.number}`));
  doc.font('Helvetica').fontSize(10).fillColor(GREY).text(pdfText(`Unterlagen für den Lieferanten · erstellt am ${formatDate(new Date())} von ${data.author}`));
  doc.fillColor('black').moveDown(1.2);

  const [locationName = '', street = '', city = ''] = data.location ?? [];
  const facts: [string, string][] = [
    ['Art', CLAIM_TYPE_LABELS[data.type as ClaimType] ?? data.type],
    ['Erfasst am', formatDate(data.createdAt)],
    ['Standort', [locationName, street, city].filter(Boolean).join(', ')],
    ['Hersteller', data.supplierName],
    ['Spediteur', data.haulerName],
    ['Reklamationsnummer', t.complaintNumber],
    ['Reklamationsnummer des Lieferanten', data.supplierClaimNumber],
    ['Grund', t.reason],
    ['Beschreibung / Vorgehen', t.treatment],
  ];
  for (const [label, value] of facts.filter(([, v]) => v.trim() !== '')) {
    // Laying out a long text takes pdfkit milliseconds: other requests go first between blocks.
    await breathe();
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(pdfText(label), MARGIN, y, { width: 170 });
    const labelEnd = doc.y;
    doc.font('Helvetica').text(pdfText(value), MARGIN + 180, y, { width: width - 180 });
    doc.y = Math.max(doc.y, labelEnd) + 4;
  }

  section(doc, 'Artikel');
  const list = [t, ...t.additionalArticles].filter((a) => a.articleNumber || a.articleName || a.packageCount !== null);
  if (list.length === 0) doc.font('Helvetica').fontSize(10).text('Keine Artikel angegeben.', MARGIN);
  for (const [i, a] of list.entries()) {
    await breathe();
    keepTogether(doc, 70);
    doc.font('Helvetica-Bold').fontSize(10).text(pdfText(`${i + 1}. ${[a.articleNumber, a.articleName].filter(Boolean).join(' – ') || 'ohne Nummer'}`), MARGIN);
    const details = [
      a.supplierName && `Hersteller: ${a.supplierName}`,
      a.quality && `Qualität: ${a.quality}`,
      a.articleId && data.eans[a.articleId] && `EAN: ${data.eans[a.articleId]}`,
      a.packageContent !== null && `Inhalt je Paket: ${amount(a.packageContent)} m²`,
      a.packageCount !== null && `Pakete: ${amount(a.packageCount)}`,
      a.surfaceSize !== null && `Fläche: ${amount(a.surfaceSize)} m²`,
    ].filter(Boolean);
    doc.font('Helvetica').text(pdfText(details.join(' · ')), MARGIN + 14, doc.y, { width: width - 14 });
    doc.moveDown(0.5);
  }
  const total = list.reduce((sum, a) => sum + (a.surfaceSize ?? 0), 0);
  if (list.length > 1 && total > 0) doc.font('Helvetica-Bold').text(pdfText(`Fläche gesamt: ${amount(Math.round(total * 1000) / 1000)} m²`), MARGIN);

  const photos = data.pictures.filter(([, mime]) => mime === 'image/jpeg' || mime === 'image/png');
  const others = data.pictures.filter((p) => !photos.includes(p));
  section(doc, `Fotos (${photos.length})`);
  if (photos.length === 0) doc.font('Helvetica').fontSize(10).text('Keine Fotos.', MARGIN);
  for (const [name, , , storageKey, createdAt] of photos) {
    // One photo at a time: read, fitted, placed, released.
    const fitted = await fittedJpeg(await storage.get(storageKey), PHOTO_PIXELS);
    const caption = pdfText(`${name} · ${formatDate(createdAt)}`);
    if (!fitted) {
      doc.font('Helvetica').fontSize(9).fillColor(GREY).text(`${caption} – das Bild lässt sich nicht lesen.`, MARGIN).fillColor('black');
      continue;
    }
    const maxHeight = (doc.page.height - 2 * MARGIN) / 2 - 30;
    const scale = Math.min(width / fitted.width, maxHeight / fitted.height, 1);
    const [w, h] = [fitted.width * scale, fitted.height * scale];
    keepTogether(doc, h + 24);
    doc.image(fitted.jpeg, MARGIN + (width - w) / 2, doc.y, { width: w, height: h });
    doc.y += h + 4;
    doc.font('Helvetica').fontSize(9).fillColor(GREY).text(caption, MARGIN, doc.y, { width, align: 'center' }).fillColor('black');
    doc.moveDown(0.8);
  }
  if (others.length > 0) {
    section(doc, 'Weitere Dateien (nicht im PDF, auf Anfrage)');
    for (const [name, mime, size] of others) {
      doc.font('Helvetica').fontSize(10).text(pdfText(`• ${name} (${mime.startsWith('video/') ? 'Video' : 'Dokument'}, ${formatFileSize(Number(size))})`), MARGIN);
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    await breathe();
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin would open a new page: the footer sits inside it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(GREY).text(pdfText(`Beanstandung ${data.number} · Seite ${i + 1} von ${range.count}`), MARGIN, doc.page.height - 30, { width, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
  await breathe();
  doc.end();
}

function section(doc: PDFKit.PDFDocument, title: string) {
  keepTogether(doc, 60);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(13).fillColor('black').text(pdfText(title), MARGIN);
  const y = doc.y + 2;
  doc.moveTo(MARGIN, y).lineTo(doc.page.width - MARGIN, y).lineWidth(0.5).strokeColor('#bbbbbb').stroke();
  doc.y = y + 6;
}

/** A new page when less than `height` is left on this one. */
function keepTogether(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}
