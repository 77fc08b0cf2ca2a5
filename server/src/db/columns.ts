/** The columns every table has now live in platform/columns.ts; this stays for the tables not moved yet. */
export { id, timestamps } from '../platform/columns.ts';
