import { z } from './zod.ts';
import { MSG } from './messages.ts';

/** The session: logging in, the token, the kind of device, the login log. */

/** Login form (POST /token, form fields). */
export const ZLoginRequest = z.object({
  username: z.string({ error: MSG.wrongLogin }).trim().min(1, MSG.wrongLogin).max(200, MSG.wrongLogin),
  password: z.string({ error: MSG.wrongLogin }).min(1, MSG.wrongLogin).max(200, MSG.wrongLogin),
  /** The second factor of an account that has one: a code of the authenticator app or a recovery code. */
  otp: z.string().trim().max(40, MSG.secondFactorInvalid).optional(),
  /** Or a passkey as the second factor: the browser's assertion (JSON text) for the challenge of POST /auth/passkey/options. */
  passkey: z.string().max(20_000, MSG.passkeyFailed).optional(),
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
  /** How the person signed in: 'password', 'sso' (company account) or 'passkey'. */
  method: z.string(),
});

/** Matches counted at most; past it the list says 'mehr als 1.000' and the search narrows it. */
export const LOGIN_LOG_COUNT_CAP = 1000;
/** `count` stops at LOGIN_LOG_COUNT_CAP; `more` says there are further matches beyond it. */
export const ZLoginLogListResponse = z.object({ list: z.array(ZLoginLogEntry), count: z.number(), more: z.boolean() });

/** How a session was opened; the login log and the second-factor rule read it. */
export const SIGN_IN_METHODS = ['password', 'sso', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export const SIGN_IN_METHOD_LABEL: Record<SignInMethod, string> = { password: 'Passwort', sso: 'Firmenkonto', passkey: 'Passkey' };

/** GET /auth/methods: what the login page offers. */
export const ZAuthMethodsResponse = z.object({
  password: z.boolean(),
  passkey: z.boolean(),
  /** The company account (OpenID Connect), with its button's label; null when not set up. */
  oidc: z.object({ label: z.string() }).nullable(),
});

/** POST /auth/oidc/ticket: the one-time ticket of the sign-in page's address. */
export const ZSsoTicketRequest = z.object({
  ticket: z.string({ error: MSG.ssoTicketInvalid }).min(20, MSG.ssoTicketInvalid).max(200, MSG.ssoTicketInvalid),
});

/** Why a sign-in with the company account ended without a session (`/anmelden/sso?fehler=<code>`). */
export const SSO_ERRORS = {
  failed: MSG.ssoFailed,
  not_configured: MSG.ssoNotConfigured,
  no_group: MSG.ssoNoGroup,
  unknown_user: MSG.ssoUnknownUser,
  no_email: MSG.ssoNoEmail,
  inactive: MSG.userInactive,
} as const;
export type SsoError = keyof typeof SSO_ERRORS;

/** GET /user/2fa: the person's own second factors. */
export const ZSecondFactorsResponse = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
  /** The person's group requires a second factor. */
  required: z.boolean(),
  /** Required, none set up yet, signed in with a password: nothing else opens until one is. */
  pending: z.boolean(),
});
export type TSecondFactorsResponse = z.infer<typeof ZSecondFactorsResponse>;

/** POST /user/2fa/totp/setup: a new secret, shown as text, otpauth address and QR code (SVG). */
export const ZTotpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });

/** A six-digit code of the authenticator app. */
export const ZTotpCodeRequest = z.object({
  code: z
    .string({ error: MSG.secondFactorInvalid })
    .trim()
    .regex(/^\d{6}$/, MSG.secondFactorInvalid),
});

/** POST /user/2fa/totp/confirm and …/recovery: ten recovery codes, shown once. */
export const ZRecoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

/** The WebAuthn options for the browser (PublicKeyCredential…OptionsJSON), passed on unchanged. */
export const ZPasskeyOptionsResponse = z.object({ options: z.record(z.string(), z.unknown()) });

/** POST /auth/passkey/options: with a username, for that account's passkeys (second factor); without, any (discoverable). */
export const ZPasskeyOptionsRequest = z.object({ username: z.string().trim().max(200).optional() });

/** The browser's answer (RegistrationResponseJSON / AuthenticationResponseJSON), checked by the server. */
const ZWebAuthnResponse = z.record(z.string(), z.unknown()).refine((v) => JSON.stringify(v).length <= 20_000, MSG.passkeyFailed);

export const ZPasskeyRegisterRequest = z.object({
  name: z.string({ error: MSG.passkeyNameInvalid }).trim().min(1, MSG.passkeyNameInvalid).max(60, MSG.passkeyNameInvalid),
  response: ZWebAuthnResponse,
});

export const ZPasskeyLoginRequest = z.object({ response: ZWebAuthnResponse });
