import { MSG } from '@filialportal/core/messages';
import type { SafeParser } from '../../ui/form-problem.ts';

interface TextRule {
  message: string;
  /** Checked after trimming, as the schema's `.trim()` does. */
  trim?: boolean;
  max?: number;
}

/**
 * A check of required text fields with the same answers as the core schema it stands for
 * (login-fields.test.ts compares them): the login page checks its two fields without loading
 * zod, which only the application after the login needs.
 */
function requiredTexts(rules: Record<string, TextRule>): SafeParser {
  return {
    safeParse(value) {
      const values = (value ?? {}) as Record<string, unknown>;
      const issues = Object.entries(rules).flatMap(([field, rule]) => {
        const raw = values[field];
        const text = typeof raw === 'string' ? (rule.trim ? raw.trim() : raw) : null;
        const ok = text !== null && text.length >= 1 && (rule.max === undefined || text.length <= rule.max);
        return ok ? [] : [{ message: rule.message, path: [field] }];
      });
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
}

/** The login form's check: ZLoginFields of core/session.ts. */
export const LOGIN_FIELDS = requiredTexts({
  username: { message: MSG.usernameRequired, trim: true },
  password: { message: MSG.passwordRequired },
});

/** The forgotten-password form's check: ZPasswordForgottenRequest of core/users.ts. */
export const PASSWORD_FORGOTTEN_FIELDS = requiredTexts({
  username: { message: MSG.usernameRequired, trim: true, max: 200 },
});
