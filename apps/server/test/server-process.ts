import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: the working directory of a spawned server. */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runtime-contract variables removed from the inherited environment, so a developer's shell
 * (a DATABASE_URL, a REDIS_URL …) never leaks into a spawned server: pass them in `env` instead.
 */
const CONTRACT_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_ORIGIN',
  'JWT_SECRET',
  'LOG_LEVEL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'KAKAO_CLIENT_ID',
  'KAKAO_CLIENT_SECRET',
  'LIVEKIT_URL',
  'LIVEKIT_API_KEY',
  'LIVEKIT_API_SECRET',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'S3_REGION',
  'WEB_DIST_DIR',
];

/** A port that was free a moment ago (the OS picks it; the listener is closed at once). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerOptions = {
  /** DATA_DIR of the server (embedded PGlite lives in DATA_DIR/db unless env.DATABASE_URL). */
  dataDir: string;
  /** Default: a free port picked just before spawning. */
  port?: number;
  /** Extra environment: SMTP_URL, DATABASE_URL, REDIS_URL, JWT_SECRET … */
  env?: Record<string, string>;
  /** Default 'warn'. */
  logLevel?: string;
  /** How long `startServer` waits for GET /api/health to answer 200. Default 60 s. */
  readyTimeoutMs?: number;
  /**
   * 'sources' (default): `node --import tsx src/main.ts`. 'bundle': the build's
   * `dist/main.mjs`, as `npm start` runs it (scripts/build-server.mjs must have run).
   */
  entry?: 'sources' | 'bundle';
  /**
   * With 'sources': a file under apps/server run in place of src/main.ts (a test harness that
   * builds the app with an extra module, test/jobs-harness.ts).
   */
  script?: string;
  /** Extra arguments for node before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** The working directory, where the server looks for `.env`. Default: apps/server. */
  cwd?: string;
};

/** A spawned real server process (`node --import tsx src/main.ts`, or the built bundle). */
export type ServerProcess = {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Settles when the process has exited (and been reaped). */
  readonly exited: Promise<ServerExit>;
  /** Everything the process wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves once GET /api/health answers 200; rejects if the process exits or time runs out. */
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  /** SIGTERM (graceful shutdown) and wait for the exit; SIGKILL after `timeoutMs` (default 20 s). */
  stop(timeoutMs?: number): Promise<ServerExit>;
  /** SIGKILL: the process dies at once, in the middle of whatever it was doing. */
  kill(): Promise<ServerExit>;
};

/** Spawns the server without waiting for it to be ready (see `startServer`). */
export async function spawnServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONTRACT_VARIABLES) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    // No web build in these tests: the API alone.
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
    ...options.env,
  });

  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.entry === 'bundle'
      ? ['--enable-source-maps', path.join(serverDir, 'dist/main.mjs')]
      : ['--import', 'tsx', path.join(serverDir, options.script ?? 'src/main.ts')]),
  ];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<ServerExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  if (child.pid === undefined) {
    const failure = await Promise.race([
      new Promise<Error>((resolve) => child.once('error', resolve)),
      exited.then(() => new Error('exited')),
    ]);
    throw new Error(`could not spawn the server: ${failure.message}`);
  }
  const pid = child.pid;
  const url = `http://127.0.0.1:${port}`;

  const waitUntilHealthy = async (timeoutMs = options.readyTimeoutMs ?? 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (hasExited) {
        const { code, signal } = await exited;
        throw new Error(
          `server exited (code ${code}, signal ${signal}) before it was healthy:\n${err}${out}`,
        );
      }
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server not healthy after ${timeoutMs} ms:\n${err}${out}`);
  };

  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (!hasExited) child.kill(signal);
    return exited;
  };

  return {
    child,
    pid,
    port,
    url,
    exited,
    stdout: () => out,
    stderr: () => err,
    waitUntilHealthy,
    stop: async (timeoutMs = 20_000) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await signalAndWait('SIGTERM');
      } finally {
        clearTimeout(timer);
      }
    },
    kill: () => signalAndWait('SIGKILL'),
  };
}

/**
 * Spawns the real server (cwd apps/server, `node --import tsx src/main.ts`) on `dataDir` and a
 * free port, and resolves once GET /api/health answers 200. On failure the process is killed and
 * the error carries its output. Stop it with `stop()` (graceful) or `kill()` (SIGKILL).
 *
 * @example
 *   const server = await startServer({ dataDir, env: { SMTP_URL: sink.url } });
 *   await fetch(`${server.url}/api/health`);
 *   await server.stop();
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const server = await spawnServer(options);
    try {
      await server.waitUntilHealthy();
      return server;
    } catch (error) {
      await server.kill();
      // The free port was taken between picking and listening: pick another (ours only).
      const output = server.stderr() + server.stdout();
      const portRace = options.port === undefined && output.includes('EADDRINUSE');
      if (!portRace || attempt >= 3) throw error;
    }
  }
}
