import { CLAIM_LIST_LABELS, ZClaimListRequest, ZColorRequest, ZManufacturerRequest, ZStatusRequest, type ClaimListKind } from '@filialportal/core/lists';
import type { z } from 'zod';
import type { PermissionRule } from '../../shell-api/access.ts';
import type { SafeParser } from '../../ui/form-problem.ts';
import type { NamedListEndpoints } from './lists.api.ts';

/** Everything that tells one name-only settings list from another. */
export interface NamedListConfig extends NamedListEndpoints {
  /** Singular, used in "<kind> '<name>' löschen?" and "<kind> bearbeiten". */
  kind: string;
  /** Accessible name of the table. */
  tableLabel: string;
  /** Count words: '1 Hersteller' / '5 Hersteller'. */
  one: string;
  many: string;
  /** Button and modal title of a new entry. */
  createLabel: string;
  emptyText: string;
  /** Form post of the XLSX export. */
  exportPath: string;
  /** The server's rule for the request body, checked before sending. */
  schema: SafeParser;
  /** Colour labels: a colour per entry, and fixed system entries. */
  withColor?: boolean;
  permissions: { create: PermissionRule; edit: PermissionRule; delete: PermissionRule };
}

export const MANUFACTURERS: NamedListConfig = {
  base: '/api/manufacturer',
  body: ({ name }): z.input<typeof ZManufacturerRequest> => ({ name }),
  schema: ZManufacturerRequest,
  kind: 'Hersteller',
  tableLabel: 'Hersteller',
  one: 'Hersteller',
  many: 'Hersteller',
  createLabel: 'Neuer Hersteller',
  emptyText: 'Keine Hersteller vorhanden',
  exportPath: '/api/export-manufacturer',
  permissions: {
    create: 'einstellungen_hersteller_erstellen',
    edit: 'einstellungen_hersteller_bearbeiten',
    delete: 'einstellungen_hersteller_l_schen',
  },
};

export const COLOR_LABELS: NamedListConfig = {
  base: '/api/color',
  body: ({ name, hex }): z.input<typeof ZColorRequest> => ({ color: { name, hex } }),
  schema: ZColorRequest,
  kind: 'Label',
  tableLabel: 'Labels mit Farbe',
  one: 'Label',
  many: 'Labels',
  createLabel: 'Neues Label',
  emptyText: 'Keine Labels vorhanden',
  exportPath: '/api/export-colors',
  withColor: true,
  permissions: {
    create: 'einstellungen_labels_mit_farbe_bearbeiten',
    edit: 'einstellungen_labels_mit_farbe_bearbeiten',
    delete: 'einstellungen_labels_mit_farbe_bearbeiten',
  },
};

const CLAIM_EDIT = 'settings_claim_can_edit_status';

export const STATUSES: NamedListConfig = {
  base: '/api/status',
  body: ({ name }): z.input<typeof ZStatusRequest> => ({ status: { name } }),
  schema: ZStatusRequest,
  kind: 'Status',
  tableLabel: 'Status',
  one: 'Status',
  many: 'Status',
  createLabel: 'Neuer Status',
  emptyText: 'Keine Status vorhanden',
  exportPath: '/api/export-status',
  permissions: { create: CLAIM_EDIT, edit: CLAIM_EDIT, delete: CLAIM_EDIT },
};

function claimList(kind: ClaimListKind): NamedListConfig {
  const label = CLAIM_LIST_LABELS[kind];
  return {
    base: `/api/claimdropdown${kind}`,
    body: ({ name }): z.input<typeof ZClaimListRequest> => ({ name }),
    schema: ZClaimListRequest,
    kind: label,
    tableLabel: label,
    one: 'Eintrag',
    many: 'Einträge',
    createLabel: 'Neuer Eintrag',
    emptyText: 'Keine Einträge vorhanden',
    exportPath: `/api/export-claimdropdown${kind}`,
    permissions: { create: CLAIM_EDIT, edit: CLAIM_EDIT, delete: CLAIM_EDIT },
  };
}

export const CLAIM_MANUFACTURERS = claimList('manufacturer');
export const CLAIM_QUALITIES = claimList('quality');
export const CLAIM_REASONS = claimList('reason');
