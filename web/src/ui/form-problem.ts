// zod's generic messages (lengths, types) are German: every schema comes from a module that builds
// it with '@filialportal/core/zod'. This module imports no zod itself, so the login page, which
// uses it too, loads none.

/** The first failing rule of a form: its message and the fields that fail with it. */
export interface FormProblem {
  message: string;
  fields: string[];
}

/** The part of a zod schema the forms need (keeps zod itself out of the web bundle's imports). */
export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/**
 * Checks form values (or a request body) with the schema the server uses. Returns the first
 * issue's message once (so it is shown a single time) and every field that fails with that
 * message, named by the last key of its path (`color.name` → `name`), or null.
 */
export function firstProblem(schema: SafeParser, values: unknown): FormProblem | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const first = result.error.issues[0];
  if (!first) return null;
  const fields = result.error.issues.filter((i) => i.message === first.message).map((i) => String(i.path.at(-1) ?? ''));
  return { message: first.message, fields };
}

/** Errors of a form by field, as @mantine/form keeps them. */
export type FieldErrors = Record<string, string>;

/**
 * Every failing field of a form at once (a person fixes them in one go): each field with the
 * message of its first failing rule, named by the last key of the issue's path and renamed by
 * `fields` (`{ password: ['password', 'passwordRepeat'] }`); a rule of no field under
 * FORM_MESSAGE. Rules of a whole object (zod refinements) run once its fields pass.
 */
export function allProblems(schema: SafeParser, values: unknown, fields: Record<string, readonly string[]> = {}): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path.at(-1)) : FORM_MESSAGE;
    for (const field of fields[key] ?? [key]) errors[field] ??= issue.message;
  }
  return errors;
}

/** The top-level fields whose value differs between two states of a form. */
export function changedFields(values: Record<string, unknown>, previous: Record<string, unknown>): string[] {
  return Object.keys(values).filter((key) => !Object.is(values[key], previous[key]));
}

/**
 * The errors a checked form shows after a change: what its rules say now (a fixed field loses
 * its mark and message at once, a field emptied again gets them back), plus the refusal of the
 * last save on the fields that have not changed since (a refusal of no field stays until the
 * next save).
 */
export function errorsAfterChange(now: FieldErrors, refusal: FieldErrors, changed: readonly string[]): FieldErrors {
  const kept = Object.fromEntries(Object.entries(refusal).filter(([field]) => !changed.includes(field)));
  return { ...kept, ...now };
}

/**
 * One problem at a time, as the spec's forms name them: the message of the first failing rule
 * on every field that fails with it. The first rule is the first of `errors` (the schema's order),
 * except that fields named in `order` come first, in that order.
 */
export function firstProblemOf(errors: FieldErrors, order: readonly string[] = []): FieldErrors {
  const keys = Object.keys(errors);
  const first = [...order.filter((key) => key in errors), ...keys][0];
  if (first === undefined) return {};
  const message = errors[first]!;
  return Object.fromEntries(Object.entries(errors).filter(([, m]) => m === message));
}

/**
 * What a form that names one problem at a time shows after a change: of the problems shown, those
 * that still fail (with their message now); a fixed one goes at once, a new one waits for the
 * next save.
 */
export function stillFailing(now: FieldErrors, shown: Record<string, unknown>): FieldErrors {
  return Object.fromEntries(Object.entries(now).filter(([field]) => shown[field]));
}

/** The errors of several checks in their order; a field keeps the message of the first that names it. */
export function combineProblems(...checks: FieldErrors[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const check of checks) for (const [field, message] of Object.entries(check)) errors[field] ??= message;
  return errors;
}

/**
 * The problems of a chosen file (its name and size, as a browser's File has them) by the core's
 * rule for that kind of file, all on the form's field of the file.
 */
export function fileProblems(field: string, schema: SafeParser, file: { name: string; size: number } | null): FieldErrors {
  const result = schema.safeParse(file === null ? null : { name: file.name, size: file.size });
  if (result.success) return {};
  const first = result.error.issues[0];
  return first ? { [field]: first.message } : {};
}

/** The key of a message that names no field (e.g. a refusal of the server). */
export const FORM_MESSAGE = 'form';

/** The errors for a problem: its message on each of its fields, or on FORM_MESSAGE. */
export function problemErrors(problem: FormProblem | null): FieldErrors {
  if (!problem) return {};
  const errors: FieldErrors = {};
  for (const field of problem.fields) errors[field] = problem.message;
  if (problem.fields.length === 0) errors[FORM_MESSAGE] = problem.message;
  return errors;
}

/** The messages of a form's errors, each once, in order, one per line; or null. */
export function errorsMessage(errors: Record<string, unknown>): string | null {
  const messages = [...new Set(Object.values(errors).filter(Boolean).map(String))];
  return messages.length > 0 ? messages.join('\n') : null;
}

/**
 * A validate function for @mantine/form from a zod schema (of the core, the one the server
 * checks with): the values are turned into the checked shape with `toBody`, and every failing
 * field is marked with its message (see allProblems); `fields` names form fields for schema
 * keys that differ (`{ password: ['password', 'passwordRepeat'] }`).
 */
export function zodResolver<V>(schema: SafeParser, toBody: (values: V) => unknown = (v) => v, fields: Record<string, readonly string[]> = {}) {
  return (values: V): FieldErrors => allProblems(schema, toBody(values), fields);
}
