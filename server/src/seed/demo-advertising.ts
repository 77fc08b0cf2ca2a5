import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { berlinInstant, todayIso } from '../platform/dates.ts';
import { imageFacts } from '../platform/images.ts';
import type { Storage } from '../platform/storage.ts';
import { saveFile } from '../platform/uploads.ts';
import { advertisings } from '../modules/advertising/advertising.table.ts';
import { users } from '../modules/users/users.table.ts';
import { plankPicture } from './demo-news.ts';
import { simplePdf } from './pdf.ts';

/** A day relative to today (YYYY-MM-DD). */
function day(offset: number): string {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

interface DemoAdvertising {
  title: string;
  /** Days from today: shown from, valid from, valid till. */
  show: number;
  from: number;
  till: number;
  articles: string[];
  picture?: { caption: string; tones: [string, string, string] };
  pdf?: string[];
}

const ENTRIES: DemoAdvertising[] = [
  { title: 'Frühjahrsaktion Laminat', show: -60, from: -55, till: -25, articles: ['LA-1002', 'LA-1005', 'LA-1011'], picture: { caption: 'Frühjahrsaktion Laminat', tones: ['#c8a27a', '#b88d63', '#d4b08a'] } },
  { title: 'Prospekt Vinyl-Wochen', show: -21, from: -14, till: 14, articles: ['VI-1001', 'VI-1003', 'VI-1008', 'VI-1013'], pdf: ['Vinyl-Wochen in allen Filialen', 'Klick-Vinyl ab 19,95 € je m²', 'Gültig solange der Vorrat reicht'] },
  { title: 'Parkett Eiche – Schaufensterplakat', show: -3, from: 0, till: 28, articles: ['PA-1004', 'PA-1007'], picture: { caption: 'Parkett Eiche', tones: ['#a5774e', '#b8885c', '#94683f'] } },
  { title: 'Teppich-Sommer (Anzeige)', show: 0, from: 0, till: 30, articles: ['TE-1002', 'TE-1006'], picture: { caption: 'Teppich-Sommer', tones: ['#8d8f96', '#a0a2a9', '#7b7d84'] } },
  { title: 'Herbstkatalog Designböden', show: 14, from: 21, till: 60, articles: ['DB-1001', 'DB-1003', 'DB-1005'], picture: { caption: 'Herbstkatalog', tones: ['#6b4a33', '#7a563c', '#5d402c'] } },
];

/**
 * Five advertising entries: one from two months ago, three current (a PDF brochure among them)
 * and one upcoming in two weeks that only who sees all advertising finds. Without a storage
 * (tests that need no files) there are none: an entry never exists without its file.
 */
export async function seedAdvertising(db: Db, storage: Storage | null) {
  if (!storage) return;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'vertriebsleitung@example.com'));
  const createdBy = author?.id ?? null;
  for (const e of ENTRIES) {
    const showFrom = day(e.show);
    let file;
    let thumbnailFileId: string | null = null;
    if (e.picture) {
      const bytes = await plankPicture(e.picture.caption, e.picture.tones);
      const name = `${e.picture.caption.toLowerCase().replace(/[^a-z0-9äöüß]+/g, '-')}.jpg`;
      file = await saveFile(db, storage, { name, mimeType: 'image/jpeg', bytes, createdBy });
      const { thumbnail } = await imageFacts(bytes, 420, '');
      thumbnailFileId = (await saveFile(db, storage, { name: `vorschau-${name}`, mimeType: 'image/jpeg', bytes: thumbnail, createdBy })).id;
    } else {
      file = await saveFile(db, storage, { name: 'prospekt-vinyl-wochen.pdf', mimeType: 'application/pdf', bytes: simplePdf(e.title, e.pdf ?? []), createdBy });
    }
    await db.insert(advertisings).values({
      title: e.title,
      articles: e.articles,
      dateFrom: day(e.from),
      dateTill: day(e.till),
      showFrom,
      visibleFrom: berlinInstant(showFrom),
      fileId: file.id,
      name: file.name,
      fileKind: e.picture ? 'image' : 'pdf',
      mimeType: file.mimeType,
      size: file.size,
      thumbnailFileId,
      createdBy,
      // Created the day it was shown, so the counter of a first visit counts the recent ones.
      createdAt: berlinInstant(day(Math.min(e.show, 0))),
    });
  }
}
