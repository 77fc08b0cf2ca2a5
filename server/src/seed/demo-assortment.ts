import { eq } from 'drizzle-orm';
import { eanCheckDigit } from '@filialportal/core/stock';
import type { Db } from '../platform/db.ts';
import type { Storage } from '../platform/storage.ts';
import { saveFile } from '../platform/uploads.ts';
import { categories, categoryContacts, categoryFiles, categoryFolders } from '../modules/assortment/assortment.table.ts';
import { colorLabels, manufacturers } from '../modules/lists/lists.table.ts';
import { locations } from '../modules/locations/locations.table.ts';
import { users } from '../modules/users/users.table.ts';
import { articleEans, articles, articleStocks, stockHistory } from '../modules/stock/stock.table.ts';
import { simplePdf } from './pdf.ts';

interface CategorySeed {
  name: string;
  prefix: string;
  info: string;
  sales: [string, string, string];
  decors: string[];
  qualities: string[];
  strengths: string[];
  price: [number, number];
  makers: string[];
  contacts: { company: string; responsibility: string; salutation: 'Frau' | 'Herr'; firstName: string; lastName: string; email: string; phone: string }[];
}

const WOOD = ['Eiche Natur', 'Eiche Grau', 'Eiche Weiß geölt', 'Nussbaum', 'Esche Hell', 'Buche Gedämpft', 'Kiefer Landhaus', 'Ahorn', 'Räuchereiche', 'Eiche Rustikal'];
const STONE = ['Beton Hell', 'Beton Anthrazit', 'Schiefer', 'Marmor Weiß', 'Travertin', 'Sandstein'];

