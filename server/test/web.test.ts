import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PRELOAD_SCRIPT } from '@filialportal/core/page-scripts';
import { buildTestApp, type TestContext } from './helpers.ts';

/**
 * The web app from web/dist: cache headers of hashed assets and of the pages, deep links, and
 * the 503 page while `npm start` is still building (without a restart once the build is there).
 */
let t: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-web-'));
  t = await buildTestApp({ seed: false, config: { webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('web app', () => {
  it('answers pages with 503 and a self-reloading German page while the build is missing', async () => {
    const res = await get('/dashboard');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBe('3');
    expect(res.body).toContain('Die Anwendung wird gebaut');
    expect(res.body).toContain('http-equiv="refresh"');
    // The API does not wait for the web build.
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });

  it('serves the build as soon as it is there, with the intended cache headers', async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(webDist, '.build-stamp'), 'abc\n');

    const asset = await get('/assets/index-Ab12Cd34.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1);');

    for (const url of ['/', '/index.html', '/dashboard', '/settings/users?x=1']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<div id="root">');
    }

    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');

    // Dot files (the build stamp) are no part of the site.
    const stamp = await get('/.build-stamp');
    expect(stamp.body).not.toContain('abc');
    // Paths that name no file get the app page, never an error.
    for (const url of ['/%00', '/assets/%00.js', '/%E0%A4%A', '/../../etc/passwd', '/assets/../index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('root:');
    }
    // API paths stay JSON.
    expect((await get('/api/nothing-here')).json().error.code).toBe('not_found');
  });

  it('sends the compressed copy the browser accepts, with Content-Encoding and Vary, and the plain file to others', async () => {
    const script = `console.log(${JSON.stringify('Filialportal '.repeat(200))});`;
    const file = path.join(webDist, 'assets', 'main-Zz99Yy88.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    const index = path.join(webDist, 'index.html');
    fs.writeFileSync(`${index}.br`, zlib.brotliCompressSync(fs.readFileSync(index)));
    const fetch = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

    const br = await fetch('/assets/main-Zz99Yy88.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await fetch('/assets/main-Zz99Yy88.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    for (const encoding of [undefined, 'identity']) {
      const plain = await fetch('/assets/main-Zz99Yy88.js', encoding);
      expect(plain.headers['content-encoding'], encoding).toBeUndefined();
      expect(plain.headers['vary'], encoding).toMatch(/accept-encoding/i);
      expect(plain.body, encoding).toBe(script);
    }

    // A deep link gets the app page compressed, still revalidated every time.
    const page = await fetch('/dashboard', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    // A file without a compressed copy is sent plain to a browser that accepts one.
    const icon = await fetch('/favicon.svg', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toContain('<svg');
  });

  it('serves the service worker and the manifest revalidated every time, the manifest as application/manifest+json', async () => {
    const manifest = JSON.stringify({ name: 'Filialportal', display: 'standalone', start_url: '/' });
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), manifest);
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest.br'), zlib.brotliCompressSync(manifest));
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.mkdirSync(path.join(webDist, 'icons'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));

    for (const encoding of [undefined, 'br']) {
      const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-type'], encoding).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control'], encoding).toBe('no-cache');
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
    }
    // A browser checks the worker for a new version on every visit: never from a cache unasked.
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const icon = await get('/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('allows inline script only by hash: exactly the page script that preloads a session\'s first chunk', async () => {
    const csp = String((await get('/dashboard')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!.trim().split(/\s+/).slice(1);
    const hash = crypto.createHash('sha256').update(PAGE_PRELOAD_SCRIPT).digest('base64');
    expect(scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${hash}'`]);
    // A changed character is another script, and not allowed.
    expect(scriptSrc).not.toContain(`'sha256-${crypto.createHash('sha256').update(`${PAGE_PRELOAD_SCRIPT} `).digest('base64')}'`);
  });
});
