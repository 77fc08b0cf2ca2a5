/**
 * Role identifiers of the spec (spec 1 §6, spec 3 §6). A user group is a role; the identifier
 * is the group's `name`, the label is what people read. `Admin` passes every permission check.
 */
export const ROLE_IDENTIFIERS = [
  'Admin',
  'Personalleitung',
  'Buchhaltung',
  'Vertriebsleitung',
  'Vertrieb',
  'Zentrallagerleitung',
  'Verwaltung',
  'Filialleitung',
  'Verkauf',
  'Azubi',
  'Aushilfe',
  'Bodenleger',
  'Franchise',
  'FranchisepartnerFiliale',
  'FranchisepartnerLager',
  'Ausgeblendet',
  'Lagerist',
] as const;

export type RoleIdentifier = (typeof ROLE_IDENTIFIERS)[number];

export const ADMIN_ROLE: RoleIdentifier = 'Admin';

/** The application namespace the spec prefixes role identifiers with. */
export const ROLE_NAMESPACE = 'Filialportal';

/** The five roles for which claims count as open until booked (spec 2 §4). */
export const CLAIM_BOOKING_ROLES: readonly RoleIdentifier[] = [
  'Personalleitung',
  'Buchhaltung',
  'Vertriebsleitung',
  'Vertrieb',
  'Zentrallagerleitung',
];

/** Roles that choose location and team filters freely (spec 1 §4 "Default filter presets"). */
export const FILTER_FREE_ROLES: readonly RoleIdentifier[] = ['Admin', 'Personalleitung', 'Verwaltung'];