const CATEGORIES: CategorySeed[] = [
  {
    name: 'Laminat',
    prefix: 'LA',
    info: 'Laminat in den Nutzungsklassen 31 bis 33, 7 bis 12 mm stark, mit Klick-Verbindung. Trittschalldämmung separat verkaufen.',
    sales: ['Abverkauf Woche', 'Abverkauf Monat', 'Abverkauf Jahr'],
    decors: [...WOOD, ...STONE.slice(0, 2)],
    qualities: ['NK 31', 'NK 32', 'NK 33'],
    strengths: ['7 mm', '8 mm', '10 mm', '12 mm'],
    price: [9.95, 24.95],
    makers: ['Laminat Manufaktur', 'Eichenwerk Nord'],
    contacts: [{ company: 'Laminat Manufaktur GmbH', responsibility: 'Außendienst West', salutation: 'Frau', firstName: 'Petra', lastName: 'Lang', email: 'p.lang@laminat-manufaktur.example', phone: '0221 4711 20' }],
  },
  {
    name: 'Vinyl',
    prefix: 'VI',
    info: 'Klick- und Klebevinyl, Nutzschicht 0,3 bis 0,7 mm. Für Feuchträume geeignet (Klick mit SPC-Kern).',
    sales: ['Abverkauf Woche', 'Abverkauf Monat', 'Musterausgabe'],
    decors: [...WOOD.slice(0, 6), ...STONE],
    qualities: ['0,3 mm Nutzschicht', '0,55 mm Nutzschicht', '0,7 mm Nutzschicht'],
    strengths: ['2,5 mm', '4 mm', '5 mm'],
    price: [19.95, 49.95],
    makers: ['Vinylwerk Rhein', 'Designboden AG'],
    contacts: [
      { company: 'Vinylwerk Rhein AG', responsibility: 'Innendienst', salutation: 'Herr', firstName: 'Jan', lastName: 'Ott', email: 'jan.ott@vinylwerk.example', phone: '0211 9900 12' },
      { company: 'Vinylwerk Rhein AG', responsibility: 'Reklamationen', salutation: 'Frau', firstName: 'Sina', lastName: 'Kaya', email: 'reklamation@vinylwerk.example', phone: '0211 9900 30' },
    ],
  },
  {
    name: 'Parkett',
    prefix: 'PA',
    info: 'Landhausdielen und Schiffsboden, geölt oder lackiert, zweischichtig und dreischichtig.',
    sales: ['Abverkauf Woche', 'Abverkauf Monat', 'Abverkauf Jahr'],
    decors: WOOD,
    qualities: ['Natur', 'Select', 'Rustikal'],
    strengths: ['10 mm', '14 mm', '15 mm'],
    price: [39.95, 89.95],
    makers: ['Eichenwerk Nord'],
    contacts: [{ company: 'Eichenwerk Nord KG', responsibility: 'Gebietsleitung', salutation: 'Herr', firstName: 'Henrik', lastName: 'Brandt', email: 'h.brandt@eichenwerk.example', phone: '040 555 81' }],
  },
  {
    name: 'Teppich',
    prefix: 'TE',
    info: 'Teppichboden als Rollenware (4 und 5 m breit) und Teppichfliesen für Büros.',
    sales: ['Abverkauf lfm', 'Abverkauf Rollen', 'Zuschnitte'],
    decors: ['Velours Beige', 'Velours Grau', 'Schlinge Anthrazit', 'Saxony Creme', 'Berber Natur', 'Frisé Taupe', 'Fliese Blau', 'Fliese Grün'],
    qualities: ['Velours', 'Schlinge', 'Saxony', 'Fliese'],
    strengths: ['6 mm', '8 mm', '10 mm'],
    price: [12.95, 39.95],
    makers: ['Teppichweberei Süd'],
    contacts: [{ company: 'Teppichweberei Süd GmbH', responsibility: 'Verkauf Handel', salutation: 'Frau', firstName: 'Maria', lastName: 'Huber', email: 'm.huber@teppichweberei.example', phone: '089 3030 44' }],
  },
  {
    name: 'Kork',
    prefix: 'KO',
    info: 'Korkboden mit Klick und zum Kleben, fußwarm und leise.',
    sales: ['Abverkauf Woche', 'Abverkauf Monat', 'Abverkauf Jahr'],
    decors: ['Kork Natur', 'Kork Hell', 'Kork Dunkel', 'Kork Eiche Optik', 'Kork Beton Optik'],
    qualities: ['Klick', 'Klebekork'],
    strengths: ['4 mm', '6 mm', '10,5 mm'],
    price: [29.95, 59.95],
    makers: ['Korkstudio'],
    contacts: [{ company: 'Korkstudio Portugal Lda.', responsibility: 'Vertrieb Deutschland', salutation: 'Herr', firstName: 'Rui', lastName: 'Santos', email: 'rui.santos@korkstudio.example', phone: '+351 21 555 01' }],
  },
  {
    name: 'Designboden',
    prefix: 'DB',
    info: 'Rigid- und Hybridböden mit Steinkern, fugenlos verlegbar bis 400 m².',
    sales: ['Abverkauf Woche', 'Abverkauf Monat', 'Objektgeschäft'],
    decors: [...WOOD.slice(2, 8), ...STONE.slice(1)],
    qualities: ['Rigid', 'Hybrid'],
    strengths: ['5 mm', '6 mm', '8 mm'],
    price: [34.95, 64.95],
    makers: ['Designboden AG', 'Vinylwerk Rhein'],
    contacts: [{ company: 'Designboden AG', responsibility: 'Objektberatung', salutation: 'Frau', firstName: 'Lea', lastName: 'Schuster', email: 'l.schuster@designboden.example', phone: '0231 7788 10' }],
  },
  {
    name: 'Sockelleisten',
    prefix: 'SL',
    info: 'Sockelleisten passend zu den Dekoren, mit Clips und Ecken.',
    sales: ['Abverkauf Stück', 'Abverkauf Pakete', 'Zuschnitte'],
    decors: [...WOOD.slice(0, 6), 'Weiß lackiert', 'Weiß foliert'],
    qualities: ['MDF foliert', 'Massivholz', 'Kunststoff'],
    strengths: ['16 x 58 mm', '19 x 80 mm', '12 x 100 mm'],
    price: [3.95, 14.95],
    makers: ['Laminat Manufaktur', 'Eichenwerk Nord'],
    contacts: [],
  },
  {
    name: 'Zubehör',
    prefix: 'ZU',
    info: 'Trittschalldämmung, Dampfsperre, Werkzeug, Pflegemittel und Übergangsprofile.',
    sales: ['Abverkauf Woche', 'Abverkauf Monat', 'Abverkauf Jahr'],
    decors: ['Trittschall 2 mm', 'Trittschall 3 mm', 'Dampfsperre PE', 'Verlegeset', 'Pflegeöl', 'Übergangsprofil Eiche', 'Übergangsprofil Silber', 'Abschlussprofil'],
    qualities: ['Standard', 'Premium'],
    strengths: ['-'],
    price: [4.95, 29.95],
    makers: ['Laminat Manufaktur', 'Vinylwerk Rhein', 'Korkstudio'],
    contacts: [{ company: 'Floorwerk Zubehör GmbH', responsibility: 'Disposition', salutation: 'Herr', firstName: 'Tobias', lastName: 'Weiß', email: 'dispo@floorwerk.example', phone: '0221 80 90 0' }],
  },
];

