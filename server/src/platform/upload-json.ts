import { isUtf8 } from 'node:buffer';
import { MSG } from '@filialportal/core/messages';
import { DataUrlDecoder, invalidDataUrl } from './data-url.ts';
import { AppError, badRequest } from './errors.ts';

/**
 * Reads a JSON body whose files travel as data URLs (`{ files: [{ fileName, data:
 * "data:<type>;base64,…" }] }` or `{ file: { … } }`) without ever holding a file's text: the
 * characters of each `data` are checked and decoded piece by piece and handed to a sink (storage)
 * while the body arrives. Everything else is copied into a small JSON text, with each file's
 * data replaced by a placeholder, which JSON.parse reads at the end (and so checks the syntax of
 * all of it). The scanner only needs to know where strings begin and end and where in the
 * structure a value sits.
 */

/** Where a file's decoded bytes go; `end` resolves once they are stored. */
interface FileSink {
  write(bytes: Buffer): Promise<void>;
  end(): Promise<void>;
  /** Stops the file after an error; resolves once what was written is removed. */
  abort(): Promise<void>;
}

interface JsonUploadOptions {
  /** The keys under which the body carries its files: a list of file objects or one. */
  fileKeys: readonly string[];
  /** Most bytes of everything but the files' data (the entity and the files' names). */
  maxTextBytes: number;
  /** Opens the sink of the next file; `name` is its fileName/name if that came before its data. */
  openFile(name: string | null): FileSink;
}

/** The text that stands for the n-th file in the parsed body: no client string can hold a NUL. */
const placeholder = (n: number) => `\u0000upload:${n}`;
export const placeholderIndex = (v: unknown): number | null => (typeof v === 'string' && v.startsWith('\u0000upload:') ? Number(v.slice(8)) : null);

/** Metadata of a file object longer than this (a preview as data URL) is dropped, not kept. */
const META_MAX = 8 * 1024;
/** Keys are compared with a few names; a longer one is no key of interest. */
const KEY_MAX = 64;
/** Nesting deeper than this is no entity of ours. */
const MAX_DEPTH = 32;

/** One shared buffer per byte value: structural characters are copied without allocating. */
const BYTES = Array.from({ length: 256 }, (_, b) => Buffer.of(b));
const Q = 0x22; // "
const BS = 0x5c; // \
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
const isStructural = (b: number) => b === 0x7b || b === 0x7d || b === 0x5b || b === 0x5d || b === 0x3a || b === 0x2c;

const invalidJson = () => badRequest(MSG.invalidJson, 'invalid_json');

interface Frame {
  array: boolean;
  /** The current key of an object (null while it is read, or when longer than tracked). */
  key: string | null;
  /** A file object: its fileName/name as far as they came before its data. */
  meta: Record<string, string> | null;
}

type State = 'value' | 'key' | 'colon' | 'after' | 'string' | 'literal' | 'done';
type StringMode = 'copy' | 'key' | 'meta' | 'file';

export class JsonUploadScanner {
  private readonly out: Buffer[] = [];
  private outBytes = 0;
  private spaces = 0;
  private readonly stack: Frame[] = [];
  private state: State = 'value';
  private mode: StringMode = 'copy';
  private escaped = false;
  /** Bytes of the string being read when it is a key or a file's metadata. */
  private collected: Buffer[] = [];
  private collectedBytes = 0;
  private files = 0;
  // The data string of the file being read.
  private sink: FileSink | null = null;
  private decoder = new DataUrlDecoder();
  private unicode: string | null = null;
  /** The file's name, when its object named it before its data. */
  private fileName: string | null = null;

  constructor(private readonly opts: JsonUploadOptions) {}

