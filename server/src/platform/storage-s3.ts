import { randomUUID } from 'node:crypto';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { isStorageKey, meter, TooLargeError, type Storage } from './storage-contract.ts';

export interface S3StorageOptions extends Partial<Omit<S3Config, 'bucket'>> {
  bucket: string;
  /** Objects per ListObjectsV2 page; S3 answers at most 1000. */
  listPageSize?: number;
}

type Sdk = typeof import('@aws-sdk/client-s3') & { Upload: typeof import('@aws-sdk/lib-storage').Upload };

/**
 * Parts of a streamed upload: lib-storage holds the part being filled and one per parallel
 * request, so one upload keeps at most (QUEUE_SIZE + 1) × PART_SIZE in memory, whatever its size.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;

/** A missing object fails like a missing local file (ENOENT), so callers need not know the backend. */
function missing(key: string) {
  return Object.assign(new Error(`ENOENT: no such object '${key}'`), { code: 'ENOENT' });
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * A Writable that hands chunks on to `body` with its backpressure. Once `body` is gone (the
 * upload stopped), it swallows the rest, so the request is still read to its end.
 */
function forwardTo(body: PassThrough): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      if (body.destroyed || body.write(chunk)) return done();
      const go = () => {
        body.off('drain', go).off('close', go);
        done();
      };
      body.on('drain', go).on('close', go);
    },
    final(done) {
      if (!body.destroyed) body.end();
      done();
    },
  });
}

/**
 * A stream that asks for the object on its first read: it is returned at once, like a local
 * read stream, and fails the same way when the object is missing, before any byte is sent, so a
 * download route answers with an error instead of a cut-off body.
 */
function lazyObjectStream(open: (signal: AbortSignal) => Promise<Readable>): Readable {
  const abort = new AbortController();
  let body: Readable | null = null;
  let started = false;
  return new Readable({
    read() {
      if (body) {
        body.resume();
        return;
      }
      if (started) return;
      started = true;
      open(abort.signal).then(
        (b) => {
          if (this.destroyed) return void b.destroy();
          body = b;
          b.on('data', (chunk: Buffer) => {
            if (!this.push(chunk)) b.pause();
          });
          b.once('end', () => this.push(null));
          b.once('error', (err) => this.destroy(err));
        },
        (err: unknown) => this.destroy(err as Error),
      );
    },
    destroy(err, done) {
      // A client that leaves mid-download must not hold one of the SDK's pooled connections.
      abort.abort();
      body?.destroy();
      done(err);
    },
  });
}

/**
 * File bytes in a bucket of an S3-compatible store, so several app instances share them. Object
 * names are the storage keys behind an optional prefix. The SDK is loaded when the storage is
 * created, not when the module is: a server on the local folder never parses it.
 */
export function createS3Storage(opts: S3StorageOptions): Storage & { close(): Promise<void> } {
  const prefix = opts.prefix ?? '';
  const Bucket = opts.bucket;
  const nameOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
    return prefix + key;
  };
  const ready: Promise<Sdk & { client: S3Client }> = Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, lib]) => {
    const client = new s3.S3Client({
      region: opts.region ?? 'us-east-1',
      endpoint: opts.endpoint ?? undefined,
      forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
      // Passed field by field: the secret is not enumerable in the configuration (config.ts).
      credentials: opts.credentials ? { accessKeyId: opts.credentials.accessKeyId, secretAccessKey: opts.credentials.secretAccessKey } : undefined,
      // The SDK's default CRC32 checksums with chunked trailers are unknown to many S3-compatible
      // stores (older MinIO, Ceph, s3rver); checksums only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { ...s3, Upload: lib.Upload, client };
  });
  // Without a handler a failed load would be an unhandled rejection at start; every call awaits it and sees the error.
  ready.catch(() => undefined);

  async function removeObject(key: string) {
    const { client, DeleteObjectCommand } = await ready;
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key: nameOf(key) }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async function uploadStream(Key: string, body: Readable) {
    const { client, Upload } = await ready;
    await new Upload({ client, params: { Bucket, Key, Body: body }, partSize: PART_SIZE, queueSize: QUEUE_SIZE }).done();
  }

  return {
    async put(bytes) {
      const key = randomUUID();
      const { client, PutObjectCommand } = await ready;
      await client.send(new PutObjectCommand({ Bucket, Key: nameOf(key), Body: bytes, ContentLength: bytes.length }));
      return key;
    },

    async putStream(source, maxBytes) {
      const key = randomUUID();
      const Key = nameOf(key);
      const body = new PassThrough();
      // Past the limit the upload stops at once (nothing more goes to the store), while the
      // meter goes on reading and dropping the request, as the local backend does.
      const m = meter(maxBytes, () => body.destroy());
      const sink = forwardTo(body);
      const uploaded = uploadStream(Key, body);
      // A store that fails mid-upload ends the request too, instead of reading it for nothing.
      uploaded.catch((err: unknown) => {
        if (!m.tooLarge()) sink.destroy(err as Error);
      });
      try {
        await pipeline(source, m.transform, sink);
        if (m.tooLarge()) throw new TooLargeError();
        await uploaded;
      } catch (err) {
        body.destroy();
        // Waits for the aborted multipart upload to be cleaned up, then removes a finished object.
        await uploaded.catch(() => undefined);
        await removeObject(key).catch(() => undefined);
        throw err;
      }
      return { key, ...m.result() };
    },

    async get(key) {
      const Key = nameOf(key);
      const { client, GetObjectCommand } = await ready;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        throw isNotFound(err) ? missing(key) : err;
      }
    },

    stream(key) {
      const Key = nameOf(key);
      return lazyObjectStream(async (abortSignal) => {
        const { client, GetObjectCommand } = await ready;
        try {
          const res = await client.send(new GetObjectCommand({ Bucket, Key }), { abortSignal });
          return res.Body as Readable;
        } catch (err) {
          throw isNotFound(err) ? missing(key) : err;
        }
      });
    },

    remove: removeObject,

    async *keys() {
      const { client, ListObjectsV2Command } = await ready;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken, MaxKeys: opts.listPageSize }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length) ?? '';
          if (object.Key?.startsWith(prefix) && isStorageKey(name)) yield name;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async putAt(key, bytes) {
      const Key = nameOf(key);
      if (Buffer.isBuffer(bytes)) {
        const { client, PutObjectCommand } = await ready;
        await client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.length }));
        return;
      }
      try {
        await uploadStream(Key, bytes);
      } catch (err) {
        // As pipeline() does for the local file: a failed write does not leave the source open.
        bytes.destroy();
        throw err;
      }
    },

    /** Ends the SDK's pooled connections (tests; a server keeps its storage until it exits). */
    async close() {
      await ready.then(({ client }) => client.destroy(), () => undefined);
    },
  };
}
