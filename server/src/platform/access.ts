import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isPermission, type Permission } from '@filialportal/core/permissions';
import { ADMIN_ROLE, ROLE_IDENTIFIERS, type RoleIdentifier } from '@filialportal/core/roles';
import { MSG } from '@filialportal/core/messages';
import { AppError, forbidden } from './errors.ts';

/**
 * Who may call a route, declared in its options as `config: { access }`:
 * - 'public': anyone, no session needed;
 * - 'authenticated': any logged-in user (own data; scope rules in the service);
 * - { permission }: the user's group holds that permission;
 * - { anyOf }: the user's group holds at least one of them;
 * - { roles }: the user's group is one of these roles (spec 1 §7: Admin passes every role check),
 *   for what the permission catalogue has no string for (the audit trail, erasure).
 */
export type Access = 'public' | 'authenticated' | { permission: Permission } | { anyOf: readonly Permission[] } | { roles: readonly RoleIdentifier[] };

/**
 * The second form of a path that serves two (PUT /user/{id}: the own settings, or the settings
 * area when the body names a group): a body carrying `field` also needs one of `anyOf`.
 */
export interface FormAccess {
  field: string;
  anyOf: readonly Permission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    formAccess?: FormAccess;
  }
}

/** The logged-in user as the access checks and services see it. */
export interface Actor {
  userId: string;
  sessionId: string;
  role: string;
  groupId: string;
  locationId: string;
  selectedLocationId: string;
  permissions: ReadonlySet<string>;
  /** Groups whose vacation this actor's group approves. */
  subordinateGroups: readonly string[];
  externalLogin: boolean;
  /** The address of the request the actor acts in (the audit trail records it). */
  ip?: string;
  /**
   * Signed in with a password, in a group that requires a second factor, none set up yet: only
   * the routes that set one up answer (`config.beforeSecondFactor`).
   */
  enrolmentPending?: boolean;
}

/** Whether the actor holds a permission; Admin passes every check (spec 1 §6). */
export function can(actor: Actor, permission: Permission): boolean {
  return actor.role === ADMIN_ROLE || actor.permissions.has(permission);
}

export function canAny(actor: Actor, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => can(actor, p));
}

/** Whether the actor's group is one of the roles; Admin passes every role check (spec 1 §7). */
export function hasRole(actor: Actor, roles: readonly RoleIdentifier[]): boolean {
  return actor.role === ADMIN_ROLE || roles.includes(actor.role as RoleIdentifier);
}

/**
 * `canAny` for the people of a query: the SQL condition that a group (its name and permission
 * columns) holds at least one of the permissions; the Admin group passes, as in `can`.
 */
export function groupHoldsAny(group: { name: AnyPgColumn; permissions: AnyPgColumn }, permissions: readonly Permission[]): SQL {
  return sql`(${group.name} = ${ADMIN_ROLE} or ${group.permissions} && ${`{${permissions.join(',')}}`}::text[])`;
}

/** Throws 403 unless the actor holds the permission. */
export function requirePermission(actor: Actor, permission: Permission) {
  if (!can(actor, permission)) throw forbidden();
}

/** The actor of a route that is not public (set by the auth hook). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError(401, 'unauthorized', MSG.sessionExpired);
  return req.actor;
}

export function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  if ('permission' in access) return access.permission;
  if ('roles' in access) return `roles(${access.roles.join(', ')})`;
  return `anyOf(${access.anyOf.join(', ')})`;
}

/**
 * Registers the check that every route declares its access (the app refuses to start otherwise)
 * and names only catalogue permissions, and collects the declarations for the snapshot test.
 */
export function registerAccessDeclarationCheck(app: FastifyInstance, declared: Map<string, Access>) {
  app.addHook('onRoute', (route: RouteOptions) => {
    // The OpenAPI pages come from a plugin and are public documentation.
    const access = (route.config as { access?: Access } | undefined)?.access ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const key = `${methods.filter((m) => m !== 'HEAD').join(',')} ${route.url}`;
    if (!access) throw new Error(`Route ${key} declares no access (config.access).`);
    const formAccess = (route.config as { formAccess?: FormAccess } | undefined)?.formAccess;
    if (typeof access !== 'string' || formAccess) {
      const names: readonly string[] = [...(typeof access === 'string' || 'roles' in access ? [] : 'permission' in access ? [access.permission] : access.anyOf), ...(formAccess?.anyOf ?? [])];
      for (const name of names) if (!isPermission(name)) throw new Error(`Route ${key} names unknown permission ${name}.`);
      if (typeof access !== 'string' && 'roles' in access) {
        for (const role of access.roles) if (!ROLE_IDENTIFIERS.includes(role)) throw new Error(`Route ${key} names unknown role ${role}.`);
      }
    }
    if (methods.some((m) => m !== 'HEAD')) declared.set(key, access);
  });
}

const allows = (actor: Actor, access: Exclude<Access, string>) =>
  'permission' in access ? can(actor, access.permission) : 'roles' in access ? hasRole(actor, access.roles) : canAny(actor, access.anyOf);

/** Enforces a route's declaration; runs after authentication. */
export function enforceAccess(req: FastifyRequest) {
  const access = req.routeOptions.config?.access;
  if (!access || access === 'public') return;
  const actor = actorOf(req);
  if (access !== 'authenticated' && !allows(actor, access)) throw forbidden();
  const form = req.routeOptions.config.formAccess;
  const body = req.body;
  if (form && typeof body === 'object' && body !== null && form.field in body && !canAny(actor, form.anyOf)) throw forbidden();
}
