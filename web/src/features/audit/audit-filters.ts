import { AUDIT_ENTITIES, type AuditEntity } from '@filialportal/core/audit';
import { inYearRange, isIsoDate } from '@filialportal/core/dates';

/** The filters of the audit trail; '' is "not set". */
export interface AuditFilters {
  /** A person's id. */
  actor: string;
  entity: AuditEntity | '';
  /** First and last day, YYYY-MM-DD (the last included). */
  since: string;
  until: string;
}

/** Their names in the page's address (?person=…&bereich=…&von=…&bis=…). */
export const AUDIT_PARAMS: Record<keyof AuditFilters, string> = { actor: 'person', entity: 'bereich', since: 'von', until: 'bis' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isEntity = (value: string): value is AuditEntity => Object.hasOwn(AUDIT_ENTITIES, value);

/**
 * The filters of an address; a value the server would refuse (an edited or outdated link) is
 * left out, so the list shows rather than an error about a filter nobody chose on the page.
 */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const get = (key: keyof AuditFilters) => params.get(AUDIT_PARAMS[key])?.trim() ?? '';
  const actor = get('actor');
  const entity = get('entity');
  const day = (value: string) => (isIsoDate(value) && inYearRange(value) ? value : '');
  return { actor: UUID.test(actor) ? actor : '', entity: isEntity(entity) ? entity : '', since: day(get('since')), until: day(get('until')) };
}

/** The query of GET /audit and of its export: the set filters under the server's names. */
export function auditSearch(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** How many filters are set (the phone's 'Filter' button shows it). */
export const setFilterCount = (filters: AuditFilters) => Object.keys(auditSearch(filters)).length;
