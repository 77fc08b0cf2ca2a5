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
