import { z } from 'zod';

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
