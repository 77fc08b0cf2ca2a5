import { z } from 'zod';
import { MSG } from './messages.ts';
import { permissionByName, withDependencies } from './permissions.ts';

export const GROUP_NAME_MIN = 3;

/** The conflict message of the permission editor (spec 3 §5), with the permissions' labels. */
export function conflictMessage(a: string, b: string): string {
  const label = (n: string) => permissionByName.get(n)?.label ?? n;
  return `"${label(a)}" kann nicht mit "${label(b)}" zusammen ausgewält werden`;
}

/** First pair of selected permissions that exclude each other, or null. */
export function firstConflict(selected: readonly string[]): [string, string] | null {
  const set = new Set(selected);
  for (const name of selected) {
    for (const other of permissionByName.get(name)?.conflictingWith ?? []) if (set.has(other)) return [name, other];
  }
  return null;
}

const minutes = z.coerce.number({ error: MSG.loginMinutesInvalid }).int(MSG.loginMinutesInvalid).min(1, MSG.loginMinutesInvalid).max(10080, MSG.loginMinutesInvalid);

/** A user group as the editor sends it: `{ team: { … } }` (POST/PUT /team). */
export const ZTeamFields = z
  .object({
    id: z.uuid().optional(),
    name: z.string({ error: MSG.groupNameRequired }).trim().min(GROUP_NAME_MIN, MSG.groupNameRequired).max(60, MSG.groupNameRequired),
    label: z.string().trim().max(80).optional(),
    sortingIndex: z.coerce.number().int().min(0).max(100000).optional().default(0),
    rights: z.string().max(5000).optional().default(''),
    permissions: z
      .array(z.string().refine((p) => permissionByName.has(p), MSG.unknownPermission))
      .max(500)
      .default([]),
    parent: z.uuid().nullable().optional().default(null),
    subordinateUserGroups: z.array(z.uuid()).max(100).optional().default([]),
    loginTimeForDesktop: minutes.optional().default(60),
    loginTimeForTablet: minutes.optional().default(480),
  })
  .transform((t) => ({ ...t, label: t.label || t.name, permissions: withDependencies(t.permissions) }))
  .superRefine((t, ctx) => {
    const clash = firstConflict(t.permissions);
    if (clash) ctx.addIssue({ code: 'custom', message: conflictMessage(clash[0], clash[1]), path: ['permissions'] });
  });

export const ZTeamRequest = z.object({ team: ZTeamFields });
export type TTeamRequest = z.infer<typeof ZTeamRequest>;
