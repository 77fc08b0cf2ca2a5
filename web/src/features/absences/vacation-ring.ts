import type { CurrentUser } from '@filialportal/core/users';

/** The hole of the vacation doughnut as a share of its outer diameter (spec 1 §9: cutout 82 percent). */
import { countOf } from '@filialportal/core/plural';
export const VACATION_RING_CUTOUT = 0.82;

/**
 * The stroke width that gives the ring (VacationRing.tsx, the geometry of Mantine's RingProgress) a
 * hole of `cutout` times its outer diameter. It draws circles of radius 0.45·size − t with stroke t, so the ring's outer
 * diameter is 0.9·size − t and its hole 0.9·size − 3t; hole = cutout · outer solves to the formula.
 */
export function ringThickness(size: number, cutout = VACATION_RING_CUTOUT): number {
  return (0.9 * size * (1 - cutout)) / (3 - cutout);
}

/** The own vacation of this year in days. */
export interface VacationAccount {
  available: number;
  taken: number;
  planned: number;
  /** available − taken − planned; below zero when more is approved than available. */
  open: number;
  /** Carried-over days that expire on expiryDate unless taken before (0: none). */
  expiring: number;
  expiryDate: string | null;
}

/** Sums of half days in floating point (30 − 12.5 − 0.1) are rounded to hundredths. */
const hundredths = (n: number) => Math.round(n * 100) / 100;

/** The account of GET /user (spec 1 §2 Dashboard: open = available − taken − planned). */
export function vacationAccount(
  user: Pick<CurrentUser, 'availableHolidays' | 'holidaysTakenThisYear' | 'holidaysPlannedThisYear'> & Partial<Pick<CurrentUser, 'holidaysExpiring' | 'holidaysExpiryDate'>>,
): VacationAccount {
  const available = user.availableHolidays;
  const taken = user.holidaysTakenThisYear;
  const planned = user.holidaysPlannedThisYear;
  const expiring = user.holidaysExpiring ?? 0;
  return { available, taken, planned, open: hundredths(available - taken - planned), expiring, expiryDate: expiring > 0 ? (user.holidaysExpiryDate ?? null) : null };
}

/** 'davon 4 Tage verfallen am 31.03.' (carried-over days not taken by then), or null. */
export function expiryText(account: Pick<VacationAccount, 'expiring' | 'expiryDate'>): string | null {
  if (account.expiring <= 0 || !account.expiryDate) return null;
  const n = hundredths(account.expiring);
  const [, month, day] = account.expiryDate.split('-');
  return `davon ${countOf(n, 'Tag verfällt', 'Tage verfallen')} am ${day}.${month}.`;
}

export type RingPart = 'taken' | 'planned' | 'open';

/**
 * The doughnut's parts in percent of the whole: taken, planned and open days, with a negative
 * open count drawn as nothing. No parts when there is nothing to draw.
 */
export function ringParts(account: VacationAccount): { part: RingPart; days: number; percent: number }[] {
  const days: [RingPart, number][] = [
    ['taken', Math.max(0, account.taken)],
    ['planned', Math.max(0, account.planned)],
    ['open', Math.max(0, account.open)],
  ];
  const total = days.reduce((sum, [, d]) => sum + d, 0);
  if (total <= 0) return [];
  return days.map(([part, d]) => ({ part, days: d, percent: (d / total) * 100 }));
}
