import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { authHeader, call, createUser, dataOf, post } from './factories';
import { createTestApp, type TestApp } from './test-app';

const apps: TestApp[] = [];
async function appWith(env: Record<string, string> = {}, options = {}) {
  const app = await createTestApp(env, options);
  apps.push(app);
  return app;
}
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** Logs in `email` from behind a claimed proxy chain; answers the IP the session list shows. */
async function sessionIpWhenForwarded(app: TestApp, forwardedFor: string) {
  const user = await createUser(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: user.email, password: 'Password1' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token } = dataOf<{ token: string }>(response);
  const list = await app.inject({
    method: 'GET',
    url: '/api/auth/sessions',
    headers: authHeader(token),
  });
  const sessions = dataOf<Array<{ current: boolean; ip: string | null }>>(list);
  return sessions.find((session) => session.current)?.ip;
}

/** Anonymous calls to a globally limited route, each claiming another client address. */
async function statusesWithForgedAddresses(app: TestApp, count: number) {
  const statuses: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/providers',
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('client addresses (TRUST_PROXY)', () => {
  it('without TRUST_PROXY, X-Forwarded-For changes neither the rate-limit key nor the session IP', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '3' });
    // Every call counts against the real peer address: the fourth is refused.
    expect(await statusesWithForgedAddresses(app, 4)).toEqual([200, 200, 200, 429]);
    expect(await sessionIpWhenForwarded(app, '203.0.113.66')).toBe('127.0.0.1');
  });

  it('with TRUST_PROXY=1 the proxy-given address is the client', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
    expect(await statusesWithForgedAddresses(app, 4)).toEqual([200, 200, 200, 200]);
    // One hop trusted: the last address the proxy appended, not what the client wrote before it.
    expect(await sessionIpWhenForwarded(app, '10.9.9.9, 203.0.113.66')).toBe('203.0.113.66');
  });

  it('with a TRUST_PROXY address list, only that proxy is believed', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    const user = await createUser(app);
    const ipVia = async (remoteAddress: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.77' },
        payload: { email: user.email, password: 'Password1' },
      });
      const { token } = dataOf<{ token: string }>(response);
      const list = await call(app, { token }, 'GET', '/api/auth/sessions');
      return dataOf<Array<{ current: boolean; ip: string }>>(list).find((s) => s.current)?.ip;
    };
    expect(await ipVia('10.1.2.3')).toBe('203.0.113.77');
    expect(await ipVia('192.0.2.9')).toBe('192.0.2.9');
  });
});

describe('Cache-Control on API answers', () => {
  it('every answer under /api says no-store: tokens, profiles, sessions, errors', async () => {
    const app = await appWith();
    const user = await createUser(app);
    const login = await post(app, '/api/auth/login', { email: user.email, password: 'Password1' });
    const answers = {
      login,
      refresh: await post(app, '/api/auth/refresh', {
        refreshToken: dataOf<{ refreshToken: string }>(login).refreshToken,
      }),
      me: await call(app, user, 'GET', '/api/users/me'),
      sessions: await call(app, user, 'GET', '/api/auth/sessions'),
      session: await call(app, user, 'GET', '/api/auth/session'),
      health: await app.inject({ method: 'GET', url: '/api/health' }),
      unauthorized: await app.inject({ method: 'GET', url: '/api/users/me' }),
      invalid: await post(app, '/api/auth/login', { email: 'x' }),
      notFound: await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('leaves the web app’s static files alone', async () => {
    const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-web-'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>TeamUp</title>');
    await fs.writeFile(path.join(webDir, 'app.js'), 'console.log(1)');
    try {
      const app = await appWith({ WEB_DIST_DIR: webDir });
      for (const url of ['/', '/app.js']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(String(response.headers['cache-control']), url).not.toContain('no-store');
      }
    } finally {
      await fs.rm(webDir, { recursive: true, force: true });
    }
  });
});

/** Every directory and file under `root`, with its permission bits. */
async function modesUnder(root: string): Promise<Array<{ file: string; mode: number }>> {
  const found: Array<{ file: string; mode: number }> = [];
  const walk = async (dir: string) => {
    found.push({ file: dir, mode: (await fs.stat(dir)).mode & 0o777 });
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push({ file: full, mode: (await fs.stat(full)).mode & 0o777 });
    }
  };
  await walk(root);
  return found;
}

describe('DATA_DIR is private to the server’s user', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('tightens an open DATA_DIR at start; what the server creates in it is 0700/0600', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-private-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'data');
    await fs.mkdir(dataDir, { mode: 0o755 });
    await fs.chmod(dataDir, 0o755);
    // The real server's set-up: embedded database in DATA_DIR/db, generated JWT secret, disk files.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(parent, 'no-web'),
    });
    const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
    try {
      await app.ready();
      await app.context.storage.put(
        'uploads/ab/file.bin',
        Buffer.from('private'),
        'application/octet-stream',
      );
      const modes = await modesUnder(dataDir);
      const names = modes.map((entry) => path.relative(dataDir, entry.file));
      expect(names).toEqual(
        expect.arrayContaining(['', 'db', 'secrets/jwt.key', 'files/uploads/ab/file.bin']),
      );
      expect(names.filter((name) => name.startsWith('db/')).length).toBeGreaterThan(10);
      const open = modes.filter((entry) => (entry.mode & 0o077) !== 0);
      expect(open.map((entry) => `${entry.mode.toString(8)} ${entry.file}`)).toEqual([]);
      expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    } finally {
      await app.close();
    }
  });
});

describe('production without SMTP_URL', () => {
  const captureLogs = () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    return { lines, logger: pino({ level: 'info' }, stream) };
  };
  const smtpWarnings = (lines: Array<{ level: number; msg: string }>) =>
    lines.filter((line) => line.level === 40 && /SMTP_URL/.test(line.msg));

  it('warns loudly at start that codes go to the log', async () => {
    const { lines, logger } = captureLogs();
    await appWith({ NODE_ENV: 'production' }, { logger });
    const [warning] = smtpWarnings(lines);
    expect(warning?.msg).toMatch(/SMTP_URL is not set in production/);
    expect(warning?.msg).toMatch(/codes? (is|are) written to the server log/);
  });

  it('does not warn with SMTP_URL, nor outside production', async () => {
    const withSmtp = captureLogs();
    await appWith(
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' },
      { logger: withSmtp.logger },
    );
    expect(smtpWarnings(withSmtp.lines)).toEqual([]);
    const development = captureLogs();
    await appWith({ NODE_ENV: 'development' }, { logger: development.logger });
    expect(smtpWarnings(development.lines)).toEqual([]);
  });
});
