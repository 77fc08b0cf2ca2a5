import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The store tests of object storage run against: `npm test` needs no MinIO or AWS account. */
export interface TestS3 {
  /** The S3_* variables that point the app at this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Marks the patched functions on `crypto` itself, so a second evaluation of this module sees them. */
const PATCHED = Symbol.for('filialportal.test.singleDes');
/**
 * s3rver encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 keeps in its
 * legacy provider only: every second page of a listing would be a 500. Triple DES with the key
 * taken three times is the same cipher and always there. Every other algorithm passes through.
 */
function allowSingleDes() {
  type Cipher = ((alg: string, key: Buffer, iv: Buffer) => unknown) & { [PATCHED]?: true };
  const c = crypto as unknown as Record<'createCipheriv' | 'createDecipheriv', Cipher>;
  for (const name of ['createCipheriv', 'createDecipheriv'] as const) {
    const original = c[name];
    if (original[PATCHED]) continue;
    const patched: Cipher = (alg, key, iv) => (alg === 'des' ? original('des-ede3-cbc', Buffer.concat([key, key, key]), iv) : original(alg, key, iv));
    patched[PATCHED] = true;
    c[name] = patched;
  }
}

/** An s3rver on a free port with one empty bucket, its objects in a temporary folder. */
export async function startS3(): Promise<TestS3> {
  // The SDK warns once per process that it will leave Node 20 behind (docs/decisions/platform-dateien-im-objektspeicher.md); known, and noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  allowSingleDes();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-s3-'));
  const bucket = 'filialportal';
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    // s3rver's built-in account.
    env: { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
