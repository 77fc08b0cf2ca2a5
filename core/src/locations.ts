import { z } from './zod.ts';
import { MSG } from './messages.ts';

/** The 16 German federal states; the code is what date-holidays expects (DE-<code>). */
export const REGIONS = [
  { code: 'BW', label: 'Baden-Württemberg' },
  { code: 'BY', label: 'Bayern' },
  { code: 'BE', label: 'Berlin' },
  { code: 'BB', label: 'Brandenburg' },
  { code: 'HB', label: 'Bremen' },
  { code: 'HH', label: 'Hamburg' },
  { code: 'HE', label: 'Hessen' },
  { code: 'MV', label: 'Mecklenburg-Vorpommern' },
  { code: 'NI', label: 'Niedersachsen' },
  { code: 'NW', label: 'Nordrhein-Westfalen' },
  { code: 'RP', label: 'Rheinland-Pfalz' },
  { code: 'SL', label: 'Saarland' },
  { code: 'SN', label: 'Sachsen' },
  { code: 'ST', label: 'Sachsen-Anhalt' },
  { code: 'SH', label: 'Schleswig-Holstein' },
  { code: 'TH', label: 'Thüringen' },
] as const;

export type RegionCode = (typeof REGIONS)[number]['code'];
export const REGION_CODES = REGIONS.map((r) => r.code) as [RegionCode, ...RegionCode[]];
export const ZRegion = z.enum(REGION_CODES);

/** Default region of the spec's holiday data (spec 1 §9). */
export const DEFAULT_REGION: RegionCode = 'NW';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** True for a dotted IPv4 address such as 192.168.0.10. */
export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** Splits the comma-separated IP list of a location (spaces removed, empties dropped). */
export function parseIpList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .replace(/\s+/g, '')
    .split(',')
    .filter((ip) => ip.length > 0);
}

const req = (max: number) => z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).max(max, MSG.fillAllFields);

/** Largest minimum staffing of a day. */
export const MIN_STAFF_MAX = 999;
const MIN_STAFF_MESSAGE = `Bitte geben Sie für Montag bis Samstag je eine Mindestbesetzung von 0 bis ${MIN_STAFF_MAX} an.`;
/** The weekdays of the minimum staffing, in its order. */
export const MIN_STAFF_DAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'] as const;

/** The longest short name of a location ('Kürzel'). */
export const LOCATION_SHORT_NAME_MAX = 20;

/** A location as the settings form sends it (spec 3 §5 Location: every field required). */
export const ZLocationFields = z.object({
  name: req(100),
  shortName: z.string().trim().max(LOCATION_SHORT_NAME_MAX).optional().default(''),
  street: req(200),
  zip: req(10),
  city: req(100),
  region: z.enum(REGION_CODES, { error: MSG.fillAllFields }),
  ip: req(2000).refine((v) => parseIpList(v).length > 0, MSG.fillAllFields).refine((v) => parseIpList(v).every(isIpv4), MSG.ipInvalid),
  // An empty field is missing, not 0.
  position: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: MSG.fillAllFields }).int(MSG.fillAllFields).min(0, MSG.fillAllFields).max(100000, MSG.fillAllFields),
  ),
  hideInSortiment: z.boolean().optional().default(false),
  /** Minimum staffing Monday to Saturday (0: none); left out, a saved location keeps its values. */
  minStaff: z
    .array(z.number({ error: MIN_STAFF_MESSAGE }).int(MIN_STAFF_MESSAGE).min(0, MIN_STAFF_MESSAGE).max(MIN_STAFF_MAX, MIN_STAFF_MESSAGE), { error: MIN_STAFF_MESSAGE })
    .length(6, MIN_STAFF_MESSAGE)
    .optional(),
});

/** Body of POST /location and PUT /location/{id}: `{ location: { … } }`. */
export const ZLocationRequest = z.object({ location: ZLocationFields });
export type TLocationRequest = z.infer<typeof ZLocationRequest>;

/** A location in answers (spec 3 §3 Location); `ip` only for those who may see the settings. */
export const ZLocation = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  shortName: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  region: z.string(),
  ip: z.string().optional(),
  position: z.number(),
  hideInSortiment: z.boolean(),
  /** Minimum staffing Monday to Saturday (0: none). */
  minStaff: z.array(z.number()),
});

/** GET /location/list/{page}. */
export const ZLocationListResponse = z.object({ locations: z.array(ZLocation), count: z.number() });

/** POST /location, PUT /location/{id}. */
export const ZLocationResponse = z.object({ location: ZLocation });

/** GET /count/location/. */
export const ZLocationCountResponse = z.object({ count: z.number() });
