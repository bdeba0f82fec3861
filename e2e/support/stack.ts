import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  serverDir,
  startServer,
  type ServerProcess,
} from '../../apps/server/test/server-process';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink';
import { authEndpoints } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/endpoint';

// E2E_WEB_DIST lets several people build and test at once without sharing one dist folder.
export const webDist = path.resolve(
  process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, '../../apps/web/dist'),
);

/**
 * A small authenticated API client, to check through the API what the browser did. Paths are
 * relative to `/api`, as `pathOf` builds them from the contracts: `pathOf(teamEndpoints.get, { id })`.
 */
export type ApiAs = {
  get<T = Record<string, unknown>>(path: string): Promise<T>;
  /** Any call with a JSON body; answers the status and the parsed body (no throw on 4xx). */
  send<T = Record<string, unknown>>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: object,
  ): Promise<{ status: number; data: T }>;
  /** A POST of a multipart form (an upload); answers like `send`. */
  sendForm<T = Record<string, unknown>>(
    path: string,
    form: FormData,
  ): Promise<{ status: number; data: T }>;
};

/** The real server (serving the built web app) with a real SMTP sink, on a fresh DATA_DIR. */
export type Stack = {
  baseUrl: string;
  /** The full address of an API path built by `pathOf` (relative to `/api`). */
  apiUrl(path: string): string;
  server: ServerProcess;
  sink: SmtpSink;
  api(email: string, password: string): ApiAs;
  stop(): Promise<void>;
};

/**
 * The bundled server on a port picked just before; it must be known up front, since links the
 * server makes (OAuth redirects, mails) point at the address the browser uses. Another process
 * (the other worker's server, a browser's outgoing connection) can take that port before the
 * server listens: then it tries again on a new one, as startServer does when it picks the port.
 */
async function startOnFreePort(
  dataDir: string,
  sink: SmtpSink,
  env: Record<string, string>,
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return await startServer({
        dataDir,
        port,
        entry: 'bundle',
        env: {
          SMTP_URL: sink.url,
          WEB_DIST_DIR: webDist,
          PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
          ...env,
        },
      });
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  // The journeys run the product as `npm start` does: the web build and the bundled server.
  for (const built of [path.join(webDist, 'index.html'), path.join(serverDir, 'dist/main.mjs')]) {
    try {
      await fs.access(built);
    } catch {
      throw new Error(`${built} is missing: run \`npm run build\` before the e2e tests`);
    }
  }
  // Nothing here is fixed, so two files can run at once (vitest's maxWorkers, e2e/vitest.config.ts):
  // each gets its own DATA_DIR, SMTP sink port and server port, all picked afresh.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-e2e-'));
  const sink = await startSmtpSink();
  const server = await startOnFreePort(dataDir, sink, env);
  const baseUrl = server.url;
  const apiUrl = (path: string) => `${baseUrl}/api${path}`;

  const api = (email: string, password: string): ApiAs => {
    let token: string | undefined;
    const authorize = async () => {
      if (token) return token;
      const response = await fetch(apiUrl(pathOf(authEndpoints.login)), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await response.json()) as { data: { token: string } };
      if (!response.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
      token = body.data.token;
      return token;
    };
    return {
      async get<T>(path: string): Promise<T> {
        const response = await fetch(apiUrl(path), {
          headers: { authorization: `Bearer ${await authorize()}` },
        });
        const body = (await response.json()) as { data: T };
        if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
        return body.data;
      },
      async send<T>(method: string, path: string, body?: object) {
        const response = await fetch(apiUrl(path), {
          method,
          headers: {
            authorization: `Bearer ${await authorize()}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        const text = await response.text();
        const parsed = text ? (JSON.parse(text) as { data: T }) : { data: undefined as T };
        return { status: response.status, data: parsed.data };
      },
      async sendForm<T>(path: string, form: FormData) {
        const response = await fetch(apiUrl(path), {
          method: 'POST',
          headers: { authorization: `Bearer ${await authorize()}` },
          body: form,
        });
        return { status: response.status, data: ((await response.json()) as { data: T }).data };
      },
    };
  };

  return {
    baseUrl,
    apiUrl,
    server,
    sink,
    api,
    async stop() {
      await server.stop();
      await sink.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