/** Deterministic choice: the n-th element, cycling. */
const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

function ean13(n: number) {
  const first12 = `4012345${String(n).padStart(5, '0')}`;
  return first12 + eanCheckDigit(first12);
}

/** Eight categories with data sheets and contacts, about 300 articles with stock in every location. */
export async function seedAssortment(db: Db, storage: Storage | null) {
  const makers = new Map((await db.select({ id: manufacturers.id, name: manufacturers.name }).from(manufacturers)).map((m) => [m.name, m.id]));
  const labels = new Map((await db.select({ id: colorLabels.id, name: colorLabels.name }).from(colorLabels)).map((l) => [l.name, l.id]));
  const places = await db.select({ id: locations.id, name: locations.name }).from(locations);
  const [counter] = await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(eq(users.email, 'verkauf@example.com'));
  const now = Date.now();
  const day = 86_400_000;
  let serial = 1;

  for (const [ci, c] of CATEGORIES.entries()) {
    const [cat] = await db
      .insert(categories)
      .values({ name: c.name, position: (ci + 1) * 10, info: c.info, sales1Name: c.sales[0], sales2Name: c.sales[1], sales3Name: c.sales[2] })
      .returning({ id: categories.id });
    if (c.contacts.length) await db.insert(categoryContacts).values(c.contacts.map((p, position) => ({ ...p, categoryId: cat!.id, position })));

    // Technical data: an overview in the root, data sheets and laying instructions in folders.
    const [sheets] = await db.insert(categoryFolders).values({ categoryId: cat!.id, name: 'Datenblätter', depth: 1 }).returning({ id: categoryFolders.id });
    const [laying] = await db.insert(categoryFolders).values({ categoryId: cat!.id, parentId: sheets!.id, name: 'Verlegung', depth: 2 }).returning({ id: categoryFolders.id });
    await db.insert(categoryFolders).values({ categoryId: cat!.id, name: 'Zertifikate', depth: 1 });
    const docs = [
      { folderId: null, name: `Produktübersicht ${c.name}.pdf`, lines: [c.info, `Qualitäten: ${c.qualities.join(', ')}`, `Stärken: ${c.strengths.join(', ')}`, `Hersteller: ${c.makers.join(', ')}`] },
      { folderId: sheets!.id, name: `Technisches Datenblatt ${c.name}.pdf`, lines: ['Maßhaltigkeit nach EN 13329', 'Brandverhalten: Cfl-s1', 'Geeignet für Fußbodenheizung (max. 27 °C Oberflächentemperatur)'] },
      { folderId: laying!.id, name: `Verlegeanleitung ${c.name}.pdf`, lines: ['1. Untergrund prüfen: eben, trocken, sauber.', '2. Material 48 Stunden im Raum akklimatisieren.', '3. Dehnungsfuge von 10 mm zu allen Wänden lassen.', '4. Erste Reihe mit der Feder zur Wand verlegen.'] },
    ];
    for (const d of storage ? docs : []) {
      const file = await saveFile(db, storage!, { name: d.name, mimeType: 'application/pdf', bytes: simplePdf(d.name.replace(/\.pdf$/, ''), d.lines), createdBy: null });
      await db.insert(categoryFiles).values({ categoryId: cat!.id, folderId: d.folderId, fileId: file.id, name: d.name });
    }

    // Articles: one per decor and strength until about 38 per category, written per category.
    const perCategory = 38;
    const rows = Array.from({ length: perCategory }, (_, i) => {
      const n = serial + i;
      const [lo, hi] = c.price;
      const price = Math.round((lo + ((hi - lo) * ((i * 37) % 100)) / 100) * 100) / 100;
      const onAction = i % 9 === 2;
      const advertising = i % 13 === 5;
      const label = i % 17 === 3 ? labels.get('Neuheit') : i % 19 === 8 ? labels.get('Nachbestellen') : undefined;
      return {
        categoryId: cat!.id,
        manufacturerId: makers.get(pick(c.makers, i))!,
        labelId: label ?? null,
        number: `${c.prefix}-${String(1000 + i)}`,
        ean: ean13(n),
        name: `${c.name} ${pick(c.decors, i)}`,
        decor: pick(c.decors, i),
        sales1: String((i * 7) % 40),
        sales2: String((i * 23) % 160),
        sales3: String((i * 61) % 900),
        strength: pick(c.strengths, i),
        outlet: i % 11 === 7 ? 'A' : '',
        quality: pick(c.qualities, i),
        baseboard: c.name === 'Sockelleisten' || c.name === 'Zubehör' ? '' : `SL-${1000 + (i % 8)}`,
        corner: '',
        srp: Math.round(price * 1.2 * 100) / 100,
        price,
        actionPrice: onAction ? Math.round(price * 0.85 * 100) / 100 : null,
        actionPriceFrom: onAction ? new Date(now - 7 * day) : null,
        actionPriceTill: onAction ? new Date(now + 14 * day) : null,
        package: 30 + (i % 5) * 6,
        package2: (i * 13) % 120,
        deliveryCentralWarehouse: i % 6 === 1 ? new Date(now + ((i % 4) + 1) * 7 * day).toISOString().slice(0, 10) : null,
        advertising,
        advertisingActionPrice: advertising ? Math.round(price * 0.8 * 100) / 100 : null,
        advertisingFrom: advertising ? new Date(now - 3 * day) : null,
        advertisingTill: advertising ? new Date(now + 25 * day) : null,
        active: i % 23 !== 22,
      };
    });
    const created = await db.insert(articles).values(rows).returning({ id: articles.id, ean: articles.ean, number: articles.number });
    const eans: { ean: string; articleId: string }[] = [];
    const stocks: (typeof articleStocks.$inferInsert)[] = [];
    const history: (typeof stockHistory.$inferInsert)[] = [];
    for (const a of created) {
      const i = Number(a.number.slice(-4)) - 1000;
      const n = serial + i;
      eans.push({ ean: a.ean, articleId: a.id });
      // Every tenth article also carries the code of its old packaging.
      if (i % 10 === 4) eans.push({ ean: ean13(50_000 + n), articleId: a.id });
      const countAt = (pi: number) => (n * 7 + pi * 5) % 41;
      places.forEach((p, pi) => stocks.push({ articleId: a.id, locationId: p.id, count: countAt(pi), updatedAt: new Date(now - ((n + pi) % 20) * day), updatedBy: counter?.id ?? null }));
      // A few counted changes, so the article's history has something to show.
      if (i % 4 === 0 && counter) {
        const pi = n % places.length;
        const who = { articleId: a.id, locationId: places[pi]!.id, userId: counter.id, userName: `${counter.first} ${counter.last}` };
        history.push({ ...who, before: null, after: countAt(pi) + 6, createdAt: new Date(now - 30 * day) }, { ...who, before: countAt(pi) + 6, after: countAt(pi), createdAt: new Date(now - ((n % 20) + 1) * day) });
      }
    }
    serial += perCategory;
    await db.insert(articleEans).values(eans);
    await db.insert(articleStocks).values(stocks);
    if (history.length) await db.insert(stockHistory).values(history);
  }
}
