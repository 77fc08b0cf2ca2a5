/**
 * The PostgreSQL wire protocol as the database thread (pglite-worker.ts) needs it to share PGlite's
 * one session among several connections: where messages begin and end, which named statement a
 * message prepares or closes, and whether an answer leaves the session waiting for a Sync.
 */

export const PARSE = 0x50; // 'P'
export const CLOSE = 0x43; // 'C'
export const SYNC_TYPE = 0x53; // 'S'
export const QUERY = 0x51; // 'Q'
const STATEMENT = 0x53; // 'S' in Close and Describe: a statement, not a portal
const PARSE_COMPLETE_TYPE = 0x31; // '1'
const ERROR_RESPONSE = 0x45; // 'E'
const READY_FOR_QUERY = 0x5a; // 'Z'
/** Messages the server may send at any time, before the answer to a client message. */
const ASYNC_TYPES = new Set([0x4e /* N */, 0x53 /* S */, 0x41 /* A */]);

/** The answers PostgreSQL sends for a Parse and a Close, for the ones the thread answers itself. */
export const PARSE_COMPLETE = Uint8Array.of(PARSE_COMPLETE_TYPE, 0, 0, 0, 4);
export const CLOSE_COMPLETE = Uint8Array.of(0x33, 0, 0, 0, 4);

export interface Message {
  type: number;
  /** Offset of the type byte. */
  start: number;
  /** Offset after the message. */
  end: number;
}

const lengthAt = (buf: Uint8Array, at: number) => ((buf[at]! << 24) | (buf[at + 1]! << 16) | (buf[at + 2]! << 8) | buf[at + 3]!) >>> 0;

/** The typed messages of a buffer that holds whole messages only. */
export function messagesOf(buf: Uint8Array): Message[] {
  const out: Message[] = [];
  for (let at = 0; at + 5 <= buf.length; ) {
    const end = at + 1 + lengthAt(buf, at + 1);
    out.push({ type: buf[at]!, start: at, end });
    at = end;
  }
  return out;
}

const decoder = new TextDecoder();
const cString = (buf: Uint8Array, at: number) => {
  const end = buf.indexOf(0, at);
  return decoder.decode(buf.subarray(at, end < 0 ? buf.length : end));
};

/**
 * The statement a Parse prepares or a Close closes, with the Parse's text; null for the unnamed
 * statement, a portal, or any other message.
 */
export function namedStatement(buf: Uint8Array, m: Message): { name: string; text: string } | null {
  if (m.type === PARSE) {
    const name = cString(buf, m.start + 5);
    if (!name) return null;
    return { name, text: cString(buf, m.start + 5 + Buffer.byteLength(name) + 1) };
  }
  if (m.type === CLOSE && buf[m.start + 5] === STATEMENT) {
    const name = cString(buf, m.start + 6);
    return name ? { name, text: '' } : null;
  }
  return null;
}

/** Whether the first answer in `answer` (past notices and parameter reports) is a ParseComplete. */
export function startsWithParseComplete(answer: Uint8Array): boolean {
  for (let at = 0; at + 5 <= answer.length; at += 1 + lengthAt(answer, at + 1)) {
    if (!ASYNC_TYPES.has(answer[at]!)) return answer[at] === PARSE_COMPLETE_TYPE;
  }
  return false;
}

/**
 * After an error in the extended protocol PostgreSQL skips every message until the next Sync.
 * Given the state before, whether that is so after this answer: an answer that ends with
 * ReadyForQuery ends the skipping, an ErrorResponse without one after it starts it.
 */
export function skippingAfter(answer: Uint8Array, before: boolean): boolean {
  const n = answer.length;
  if (n >= 6 && answer[n - 6] === READY_FOR_QUERY && answer[n - 2] === 5) return false;
  let skipping = before;
  for (let at = 0; at + 5 <= n; at += 1 + lengthAt(answer, at + 1)) {
    if (answer[at] === ERROR_RESPONSE) skipping = true;
    else if (answer[at] === READY_FOR_QUERY) skipping = false;
  }
  return skipping;
}
