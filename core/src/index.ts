export * from './messages.ts';
export * from './roles.ts';
export * from './permissions.ts';
export * from './locations.ts';
export * from './sort.ts';
export * from './users.ts';
export * from './teams.ts';
export * from './role-permissions.ts';
