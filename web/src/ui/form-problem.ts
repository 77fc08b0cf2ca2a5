// Generic messages of the schemas (lengths, types) in German, as the server gives them.
import '@filialportal/core/zod-locale';

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

/** The message of a form's errors (they all carry the same one), or null. */
export function errorsMessage(errors: Record<string, unknown>): string | null {
  const first = Object.values(errors).find(Boolean);
  return first ? String(first) : null;
}

/**
 * A validate function for @mantine/form from a zod schema (of the core, the one the server
 * checks with): the values are turned into the checked shape with `toBody`, and the first
 * problem marks its fields (see firstProblem); `fields` names form fields for schema keys that
 * differ (`{ password: ['password', 'passwordRepeat'] }`).
 */
export function zodResolver<V>(schema: SafeParser, toBody: (values: V) => unknown = (v) => v, fields: Record<string, readonly string[]> = {}) {
  return (values: V): FieldErrors => {
    const problem = firstProblem(schema, toBody(values));
    if (!problem) return {};
    return problemErrors({ message: problem.message, fields: [...new Set(problem.fields.flatMap((f) => fields[f] ?? [f]))] });
  };
}
