import { z } from './zod.ts';
import { MSG } from './messages.ts';

/** The session: logging in, the token, the kind of device, the login log. */

/** Login form (POST /token, form fields). */
export const ZLoginRequest = z.object({
  username: z.string({ error: MSG.wrongLogin }).trim().min(1, MSG.wrongLogin).max(200, MSG.wrongLogin),
  password: z.string({ error: MSG.wrongLogin }).min(1, MSG.wrongLogin).max(200, MSG.wrongLogin),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/**
 * The login form's own check before it asks the server: each empty field with its message. That
 * name and password do not match only the server says (ZLoginRequest answers every refusal alike).
 */
export const ZLoginFields = z.object({
  username: z.string().trim().min(1, MSG.usernameRequired),
  password: z.string().min(1, MSG.passwordRequired),
});

/** POST /token, GET /api-token-refresh. */
export const ZTokenResponse = z.object({ token: z.string() });

/** Whether a user agent is a tablet (iPad, Android without "Mobile", other tablets). */
export function isTabletUserAgent(ua: string | undefined): boolean {
  if (!ua) return false;
  return /iPad|Tablet|PlayBook|Silk|Kindle|SM-T\d|Nexus (7|9|10)/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua));
}

/** An entry of the login log (GET /loginlog/list/{page}). */
export const ZLoginLogEntry = z.object({
  id: z.string(),
  /** DD.MM.YYYY */
  date: z.string(),
  /** HH:mm */
  time: z.string(),
  createdAt: z.string(),
  userName: z.string(),
  ip: z.string(),
  city: z.string(),
  country: z.string(),
  success: z.boolean(),
});

/** Matches counted at most; past it the list says 'mehr als 1.000' and the search narrows it. */
export const LOGIN_LOG_COUNT_CAP = 1000;
/** `count` stops at LOGIN_LOG_COUNT_CAP; `more` says there are further matches beyond it. */
export const ZLoginLogListResponse = z.object({ list: z.array(ZLoginLogEntry), count: z.number(), more: z.boolean() });
