import { MSG } from '@filialportal/core/messages';
import { badRequest } from './errors.ts';

/** A data URL's header ('data:application/vnd…;base64') is never longer. */
const HEADER_MAX = 512;

export const invalidDataUrl = () => badRequest(MSG.uploadDataInvalid, 'invalid_file_data');

/**
 * Decodes a data URL (`data:<type>;base64,…`) or bare base64 from its characters as they
 * arrive, in pieces of any size: the header is checked, the rest must be base64 (padding only at
 * the very end), and each call returns the whole bytes decoded so far. Nothing but the last
 * incomplete group of four characters is kept.
 */
export class DataUrlDecoder {
  private header: string | null = '';
  private pending = '';
  private padded = false;

  /** The next characters (JSON escapes already resolved); the bytes they complete. */
  push(text: string): Buffer {
    if (this.header !== null) {
      this.header += text;
      if (this.header.length < 5 && 'data:'.startsWith(this.header)) return Buffer.alloc(0);
      if (!this.header.startsWith('data:')) {
        // Bare base64 (a client that sends no header).
        text = this.header;
        this.header = null;
      } else {
        const comma = this.header.indexOf(',');
        if (comma < 0) {
          if (this.header.length > HEADER_MAX) throw invalidDataUrl();
          return Buffer.alloc(0);
        }
        if (!/^data:[^,]*;base64$/i.test(this.header.slice(0, comma))) throw invalidDataUrl();
        text = this.header.slice(comma + 1);
        this.header = null;
      }
    }
    if (text.length === 0) return Buffer.alloc(0);
    const bad = /[^A-Za-z0-9+/]/.exec(text);
    if (this.padded || bad) {
      // Padding only at the very end, at most two characters.
      const tail = this.padded ? text : text.slice(bad!.index);
      if (!/^=+$/.test(tail) || (this.pending.match(/=/g)?.length ?? 0) + tail.length > 2) throw invalidDataUrl();
      this.padded = true;
    }
    this.pending += text;
    const whole = this.pending.length - (this.pending.length % 4);
    if (whole === 0 || this.padded) return Buffer.alloc(0);
    const bytes = Buffer.from(this.pending.slice(0, whole), 'base64');
    this.pending = this.pending.slice(whole);
    return bytes;
  }

  /** The string ended: the last bytes, or a refusal when the data URL is broken. */
  end(): Buffer {
    let tail: Buffer = Buffer.alloc(0);
    if (this.header !== null) {
      // A data URL without its comma is broken; a few characters without header are bare base64.
      if (this.header.startsWith('data:')) throw invalidDataUrl();
      const bare = this.header;
      this.header = null;
      tail = this.push(bare);
    }
    const rest = this.pending.replace(/=+$/, '');
    if (rest.length % 4 === 1) throw invalidDataUrl();
    this.pending = '';
    return Buffer.concat([tail, Buffer.from(rest, 'base64')]);
  }
}

/**
 * A data URL (or bare base64) that arrived whole in a JSON field: its bytes, checked as a streamed
 * one is (line breaks of MIME base64 skipped), or the same 400.
 */
export function decodeDataUrl(data: string): Buffer {
  const decoder = new DataUrlDecoder();
  const bytes = decoder.push(data.replace(/[\r\n]/g, ''));
  return Buffer.concat([bytes, decoder.end()]);
}
