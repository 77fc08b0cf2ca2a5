import { audit } from '../../platform/audit.ts';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { assignableListProblem, type TTeamRequest } from '@filialportal/core/teams';
import { can, type Actor } from '../../platform/access.ts';
import { forgetActors } from '../../platform/actor-cache.ts';
import { badRequest, conflict, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { hook, type Hooks } from '../../platform/hooks.ts';
import { dataVersion, keptPerVersion } from '../../platform/versions.ts';
import { accountKeysRefusal, mayAssign } from './account-keys.ts';
import { userGroups } from './teams.table.ts';

export type GroupRow = typeof userGroups.$inferSelect;

/** GET /team: the groups as the actor may see them (the settings only with the group settings right). */
export async function teamList(deps: ServiceDeps<'db' | 'hooks'>, actor: Actor) {
  return { teams: await listTeams(deps, can(actor, 'einstellungen_benutzergruppen_sehen'), actor) };
}

/**
 * All user groups with their member count, in sorting order. The permissions, login times and
 * assignable groups are part of the answer only for those who may see the group settings.
 * With an actor, each group says whether he may give it to someone (`assignable`, for the
 * group select of the user form) and whether he may change password, username, group and
 * active state of its members or delete them (`manageable`).
 */
async function listTeams(deps: ServiceDeps<'db' | 'hooks'>, full: boolean, actor?: Actor) {
  const { db, hooks } = deps;
  const { version, counts } = await memberCounts(db, hooks);
  const rows = (await groupRows(db, version)).map((group) => ({ group, count: counts.get(group.id) ?? 0 }));
  const labels = new Map(rows.map((r) => [r.group.id, r.group.label]));
  const giverList = rows.find((r) => r.group.id === actor?.groupId)?.group.assignableUserGroups ?? [];
  return rows.map(({ group, count }) => ({
    id: group.id,
    name: group.name,
    label: group.label,
    sortingIndex: group.sortingIndex,
    count: Number(count ?? 0),
    ...(actor ? { assignable: mayAssign(actor, giverList, group), manageable: accountKeysRefusal(actor, group) === null } : {}),
    ...(full
      ? {
          rights: group.rights,
          permissions: group.permissions,
          parent: group.parentId,
          parentLabel: group.parentId ? (labels.get(group.parentId) ?? '') : '',
          subordinateUserGroups: group.subordinateUserGroups,
          assignableUserGroups: group.assignableUserGroups,
          loginTimeForDesktop: group.loginTimeForDesktop,
          loginTimeForTablet: group.loginTimeForTablet,
          passwordLogin: group.passwordLogin,
          twoFactorRequired: group.twoFactorRequired,
        }
      : {}),
  }));
}

/** POST /export-teams: every group with its settings, as no one in particular sees them. */
export async function teamExportRows(deps: ServiceDeps<'db' | 'hooks'>) {
  return listTeams(deps, true);
}

/**
 * How many people hold a group, as an SQL expression of the group's id. The users module answers
 * it: a person's group is a foreign key into this module's table, so the users module sits above
 * this one and this one cannot read its table.
 */
export const memberCountOf = hook<(groupId: SQL) => SQL<number>>('memberCountOf');

/**
 * Members per group, and the version of the groups (newest change and number) in the same
 * statement: the groups themselves, with their long permission arrays, are read and parsed only
 * when that version changes, on any instance.
 */
async function memberCounts(db: Db, hooks: Hooks): Promise<{ version: string; counts: Map<string, number> }> {
  const result = await db.execute(sql`
    select ${dataVersion(userGroups)} as "version", g.id as "groupId", ${hooks.ask(memberCountOf)(sql`g.id`)} as "n"
    from (select 1) one left join ${userGroups} g on true`);
  const rows = (result as unknown as { rows: { version: string; groupId: string | null; n: number }[] }).rows;
  return { version: rows[0]!.version, counts: new Map(rows.filter((r) => r.groupId).map((r) => [r.groupId!, Number(r.n)])) };
}

const keptGroups = keptPerVersion<GroupRow[]>();
function groupRows(db: Db, version: string): Promise<GroupRow[]> {
  return keptGroups(db, '', version, () => db.select().from(userGroups).orderBy(asc(userGroups.sortingIndex), asc(userGroups.label)).then((r) => r));
}

/**
 * POST/PUT /team: creates or saves a group. Dependencies are already added by the schema and
 * conflicts refused there; here: unique name, known parent/subordinates, and no privilege
 * escalation (only Admin grants permissions he does not hold himself, only Admin changes which
 * groups a group may give; the Admin group is fixed).
 */
export async function saveTeam(deps: ServiceDeps<'db' | 'hooks'>, actor: Actor, { id, team: input }: { id: string | null; team: TTeamRequest['team'] }) {
  const { db } = deps;
  const existing = id ? (await db.select().from(userGroups).where(eq(userGroups.id, id)))[0] : undefined;
  if (id && !existing) throw notFound();
  if (existing?.name === ADMIN_ROLE || (input.name === ADMIN_ROLE && existing?.name !== ADMIN_ROLE)) throw forbidden(MSG.adminGroupFixed);
  if (actor.role !== ADMIN_ROLE) {
    const before = new Set(existing?.permissions ?? []);
    const added = input.permissions.filter((p) => !before.has(p));
    if (added.some((p) => !actor.permissions.has(p))) throw forbidden(MSG.permissionNotGrantable);
  }
  const assignableUserGroups = await checkAssignableList(db, actor, input, existing);
  const refs = [...(input.parent ? [input.parent] : []), ...input.subordinateUserGroups];
  if (refs.length) {
    const found = await db.select({ id: userGroups.id }).from(userGroups).where(inArray(userGroups.id, refs));
    if (found.length !== new Set(refs).size || (id && input.parent === id)) throw badRequest(MSG.badRequest);
  }
  const [clash] = await db.select({ id: userGroups.id }).from(userGroups).where(and(eq(userGroups.name, input.name), id ? ne(userGroups.id, id) : undefined));
  if (clash) throw conflict(MSG.groupNameTaken);
  const values = {
    name: input.name,
    label: input.label,
    sortingIndex: input.sortingIndex,
    rights: input.rights,
    permissions: input.permissions,
    parentId: input.parent,
    subordinateUserGroups: [...new Set(input.subordinateUserGroups)],
    assignableUserGroups,
    loginTimeForDesktop: input.loginTimeForDesktop,
    loginTimeForTablet: input.loginTimeForTablet,
    // Absent in a client that does not know them: the group keeps its sign-in rules.
    ...(input.passwordLogin === undefined ? {} : { passwordLogin: input.passwordLogin }),
    ...(input.twoFactorRequired === undefined ? {} : { twoFactorRequired: input.twoFactorRequired }),
  };
  // A parallel save of the same name passed the check above too: the unique index answers it alike.
  const nameTaken = onConstraint({ user_groups_name_unique: () => conflict(MSG.groupNameTaken) });
  const row = await db
    .transaction(async (tx) => {
      const [saved] = id
        ? await tx.update(userGroups).set(values).where(eq(userGroups.id, id)).returning({ id: userGroups.id })
        : await tx.insert(userGroups).values(values).returning({ id: userGroups.id });
      await audit(tx, actor, { entity: 'group', id: saved!.id, action: id ? 'update' : 'create', before: existing ?? null, after: values });
      return saved;
    })
    .catch(nameTaken);
  // Permissions, approvals and idle times of the group travel in its members' cached sessions.
  if (id) await forgetActors(db);
  const teams = await listTeams(deps, true, actor);
  return { team: teams.find((t) => t.id === row!.id)! };
}

/**
 * The groups the saved group's members may give (`assignableUserGroups`): kept when the request
 * leaves it out; changed only by Admin; never naming Admin or a group with settings rights the
 * saved group (with its new permissions) does not cover. The user service applies the same rule
 * again when someone gives a group, so a list that went stale later grants nothing either.
 */
async function checkAssignableList(db: Db, actor: Actor, input: TTeamRequest['team'], existing: GroupRow | undefined): Promise<string[]> {
  const before = existing?.assignableUserGroups ?? [];
  const given = input.assignableUserGroups ? [...new Set(input.assignableUserGroups)] : before;
  const changed = given.length !== before.length || given.some((g) => !before.includes(g));
  if (changed && actor.role !== ADMIN_ROLE) throw forbidden(MSG.assignableAdminOnly);
  // The same groups in another order are no change: the stored order stays.
  const list = changed ? given : before;
  if (!list.length) return list;
  const listed = await db.select().from(userGroups).where(inArray(userGroups.id, list));
  if (listed.length !== list.length) throw badRequest(MSG.badRequest);
  // The group itself counts with the permissions it is being saved with.
  const candidates = listed.map((g) => (g.id === existing?.id ? { ...g, permissions: input.permissions } : g));
  const problem = assignableListProblem(input.permissions, candidates);
  if (problem) throw badRequest(problem, 'group_not_assignable');
  return list;
}
