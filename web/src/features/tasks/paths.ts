import type { PermissionRule } from '../../shell-api/access.ts';

/** Addresses of the two task views. */
export const TASK_PATHS = { own: '/aufgaben/eigene', delegated: '/aufgaben/delegiert' } as const;

/** Who may create tasks and sees 'Delegierte Aufgaben'. */
export const DELEGATE_PERMISSIONS: PermissionRule = {
  anyOf: ['aufgaben_an_alle_stellen', 'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen'],
};
