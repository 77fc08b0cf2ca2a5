import { z } from './zod.ts';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';
import { permissionByName, uncoveredSettingsPermissions, withDependencies } from './permissions.ts';
import { ADMIN_ROLE } from './roles.ts';

export const GROUP_NAME_MIN = 3;
/** Lengths of a group's name, label and rights text, and its highest sorting index. */
export const GROUP_NAME_MAX = 60;
export const GROUP_LABEL_MAX = 80;
export const GROUP_RIGHTS_MAX = 5000;
export const GROUP_SORTING_MAX = 100_000;

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

/** Minutes until a group's members are logged out: 1 minute to 1 week. */
export const LOGIN_MINUTES_MIN = 1;
export const LOGIN_MINUTES_MAX = 10080;

const minutes = z.coerce
  .number({ error: MSG.loginMinutesInvalid })
  .int(MSG.loginMinutesInvalid)
  .min(LOGIN_MINUTES_MIN, MSG.loginMinutesInvalid)
  .max(LOGIN_MINUTES_MAX, MSG.loginMinutesInvalid);

/** A user group as the editor sends it: `{ team: { … } }` (POST/PUT /team). */
export const ZTeamFields = z
  .object({
    id: zId().optional(),
    name: z.string({ error: MSG.groupNameRequired }).trim().min(GROUP_NAME_MIN, MSG.groupNameRequired).max(GROUP_NAME_MAX, MSG.groupNameRequired),
    label: z.string().trim().max(GROUP_LABEL_MAX).optional(),
    sortingIndex: z.coerce.number().int().min(0).max(GROUP_SORTING_MAX).optional().default(0),
    rights: z.string().max(GROUP_RIGHTS_MAX).optional().default(''),
    permissions: z
      .array(z.string().refine((p) => permissionByName.has(p), MSG.unknownPermission))
      .max(500)
      .default([]),
    parent: zId().nullable().optional().default(null),
    subordinateUserGroups: z.array(zId()).max(100).optional().default([]),
    /** Groups the members may give to people; absent means "keep as it is" (only Admin changes it). */
    assignableUserGroups: z.array(zId()).max(100).optional(),
    loginTimeForDesktop: minutes.optional().default(60),
    loginTimeForTablet: minutes.optional().default(480),
    /** False: 'nur Firmenkonto', members sign in only with the company account (when it is set up). Absent: unchanged. */
    passwordLogin: z.boolean().optional(),
    /** 'Zwei-Faktor-Anmeldung Pflicht': members set up a second factor at their next password login. Absent: unchanged. */
    twoFactorRequired: z.boolean().optional(),
  })
  .transform((t) => ({ ...t, label: t.label || t.name, permissions: withDependencies(t.permissions) }))
  .superRefine((t, ctx) => {
    const clash = firstConflict(t.permissions);
    if (clash) ctx.addIssue({ code: 'custom', message: conflictMessage(clash[0], clash[1]), path: ['permissions'] });
    if (t.name === ADMIN_ROLE && t.passwordLogin === false) ctx.addIssue({ code: 'custom', message: MSG.adminKeepsPassword, path: ['passwordLogin'] });
  });

export const ZTeamRequest = z.object({ team: ZTeamFields });
export type TTeamRequest = z.infer<typeof ZTeamRequest>;

/** What the assignment rule needs to know of a group. */
export interface GroupRights {
  name: string;
  permissions: readonly string[];
}

/**
 * Whether members of a group holding `giver` permissions may ever give `group` to someone: never
 * Admin, never a group with settings rights the giver does not cover. The group's list of
 * assignable groups (set by Admin) narrows this further; Admin himself gives every group.
 */
export function mayEverAssign(giver: readonly string[] | ReadonlySet<string>, group: GroupRights): boolean {
  return group.name !== ADMIN_ROLE && uncoveredSettingsPermissions(group.permissions, giver).length === 0;
}

/** The refusal of an assignable list naming groups the rule forbids (by label), or null. */
export function assignableListProblem(giver: readonly string[], listed: readonly (GroupRights & { label: string })[]): string | null {
  const refused = listed.filter((g) => !mayEverAssign(giver, g)).map((g) => `„${g.label}“`);
  return refused.length ? `${MSG.assignableNotAllowed} Nicht zuweisbar: ${refused.join(', ')}.` : null;
}

/**
 * A user group in answers (GET /team, POST/PUT /team). `assignable` and `manageable` only when
 * the answer is for a logged-in user; the settings fields only for those who may see them.
 */
export const ZTeam = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  sortingIndex: z.number(),
  count: z.number(),
  /** Whether the logged-in user may give this group to someone (new user, change of group). */
  assignable: z.boolean().optional(),
  /** Whether he may change password, username, group and status of its members or delete them. */
  manageable: z.boolean().optional(),
  rights: z.string().optional(),
  permissions: z.array(z.string()).optional(),
  /** Id of the parent group (documents), or null. */
  parent: z.string().nullable().optional(),
  parentLabel: z.string().optional(),
  /** Ids of the groups whose vacation this group sees. */
  subordinateUserGroups: z.array(z.string()).optional(),
  /** Ids of the groups this group's members may give to people (set by Admin). */
  assignableUserGroups: z.array(z.string()).optional(),
  loginTimeForDesktop: z.number().optional(),
  loginTimeForTablet: z.number().optional(),
  passwordLogin: z.boolean().optional(),
  twoFactorRequired: z.boolean().optional(),
});

/** GET /team. */
export const ZTeamListResponse = z.object({ teams: z.array(ZTeam) });

/** POST /team, PUT /team, PUT /team/{id}: the saved group. */
export const ZTeamResponse = z.object({ team: ZTeam });

/** GET /permission: the catalogue with its categories. */
export const ZPermissionCatalogueResponse = z.object({
  permissions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      label: z.string(),
      category: z.string(),
      categoryIcon: z.string(),
      dependencies: z.array(z.string()).readonly(),
      conflictingWith: z.array(z.string()).readonly(),
      parentPermission: z.string().nullable(),
    }),
  ),
  permissionCategories: z.array(z.object({ name: z.string(), label: z.string(), icon: z.string() })).readonly(),
});
