/** The list filters now live in useListParams; this name stays for the api modules' imports. */
export type { ListFilters } from './useListParams.ts';
