// heic-convert ships without types; this is the part the HEIC thread uses.
declare module 'heic-convert' {
  interface Options {
    buffer: ArrayBufferLike | Uint8Array;
    format: 'JPEG' | 'PNG';
    /** 0–1, JPEG only. */
    quality?: number;
  }
  export default function convert(options: Options): Promise<ArrayBuffer>;
}
