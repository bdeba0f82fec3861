import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, startServer, type ServerProcess } from './server-process';

/** The real server process: DATA_DIR lock, graceful shutdown, restart on the same data. */
// Each test starts one or two real servers: a loaded CI machine (the suite runs two files at
// once) took over 30 s for two starts and a shutdown.
describe('server process', { timeout: 90_000 }, () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-proc-'));
    dirs.push(dir);
    return dir;
  };
  const track = (server: ServerProcess) => {
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a second server on the same DATA_DIR exits 1 at once; the first keeps serving', async () => {
    const dataDir = tempDir();
    const first = track(await startServer({ dataDir }));
    expect(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8').split('\n')[0]).toBe(
      String(first.pid),
    );

    const started = Date.now();
    const second = track(await spawnServer({ dataDir }));
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(second.stderr().trim()).toBe(
      `DATA_DIR ${dataDir} is in use by another process (pid ${first.pid}). Stop it or choose another DATA_DIR.`,
    );

    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ data: { status: 'ok' } });
    expect(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8').split('\n')[0]).toBe(
      String(first.pid),
    );
  });

  it('SIGTERM lets an in-flight request finish, releases DATA_DIR and exits 0', async () => {
    const dataDir = tempDir();
    const server = track(await startServer({ dataDir }));

    // A request whose body is still arriving when the signal comes: it is in flight.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Whatever123' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/auth/login`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 500);
      }, 300);
    });

    const response = await answer;
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);

    // New connections are refused once it is gone, and a restart on the same data works.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    const again = track(await startServer({ dataDir }));
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    await again.stop();
  });

  it('SIGINT shuts down gracefully too', async () => {
    const server = track(await startServer({ dataDir: tempDir() }));
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('after SIGKILL the stale lock is taken over by the next server', async () => {
    const dataDir = tempDir();
    const first = track(await startServer({ dataDir }));
    expect(await first.kill()).toEqual({ code: null, signal: 'SIGKILL' });
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(true);
    const second = track(await startServer({ dataDir }));
    expect(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8').split('\n')[0]).toBe(
      String(second.pid),
    );
  });

  it('an invalid configuration exits 1 with the reason', async () => {
    const server = track(await spawnServer({ dataDir: tempDir(), env: { PORT: 'not-a-port' } }));
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toContain('PORT');
  });

  it('refuses to start with a secret published in .env.example, or a short key file in DATA_DIR', async () => {
    const published = track(
      await spawnServer({
        dataDir: tempDir(),
        env: {
          NODE_ENV: 'production',
          JWT_SECRET: 'change-me-to-the-output-of-openssl-rand-hex-32-jwt',
        },
      }),
    );
    expect((await published.exited).code).toBe(1);
    expect(published.stderr()).toContain(
      'JWT_SECRET holds a placeholder published in .env.example',
    );

    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'secrets'), { mode: 0o700 });
    fs.writeFileSync(path.join(dataDir, 'secrets', 'jwt.key'), 'short\n', { mode: 0o600 });
    const short = track(await spawnServer({ dataDir }));
    expect((await short.exited).code).toBe(1);
    // The reason, plainly: no stack trace around it.
    expect(short.stderr()).toMatch(
      /jwt\.key holds a secret of 5 bytes, fewer than the 32 required/,
    );
    expect(short.stderr()).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
  });

  it('a port already in use exits 1 and releases DATA_DIR', async () => {
    const dataDir = tempDir();
    const first = track(await startServer({ dataDir: tempDir() }));
    const second = track(await spawnServer({ dataDir, port: first.port }));
    expect((await second.exited).code).toBe(1);
    expect(second.stderr() + second.stdout()).toContain('EADDRINUSE');
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
  });
});
