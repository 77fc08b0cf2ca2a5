import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { berlinInstant, todayIso } from '../platform/dates.ts';
import { imageFacts, loadSharp } from '../platform/images.ts';
import type { Storage } from '../platform/storage.ts';
import { saveFile } from '../platform/uploads.ts';
import { comments, likes, news, newsConfirmations } from '../modules/news/news.table.ts';
import { userGroups } from '../modules/teams/teams.table.ts';
import { users } from '../modules/users/users.table.ts';

/** A day relative to today (YYYY-MM-DD). */
function day(offset: number): string {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** A picture for a demo item: planks in the item's wood tone with a caption, as a JPEG. */
export async function plankPicture(caption: string, tones: [string, string, string]): Promise<Buffer> {
  const planks = Array.from({ length: 8 }, (_, i) => {
    const tone = tones[i % 3];
    const shift = (i * 137) % 400;
    return `<rect x="${-shift}" y="${i * 62}" width="1400" height="60" fill="${tone}"/><line x1="${400 - shift}" y1="${i * 62}" x2="${400 - shift}" y2="${i * 62 + 60}" stroke="#00000022" stroke-width="3"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="496">${planks}
    <rect x="40" y="360" width="${Math.min(880, 40 + caption.length * 22)}" height="96" rx="12" fill="#ffffffdd"/>
    <text x="64" y="422" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="bold" fill="#3b2a1a">${caption}</text></svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

interface DemoNews {
  title: string;
  text: string;
  category: 'Allgemein' | 'Personal' | 'Sortiment';
  offset: number;
  time?: string;
  until?: number;
  by: string;
  teams?: string[];
  locations?: string[];
  picture?: { caption: string; tones: [string, string, string] };
  requiresConfirmation?: boolean;
  likedBy?: number;
  comments?: [string, string][];
}

const OAK: [string, string, string] = ['#c8a27a', '#b88d63', '#d4b08a'];
const WALNUT: [string, string, string] = ['#6b4a33', '#7a563c', '#5d402c'];
const GREY: [string, string, string] = ['#a7a39b', '#b6b1a8', '#9a958d'];

/**
 * A dozen news items across the three categories: pictures, likes and comments, one targeted at
 * Filiale Köln, one scheduled for next week, one mandatory notice awaiting confirmation and two
 * in the archive. Without a storage (tests that do not need files) the items have no pictures.
 */
export async function seedNews(db: Db, storage: Storage | null, locId: (key: string) => string) {
  const people = await db.select({ id: users.id, email: users.email, group: userGroups.name }).from(users).innerJoin(userGroups, eq(userGroups.id, users.groupId));
  const byEmail = (email: string) => people.find((p) => p.email === email)!.id;
  const groupIds = await db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups);
  const group = (name: string) => groupIds.find((g) => g.name === name)!.id;
  const everyone = people.map((p) => p.id);

  const items: DemoNews[] = [
    {
      title: 'Neue Kollektion Landhausdielen eingetroffen',
      text: '<p>Ab sofort stehen die <strong>Landhausdielen „Nordic Oak“</strong> in allen Filialen im Muster bereit. Die Dielen sind 2.200 mm lang, gebürstet und geölt.</p><ul><li>Nutzschicht 3,5 mm</li><li>für Fußbodenheizung geeignet</li><li>Aktionspreis bis Monatsende</li></ul>',
      category: 'Sortiment',
      offset: -1,
      by: 'vertriebsleitung@example.com',
      picture: { caption: 'Nordic Oak – Landhausdiele', tones: OAK },
      likedBy: 14,
      comments: [
        ['verkauf@example.com', 'Die ersten Kunden haben schon nach Mustern gefragt – sehr gefragt!'],
        ['filialleitung@example.com', 'Bitte die Musterkoffer bis Freitag im Eingangsbereich aufstellen.'],
      ],
    },
    {
      title: 'Arbeitsschutz-Unterweisung 2026: bitte bestätigen',
      text: '<p>Die jährliche Unterweisung zum Arbeitsschutz ist aktualisiert. Bitte lesen Sie die Hinweise zum Heben schwerer Rollenware und zur Nutzung der Schneidemaschine sorgfältig und bestätigen Sie anschließend mit <em>Gelesen und verstanden</em>.</p>',
      category: 'Personal',
      offset: 0,
      by: 'personalleitung@example.com',
      requiresConfirmation: true,
      likedBy: 3,
    },
    {
      title: 'Hausmesse in Köln: Helfer gesucht',
      text: '<p>Für unsere Hausmesse in zwei Wochen suchen wir Kolleginnen und Kollegen aus der Filiale Köln, die am Samstag beim Aufbau helfen. Bitte meldet euch bei der Filialleitung.</p>',
      category: 'Allgemein',
      offset: -2,
      by: 'filialleitung@example.com',
      locations: ['koeln'],
      picture: { caption: 'Hausmesse Köln', tones: WALNUT },
      likedBy: 5,
      comments: [['azubi@example.com', 'Ich bin dabei!']],
    },
    {
      title: 'Vinylböden: neue Verlegeanleitung',
      text: '<p>Der Hersteller hat die Verlegeanleitung für Klick-Vinyl überarbeitet. Wichtig: Die Dehnungsfuge beträgt jetzt <strong>mindestens 8 mm</strong>.</p>',
      category: 'Sortiment',
      offset: -6,
      by: 'vertrieb@example.com',
      teams: ['Verkauf', 'Bodenleger', 'Filialleitung'],
      likedBy: 8,
    },
    {
      title: 'Willkommen im Team!',
      text: '<p>Wir begrüßen drei neue Auszubildende in Düsseldorf, Dortmund und Hamburg. Schön, dass ihr da seid!</p>',
      category: 'Personal',
      offset: -9,
      by: 'personalleitung@example.com',
      picture: { caption: 'Willkommen!', tones: GREY },
      likedBy: 22,
      comments: [
        ['verkauf@example.com', 'Herzlich willkommen!'],
        ['bodenleger@example.com', 'Viel Erfolg in der Ausbildung.'],
      ],
    },
    {
      title: 'Öffnungszeiten zwischen den Feiertagen',
      text: '<p>Vom 24.12. bis 26.12. bleiben alle Filialen geschlossen. Am 31.12. schließen wir um 14:00 Uhr. Die Inventur findet am 30. und 31.12. statt.</p>',
      category: 'Allgemein',
      offset: -4,
      by: 'verwaltung@example.com',
      likedBy: 6,
    },
    {
      title: 'Teppichboden-Aktion „Winterwärme“',
      text: '<p>Vom 1. bis 31. des nächsten Monats: 15 % auf alle Velours-Teppichböden der Eigenmarke. Die Aktionsware ist im Kassensystem hinterlegt.</p>',
      category: 'Sortiment',
      offset: 7,
      time: '08:00',
      by: 'vertriebsleitung@example.com',
    },
    {
      title: 'Neue Dienstwagenregelung',
      text: '<p>Ab dem kommenden Quartal gilt für Außendienst und Bodenleger die neue Dienstwagenregelung. Die Details erhalten Sie per Mail von der Personalabteilung.</p>',
      category: 'Personal',
      offset: -20,
      by: 'personalleitung@example.com',
      teams: ['Bodenleger', 'Vertrieb'],
      likedBy: 2,
    },
    {
      title: 'Kassensystem: Update am Montag',
      text: '<p>Am Montag zwischen 7:00 und 8:00 Uhr wird das Kassensystem aktualisiert. Bitte die Kassen vorher abschließen.</p>',
      category: 'Allgemein',
      offset: -12,
      by: 'admin@example.com',
      likedBy: 4,
      comments: [['filialleitung@example.com', 'Danke für den Hinweis, ist notiert.']],
    },
    {
      title: 'Korkböden wieder lieferbar',
      text: '<p>Die Lieferengpässe bei Korkböden sind beendet. Alle Dekore sind ab Lager wieder verfügbar.</p>',
      category: 'Sortiment',
      offset: -30,
      by: 'zentrallagerleitung@example.com',
      picture: { caption: 'Kork – wieder ab Lager', tones: OAK },
      likedBy: 9,
    },
    {
      title: 'Sommerfest 2026 – Rückblick',
      text: '<p>Danke an alle, die beim Sommerfest dabei waren! Die Fotos liegen im Dokumentenbereich.</p>',
      category: 'Allgemein',
      offset: -170,
      by: 'verwaltung@example.com',
      likedBy: 31,
    },
    {
      title: 'Inventur im Zentrallager abgeschlossen',
      text: '<p>Die Inventur im Zentrallager ist abgeschlossen; die Bestände sind im System aktualisiert.</p>',
      category: 'Sortiment',
      offset: -60,
      until: -10,
      by: 'zentrallagerleitung@example.com',
    },
  ];

  for (const [i, item] of items.entries()) {
    const date = day(item.offset);
    let fileValues = {};
    if (storage && item.picture) {
      const bytes = await plankPicture(item.picture.caption, item.picture.tones);
      const facts = await imageFacts(bytes, 420, 'Bild');
      const file = await saveFile(db, storage, { name: `${item.picture.caption.replace(/[^\wäöüÄÖÜß -]/g, '').trim()}.jpg`, mimeType: 'image/jpeg', bytes, createdBy: null });
      const thumb = await saveFile(db, storage, { name: 'vorschau.jpg', mimeType: 'image/jpeg', bytes: facts.thumbnail, createdBy: null });
      fileValues = { fileId: file.id, fileKind: 'image', thumbnailFileId: thumb.id, dominantColor: facts.dominantColor };
    }
    const publishedAt = berlinInstant(date, item.time ?? '00:00');
    const [row] = await db
      .insert(news)
      .values({
        title: item.title,
        text: item.text,
        category: item.category,
        date,
        time: item.time ?? null,
        publishedAt,
        until: item.until === undefined ? null : day(item.until),
        teams: (item.teams ?? []).map(group),
        locations: (item.locations ?? []).map(locId),
        requiresConfirmation: item.requiresConfirmation ?? false,
        createdBy: byEmail(item.by),
        createdAt: publishedAt < new Date() ? publishedAt : new Date(),
        ...fileValues,
      })
      .returning({ id: news.id });
    const id = row!.id;
    const likers = everyone.filter((_, k) => (k * 7 + i) % everyone.length < (item.likedBy ?? 0)).slice(0, item.likedBy ?? 0);
    if (likers.length) await db.insert(likes).values(likers.map((userId, k) => ({ entity: 'News', entityId: id, userId, createdAt: new Date(publishedAt.getTime() + (k + 1) * 3_600_000) })));
    for (const [k, [email, text]] of (item.comments ?? []).entries()) {
      const at = new Date(Math.min(Date.now(), publishedAt.getTime() + (k + 2) * 5_400_000));
      await db.insert(comments).values({ entity: 'News', entityId: id, userId: byEmail(email), comment: text, createdAt: at, updatedAt: at });
    }
    // A few confirmations already, so the list shows both sides.
    if (item.requiresConfirmation) {
      const confirmed = ['personalleitung@example.com', 'filialleitung@example.com', 'buchhaltung@example.com'].map(byEmail);
      await db.insert(newsConfirmations).values(confirmed.map((userId) => ({ newsId: id, userId })));
    }
  }
}
