import util from 'node:util';
import { describe, expect, it } from 'vitest';
import { readConfig, readS3Config } from '../src/config.ts';

describe('object storage configuration (S3_*)', () => {
  it('keeps files in the local folder without S3_BUCKET', () => {
    expect(readConfig({ DATA_DIR: '/tmp/fp', S3_ENDPOINT: 'http://minio:9000' }).s3).toBeNull();
    expect(readS3Config({ S3_BUCKET: '  ' })).toBeNull();
  });

  it('talks to AWS itself with the default credential chain when only the bucket is set', () => {
    expect(readS3Config({ S3_BUCKET: 'filialportal' })).toEqual({
      bucket: 'filialportal',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('reads an S3-compatible store with keys, path-style addresses by default', () => {
    const s3 = readS3Config({
      S3_BUCKET: 'dateien',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'portal',
      S3_SECRET_ACCESS_KEY: 'geheim-123',
      S3_PREFIX: '/filialportal/',
    })!;
    expect(s3).toMatchObject({ bucket: 'dateien', endpoint: 'http://minio:9000', region: 'eu-central-1', forcePathStyle: true, prefix: 'filialportal/' });
    expect(s3.credentials?.accessKeyId).toBe('portal');
    expect(s3.credentials?.secretAccessKey).toBe('geheim-123');
  });

  it('lets S3_FORCE_PATH_STYLE override the default either way', () => {
    expect(readS3Config({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' })!.forcePathStyle).toBe(false);
    expect(readS3Config({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' })!.forcePathStyle).toBe(true);
    expect(readS3Config({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: '1' })!.forcePathStyle).toBe(true);
  });

  it('refuses one key without the other', () => {
    expect(() => readS3Config({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'portal' })).toThrow(/S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY/);
    expect(() => readS3Config({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'geheim' })).toThrow(/nur gemeinsam/);
  });

  it('never shows the secret when the configuration is logged', () => {
    const config = readConfig({ DATA_DIR: '/tmp/fp', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'portal', S3_SECRET_ACCESS_KEY: 'geheim-123' });
    expect(JSON.stringify(config)).not.toContain('geheim-123');
    expect(util.inspect(config, { depth: 10 })).not.toContain('geheim-123');
    expect({ ...config }.s3?.credentials?.secretAccessKey).toBe('geheim-123');
  });
});

describe('metrics and shutdown configuration', () => {
  it('reads METRICS_TOKEN and METRICS_ALLOW, and never shows the token', () => {
    const config = readConfig({ METRICS_TOKEN: 'metrik-0123456789abc', METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8,::1' });
    expect(config.metrics.allow).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(config.metrics.token).toBe('metrik-0123456789abc');
    expect(JSON.stringify(config)).not.toContain('metrik-0123456789abc');
    expect(util.inspect(config, { depth: 10 })).not.toContain('metrik-0123456789abc');
  });

  it('refuses a short token and an entry of METRICS_ALLOW that is no address or network', () => {
    expect(() => readConfig({ METRICS_TOKEN: 'kurz' })).toThrow(/mindestens 16 Zeichen/);
    for (const bad of ['10.0.0.0/33', 'intern', '10.0.0.1/', '10.0.0.0/8/1', '::1/129']) {
      expect(() => readConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW enthält keine gültige Adresse/);
    }
  });

  it('waits after SIGTERM 5 s on PostgreSQL and not at all on the embedded database, unless set', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://h/db' }).shutdownDrainSeconds).toBe(5);
    expect(readConfig({}).shutdownDrainSeconds).toBe(0);
    expect(readConfig({ SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainSeconds).toBe(12);
    expect(() => readConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/0 bis 300/);
  });
});