  /** Reads the next piece of the body. */
  async push(chunk: Buffer): Promise<void> {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'string') {
        i = await this.inString(chunk, i);
        continue;
      }
      const b = chunk[i]!;
      if (this.state === 'literal') {
        // A number, true, false or null: copied up to its end; JSON.parse checks it.
        let j = i;
        while (j < chunk.length && !isSpace(chunk[j]!) && !isStructural(chunk[j]!) && chunk[j] !== Q) j++;
        if (j < chunk.length && chunk[j] === Q) throw invalidJson();
        this.emit(chunk.subarray(i, j));
        if (j < chunk.length) this.state = 'after';
        i = j;
        continue;
      }
      i++;
      if (isSpace(b)) {
        // Whitespace is text too: a body of nothing but spaces is refused like any other text past the limit.
        if (++this.spaces + this.outBytes > this.opts.maxTextBytes) throw new AppError(413, 'body_too_large', MSG.bodyTooLarge);
        continue;
      }
      this.token(b);
    }
  }

  /** The JSON text with placeholders, once the body is complete. */
  finish(): string {
    if (this.state !== 'done' && !(this.state === 'after' && this.stack.length === 0) && !(this.state === 'literal' && this.stack.length === 0)) {
      // An empty body is an empty request, as everywhere in the API.
      if (this.state === 'value' && this.stack.length === 0 && this.outBytes === 0) return '{}';
      throw invalidJson();
    }
    const text = Buffer.concat(this.out);
    if (!isUtf8(text)) throw badRequest(MSG.invalidCharacters, 'invalid_characters');
    return text.toString('utf8');
  }

  /** Stops a file that is being read; nothing of it stays. */
  async abort(): Promise<void> {
    const sink = this.sink;
    this.sink = null;
    await sink?.abort();
  }

  private token(b: number) {
    const top = this.stack[this.stack.length - 1];
    switch (this.state) {
      case 'value':
        if (b === 0x5d && top?.array) return this.close(b);
        return this.beginValue(b);
      case 'key':
        if (b === 0x7d && top && !top.array) return this.close(b);
        if (b !== Q) throw invalidJson();
        this.emitByte(b);
        this.beginString('key');
        return;
      case 'colon':
        if (b !== 0x3a) throw invalidJson();
        this.emitByte(b);
        this.state = 'value';
        return;
      case 'after':
        if (!top) throw invalidJson();
        if (b === 0x2c) {
          this.emitByte(b);
          this.state = top.array ? 'value' : 'key';
          if (!top.array) top.key = null;
          return;
        }
        if (b === (top.array ? 0x5d : 0x7d)) return this.close(b);
        throw invalidJson();
      case 'done':
        throw invalidJson();
    }
  }

  private beginValue(b: number) {
    if (b === 0x7b || b === 0x5b) {
      if (this.stack.length >= MAX_DEPTH) throw badRequest(MSG.badRequest);
      this.emitByte(b);
      const fileObject = b === 0x7b && this.inFileList();
      this.stack.push({ array: b === 0x5b, key: null, meta: fileObject ? {} : null });
      this.state = b === 0x7b ? 'key' : 'value';
      return;
    }
    if (b === Q) {
      const file = this.fileObject();
      if (file) {
        const top = this.stack[this.stack.length - 1]!;
        if (top.key === 'data') return this.beginFile(file.meta!);
        this.emitByte(b);
        return this.beginString('meta');
      }
      this.emitByte(b);
      return this.beginString('copy');
    }
    if (isStructural(b)) throw invalidJson();
    this.emitByte(b);
    this.state = 'literal';
  }

  private close(b: number) {
    this.emitByte(b);
    this.stack.pop();
    this.state = this.stack.length === 0 ? 'done' : 'after';
  }

  /** Whether an object starting now is a file object: `{ files: [ {…} ] }` or `{ file: {…} }`. */
  private inFileList(): boolean {
    const s = this.stack;
    const root = s[0];
    if (!root || root.array || root.key === null || !this.opts.fileKeys.includes(root.key)) return false;
    return s.length === 1 || (s.length === 2 && s[1]!.array);
  }

  /** The file object whose value is about to start, if any. */
  private fileObject(): Frame | null {
    const top = this.stack[this.stack.length - 1];
    return top && !top.array && top.meta ? top : null;
  }

  private beginString(mode: StringMode) {
    this.state = 'string';
    this.mode = mode;
    this.escaped = false;
    this.collected = [];
    this.collectedBytes = 0;
  }

  private beginFile(meta: Record<string, string>) {
    this.beginString('file');
    this.decoder = new DataUrlDecoder();
    this.unicode = null;
    this.sink = null;
    // Opened on the first byte: an empty data string is no file.
    this.fileName = meta.fileName || meta.name || null;
  }

  /** Reads string content from `i`; returns where it stopped. */
  private async inString(chunk: Buffer, i: number): Promise<number> {
    if (this.mode === 'file') return this.inFileString(chunk, i);
    while (i < chunk.length) {
      if (this.escaped) {
        this.escaped = false;
        this.stringBytes(chunk.subarray(i, i + 1));
        i++;
        continue;
      }
      const quote = chunk.indexOf(Q, i);
      const slash = chunk.indexOf(BS, i);
      const stop = quote < 0 ? slash : slash < 0 ? quote : Math.min(quote, slash);
      if (stop < 0) {
        this.stringBytes(chunk.subarray(i));
        return chunk.length;
      }
      this.stringBytes(chunk.subarray(i, stop + (stop === slash ? 1 : 0)));
      if (stop === slash) {
        this.escaped = true;
        i = stop + 1;
        continue;
      }
      this.endString();
      return stop + 1;
    }
    return i;
  }

  private stringBytes(bytes: Buffer) {
    if (bytes.length === 0) return;
    if (this.mode === 'copy') return this.emit(bytes);
    // A key is copied as it comes; only its first bytes are kept to know which key it is.
    if (this.mode === 'key') this.emit(bytes);
    const keep = this.mode === 'key' ? KEY_MAX : META_MAX;
    if (this.collectedBytes <= keep) this.collected.push(bytes);
    this.collectedBytes += bytes.length;
  }

  private endString() {
    const top = this.stack[this.stack.length - 1];
    if (this.mode === 'copy') {
      this.emitByte(Q);
      this.state = 'after';
      return;
    }
    const raw = Buffer.concat(this.collected);
    if (this.mode === 'key') {
      this.emitByte(Q);
      top!.key = this.collectedBytes <= KEY_MAX ? decodeString(raw) : null;
      this.state = 'colon';
      return;
    }
    // meta: a short value is kept (fileName, name, type …); a long one (a preview) becomes null.
    if (this.collectedBytes > META_MAX || /[\x00-\x1f]/.test(raw.toString('latin1'))) {
      this.out.pop(); // the opening quote
      this.outBytes -= 1;
      this.emit(Buffer.from('null'));
    } else {
      this.emit(raw);
      this.emitByte(Q);
      const value = decodeString(raw);
      if (value !== null && (top!.key === 'fileName' || top!.key === 'name')) top!.meta![top!.key] = value;
    }
    this.state = 'after';
  }

  private async inFileString(chunk: Buffer, i: number): Promise<number> {
    while (i < chunk.length) {
      if (this.unicode !== null || this.escaped) {
        i = await this.fileEscape(chunk, i);
        continue;
      }
      const quote = chunk.indexOf(Q, i);
      const slash = chunk.indexOf(BS, i);
      const stop = quote < 0 ? slash : slash < 0 ? quote : Math.min(quote, slash);
      const end = stop < 0 ? chunk.length : stop;
      if (end > i) await this.fileText(chunk.toString('latin1', i, end));
      if (stop < 0) return chunk.length;
      if (stop === slash) {
        this.escaped = true;
        i = stop + 1;
        continue;
      }
      await this.endFile();
      return stop + 1;
    }
    return i;
  }

  /** An escape inside a file's data: '\/' (some encoders write it), line breaks (MIME base64), \u00XX. */
  private async fileEscape(chunk: Buffer, i: number): Promise<number> {
    if (this.unicode !== null) {
      while (i < chunk.length && this.unicode.length < 4) this.unicode += String.fromCharCode(chunk[i++]!);
      if (this.unicode.length < 4) return i;
      if (!/^[0-9a-fA-F]{4}$/.test(this.unicode)) throw invalidJson();
      const c = String.fromCharCode(parseInt(this.unicode, 16));
      this.unicode = null;
      if (c !== '\n' && c !== '\r') await this.fileText(c);
      return i;
    }
    this.escaped = false;
    const e = chunk[i]!;
    if (e === 0x75) this.unicode = '';
    else if (e === 0x2f) await this.fileText('/');
    else if (e !== 0x6e && e !== 0x72) throw invalidDataUrl(); // \n and \r are line breaks, skipped
    return i + 1;
  }

  /** Characters of a data string, escapes resolved. */
  private async fileText(text: string) {
    await this.fileBytes(this.decoder.push(text));
  }

  private async fileBytes(bytes: Buffer) {
    if (bytes.length === 0) return;
    if (!this.sink) {
      this.files++;
      this.sink = this.opts.openFile(this.fileName);
    }
    await this.sink.write(bytes);
  }

  private async endFile() {
    await this.fileBytes(this.decoder.end());
    const sink = this.sink;
    if (sink) {
      this.sink = null;
      try {
        await sink.end();
      } catch (err) {
        await sink.abort();
        throw err;
      }
      this.emit(Buffer.from(JSON.stringify(placeholder(this.files - 1))));
    } else {
      // No bytes: no file.
      this.emit(Buffer.from('null'));
    }
    this.state = 'after';
  }

  private emitByte(b: number) {
    this.emit(BYTES[b]!, false);
  }

  /** Keeps text for the end; a copy, so that no piece holds on to a large chunk of the body. */
  private emit(bytes: Buffer, copy = true) {
    this.outBytes += bytes.length;
    if (this.outBytes + this.spaces > this.opts.maxTextBytes) throw new AppError(413, 'body_too_large', MSG.bodyTooLarge);
    this.out.push(copy ? Buffer.from(bytes) : bytes);
  }
}

/** A JSON string's content (without quotes) as text, or null when it is no valid string. */
function decodeString(raw: Buffer): string | null {
  try {
    return JSON.parse(`"${raw.toString('utf8')}"`) as string;
  } catch {
    return null;
  }
}
