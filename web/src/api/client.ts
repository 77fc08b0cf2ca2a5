import { MSG } from '@filialportal/core/messages';
import { reportReached, reportUnreachable } from './connection.ts';
import { takeEarly } from './early.ts';
import { session } from './session.ts';

/** A refused or failed call; `message` is the server's German text (or a fallback). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** True when the call ended the session (401/406/408): callers do no follow-up processing. */
  readonly sessionLost: boolean;

  constructor(status: number, message: string, code = '', sessionLost = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.sessionLost = sessionLost;
  }
}

/** True for errors the session-loss flow already handles; such errors are not shown again. */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.sessionLost;
}

/** True for a call that got no answer at all (no network, server down): 'Keine Verbindung'. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** The German message of any error, for display. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MSG.serverError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Public calls (login, password mail) send no token and do not end a session on 401. */
  auth?: boolean;
  /** A refusal of this call does not end the session (logout: the session ends anyway). */
  keepSession?: boolean;
  signal?: AbortSignal;
}

const SESSION_STATUSES = new Set([401, 406, 408]);

/** The status texts a person may meet when something between browser and server fails, in German. */
const STATUS_TEXT: Record<number, string> = {
  0: 'keine Verbindung zum Server',
  400: 'ungültige Anfrage',
  403: 'nicht erlaubt',
  404: 'nicht gefunden',
  409: 'Konflikt',
  413: 'zu groß',
  429: 'zu viele Anfragen',
  500: 'interner Serverfehler',
  502: 'fehlerhaftes Gateway',
  503: 'Dienst nicht verfügbar',
  504: 'Zeitüberschreitung beim Gateway',
};

/**
 * 'Anfrage fehlgeschlagen: {status text}' (spec 2 §8) for a failed call whose answer carries no
 * message of ours (a proxy's error page, no connection): the status text in German, since the
 * browser's is English.
 */
export function requestFailed(status: number): string {
  return MSG.requestFailed.replace('{status text}', STATUS_TEXT[status] ?? `Status ${status}`);
}

/** An answer that should be JSON and is not (a proxy or portal page with 200): 'Keine gültigen Daten erhalten'. */
function parseJson<T>(status: number, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(status, MSG.invalidData, 'invalid_data');
  }
}

function sessionMessage(status: number): string {
  return status === 406 ? MSG.ipNotAllowed : MSG.sessionExpired;
}

async function send(path: string, { method = 'GET', body, auth = true, keepSession = false, signal }: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = session.token();
    if (!token) {
      // The session is already gone (lost or logged out): nothing may go out any more.
      throw new ApiError(401, MSG.sessionExpired, 'no_session', true);
    }
    headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    // A GET the page started before this code had loaded (early.ts) is taken as this call's.
    const early = method === 'GET' && body === undefined && auth && !signal?.aborted ? takeEarly(path) : undefined;
    response = await (early ?? fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    reportUnreachable();
    throw new ApiError(0, requestFailed(0), 'network');
  }
  reportReached();
  if (response.ok) return response;

  let message = '';
  let code = '';
  try {
    const data = (await response.json()) as { error?: { message?: string; code?: string } };
    message = data.error?.message ?? '';
    code = data.error?.code ?? '';
  } catch {
    // No JSON body (proxy error page etc.): the fallback message below is used.
  }
  if (auth && !keepSession && SESSION_STATUSES.has(response.status)) {
    const text = sessionMessage(response.status);
    session.lose(text);
    throw new ApiError(response.status, text, code, true);
  }
  throw new ApiError(response.status, message || requestFailed(response.status), code);
}

/**
 * The one fetch client: JSON in and out, bearer token from the session, German errors.
 * 401/408 end the session with MSG.sessionExpired, 406 with MSG.ipNotAllowed.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? parseJson<T>(response.status, text) : undefined) as T;
}

/** A binary resource behind the bearer token (e.g. an avatar image). */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/** A file behind the bearer token with the name the server gives it (Content-Disposition). */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, options);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]*)"/i.exec(disposition)?.[1];
  let fileName = plain ?? null;
  try {
    if (encoded) fileName = decodeURIComponent(encoded);
  } catch {
    // A malformed encoding: the plain name stands.
  }
  return { blob: await response.blob(), fileName };
}

/**
 * A JSON call whose upload reports progress (share 0–1), for bodies that carry files: fetch
 * cannot tell how much of a request body has gone out, XMLHttpRequest can. Errors and session
 * loss behave as with `api`.
 */
export function apiWithProgress<T>(path: string, { method = 'POST', body, onProgress }: { method?: 'POST' | 'PUT'; body: unknown; onProgress: (share: number) => void }): Promise<T> {
  return sendWithProgress<T>(path, method, 'application/json', JSON.stringify(body), onProgress);
}

/** A file sent as raw bytes (the server streams it to storage), with the upload's progress. */
export function uploadFile<T>(path: string, file: Blob, onProgress: (share: number) => void): Promise<T> {
  return sendWithProgress<T>(path, 'POST', 'application/octet-stream', file, onProgress);
}

function sendWithProgress<T>(path: string, method: 'POST' | 'PUT', contentType: string, payload: string | Blob, onProgress: (share: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const token = session.token();
    if (!token) return reject(new ApiError(401, MSG.sessionExpired, 'no_session', true));
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      reportReached();
      let data: { error?: { message?: string; code?: string } } | null = null;
      let readable = true;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // No JSON (proxy error page): the fallback message below.
        readable = false;
      }
      if (xhr.status >= 200 && xhr.status < 300) return readable ? resolve(data as T) : reject(new ApiError(xhr.status, MSG.invalidData, 'invalid_data'));
      if (SESSION_STATUSES.has(xhr.status)) {
        const text = sessionMessage(xhr.status);
        session.lose(text);
        return reject(new ApiError(xhr.status, text, data?.error?.code ?? '', true));
      }
      reject(new ApiError(xhr.status, data?.error?.message || requestFailed(xhr.status), data?.error?.code ?? ''));
    };
    xhr.onerror = () => {
      reportUnreachable();
      reject(new ApiError(0, requestFailed(0), 'network'));
    };
    xhr.send(payload);
  });
}

/** Builds a query string from defined, non-empty values. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
