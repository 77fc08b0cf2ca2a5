import { deletePushSubscription, fetchPushKey, savePushSubscription } from './notifications.api.ts';

/** Whether this browser can receive push messages at all (iOS only from the home screen). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The base64url VAPID key as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * The service worker's registration once it is active. The app registers it after the page has
 * loaded, so a person who opens the settings at once waits for it; where none comes (a browser
 * that blocks service workers) there is none after a few seconds.
 */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const none = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000));
  return Promise.race([navigator.serviceWorker.ready, none]);
}

/** This browser's subscription, when it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the person's permission, subscribes this browser with the server's key and hands the
 * subscription to the server. Returns false when the person or the browser declines.
 */
export async function enablePush(): Promise<boolean> {
  const reg = await registration();
  if (!reg) throw new Error('Push-Nachrichten sind in diesem Browser gerade nicht verfügbar. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.');
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const { publicKey } = await fetchPushKey();
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's pair changed) cannot be used.
  if (sub && sub.options.applicationServerKey && btoa(String.fromCharCode(...new Uint8Array(sub.options.applicationServerKey))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await savePushSubscription(sub.toJSON());
  return true;
}

/** Ends this browser's subscription, here and at the server. */
export async function disablePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await deletePushSubscription(sub.endpoint).catch(() => undefined);
  await sub.unsubscribe();
}
