import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * The web app as the server sends it: a small fixture build (what apps/web/vite.config.ts
 * writes: files, their .br and .gz copies, the build stamp), served from WEB_DIST_DIR.
 */
const script = `console.log(${JSON.stringify('TeamUp '.repeat(400))});\n`;
const files: Record<string, string> = {
  'index.html': `<!doctype html><html><head><title>TeamUp</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(50)}</body></html>\n`,
  'assets/index-Ab12Cd34.js': script,
  'assets/index-Ef56Gh78.css': `${'.a{color:red}'.repeat(200)}\n`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sw.js': `(function(){self.addEventListener('fetch',function(){});${'/* shell */'.repeat(80)}})();\n`,
  'manifest.webmanifest': `${JSON.stringify({ name: 'TeamUp', display: 'standalone', description: '팀 '.repeat(100) })}\n`,
  '.build-stamp': '{"startedAt":0}\n',
};
/** favicon.svg has no compressed copies (too small): it is always sent as it is. */
const precompressed = [
  'index.html',
  'assets/index-Ab12Cd34.js',
  'assets/index-Ef56Gh78.css',
  'sw.js',
  'manifest.webmanifest',
];

let webDir: string;
let app: TestApp;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-web-dist-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    await fs.writeFile(path.join(webDir, name), text);
  }
  for (const name of precompressed) {
    const original = Buffer.from(files[name]!);
    await fs.writeFile(path.join(webDir, `${name}.br`), zlib.brotliCompressSync(original));
    await fs.writeFile(path.join(webDir, `${name}.gz`), zlib.gzipSync(original));
  }
  app = await createTestApp({ WEB_DIST_DIR: webDir });
});

afterAll(async () => {
  await app?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

const decode: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
};

describe('the web app is served precompressed, with caching by file kind', () => {
  it.each([
    ['/assets/index-Ab12Cd34.js', 'assets/index-Ab12Cd34.js', 'application/javascript'],
    ['/assets/index-Ef56Gh78.css', 'assets/index-Ef56Gh78.css', 'text/css'],
    ['/index.html', 'index.html', 'text/html'],
    ['/', 'index.html', 'text/html'],
  ])(
    '%s: brotli and gzip copies as accepted, bytes decode to the file',
    async (url, file, type) => {
      const original = files[file]!;
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
      ] as const) {
        const response = await get(url, accept);
        expect(response.statusCode, `${url} ${accept}`).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        expect(String(response.headers['content-type'])).toContain(type);
        const sent = response.rawPayload;
        expect(sent.length).toBeLessThan(Buffer.byteLength(original));
        expect(decode[encoding]!(sent).toString()).toBe(original);
      }
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(original);
    },
  );

  it('content-hashed assets are cached for a year; index.html and / are revalidated', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css']) {
      for (const accept of ['br', 'gzip', undefined]) {
        expect((await get(url, accept)).headers['cache-control'], `${url} ${accept}`).toBe(
          'public, max-age=31536000, immutable',
        );
      }
    }
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      for (const accept of ['br', 'gzip', undefined]) {
        expect((await get(url, accept)).headers['cache-control'], `${url} ${accept}`).toBe(
          'no-cache',
        );
      }
    }
  });

  it('the service worker is always revalidated and the manifest has its own type (decision 0043)', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      const worker = await get('/sw.js', accept);
      expect(worker.statusCode, `sw.js ${accept}`).toBe(200);
      expect(worker.headers['cache-control'], `sw.js ${accept}`).toBe('no-cache');
      expect(String(worker.headers['content-type'])).toMatch(/^(?:application|text)\/javascript/);
      const manifest = await get('/manifest.webmanifest', accept);
      expect(manifest.statusCode, `manifest ${accept}`).toBe(200);
      expect(String(manifest.headers['content-type']), `manifest ${accept}`).toMatch(
        /^application\/manifest\+json\b/,
      );
      expect(manifest.headers['cache-control'], `manifest ${accept}`).toBe('no-cache');
    }
  });

  it('a file without compressed copies is sent as it is, whatever the browser accepts', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(files['favicon.svg']);
  });

  it('the build stamp is not served; API answers keep their own caching', async () => {
    expect((await get('/.build-stamp')).statusCode).toBe(404);
    const health = await get('/api/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it('beside the web app, an unknown path is a 404 problem for any method, a known one keeps its 405', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/no-such-thing'],
      ['GET', '/assets/missing-Zz99Yy88.js'],
      ['DELETE', '/nowhere'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/api/health' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('GET');
  });
});
