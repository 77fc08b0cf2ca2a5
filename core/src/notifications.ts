import { z } from './zod.ts';
import { zTimestamp } from './dates.ts';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';

/**
 * What a person is told about (the notification centre, push and mail). Each kind names who gets
 * it in its module: an approver, the requester, the recipients of a task, a news item's audience,
 * a training's participant, the people of a claim's branch, HR.
 */
export const NOTIFICATION_KINDS = [
  'vacation_request',
  'vacation_decision',
  'vacation_deputy',
  'task_new',
  'task_due',
  'news_confirm',
  'training_decision',
  'training_place',
  'claim_state',
  'sick_report',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds as the settings list them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  vacation_request: 'Urlaubsantrag zu entscheiden',
  vacation_decision: 'Entscheidung über den eigenen Urlaubsantrag',
  vacation_deputy: 'Als Vertretung eingetragen',
  task_new: 'Neue Aufgabe',
  task_due: 'Aufgabe morgen fällig',
  news_confirm: 'Neuigkeit mit Lesebestätigung',
  training_decision: 'Entscheidung über eine Anmeldung zur Veranstaltung',
  training_place: 'Platz aus der Warteliste frei',
  claim_state: 'Status einer Beanstandung der eigenen Filiale',
  sick_report: 'Neue Krankmeldung (Personal)',
};

/**
 * The title a push message shows on a lock screen: the kind only, never a name, a subject or
 * anything about health, whoever stands beside the phone.
 */
export const PUSH_TITLES: Record<NotificationKind, string> = {
  vacation_request: 'Ein Urlaubsantrag wartet auf Ihre Entscheidung',
  vacation_decision: 'Ihr Urlaubsantrag wurde entschieden',
  vacation_deputy: 'Sie wurden als Vertretung eingetragen',
  task_new: 'Sie haben eine neue Aufgabe',
  task_due: 'Eine Aufgabe ist morgen fällig',
  news_confirm: 'Eine Neuigkeit bittet um Lesebestätigung',
  training_decision: 'Ihre Anmeldung zu einer Veranstaltung wurde entschieden',
  training_place: 'Für Sie ist ein Platz in einer Veranstaltung frei geworden',
  claim_state: 'Eine Beanstandung Ihrer Filiale hat einen neuen Status',
  sick_report: 'Neue Meldung für die Personalabteilung',
};

/**
 * Whether a kind reaches a person by push and by mail when the person has not chosen: push for
 * everything; mail where the portal has always mailed (decisions on one's own requests) and for
 * the approver's work, which waits on nobody else.
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, { push: boolean; mail: boolean }> = {
  vacation_request: { push: true, mail: true },
  vacation_decision: { push: true, mail: true },
  vacation_deputy: { push: true, mail: true },
  task_new: { push: true, mail: false },
  task_due: { push: true, mail: false },
  news_confirm: { push: true, mail: false },
  training_decision: { push: true, mail: true },
  training_place: { push: true, mail: true },
  claim_state: { push: true, mail: false },
  sick_report: { push: true, mail: false },
};

/** Notifications per page of the list; the bell shows the first page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const ZNotification = z.object({
  id: zId(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where the object opens in the app, e.g. '/urlaub/antraege?id=…'. */
  link: z.string(),
  createdAt: zTimestamp(),
  readAt: zTimestamp().nullable(),
});
export type Notification = z.infer<typeof ZNotification>;

/** GET /notifications?from=: a page, newest first, the total and how many are unread. */
export const ZNotificationsQuery = z.object({ from: z.coerce.number().int().min(0).max(1_000_000).default(0) });
export const ZNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof ZNotificationsResponse>;

/** PUT /notifications/{id}/read and /notifications/read-all answer with the unread count left. */
export const ZNotificationReadResponse = z.object({ unread: z.number().int() });

export const ZNotificationPreference = z.object({ kind: z.enum(NOTIFICATION_KINDS), push: z.boolean(), mail: z.boolean() });
/** GET/PUT /notifications/settings: push and mail per kind. */
export const ZNotificationSettings = z.object({
  kinds: z
    .array(ZNotificationPreference)
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, MSG.notificationSettingsInvalid),
});
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

const invalid = { error: MSG.pushSubscriptionInvalid };
const base64url = z.string(invalid).min(16, invalid).max(200, invalid).regex(/^[A-Za-z0-9_-]+=*$/, invalid);
/**
 * A browser's PushSubscription as `JSON.stringify(subscription)` gives it; every fault answers
 * with the same message. Which addresses the server sends to is decided where it is stored.
 */
export const ZPushSubscription = z.object(
  {
    endpoint: z.url({ protocol: /^https$/, ...invalid }).max(2000, invalid),
    expirationTime: z.number(invalid).nullable().optional(),
    keys: z.object({ p256dh: base64url, auth: base64url.min(16, invalid).max(64, invalid) }, invalid),
  },
  invalid,
);
export type PushSubscriptionJson = z.infer<typeof ZPushSubscription>;
export const ZPushUnsubscribe = z.object({ endpoint: z.string(invalid).min(1, invalid).max(2000, invalid) }, invalid);
export const ZPushKeyResponse = z.object({ publicKey: z.string() });
