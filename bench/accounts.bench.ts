import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startSession } from '../apps/server/src/modules/auth/auth.service';
import { createLocalUser } from '../apps/server/src/modules/users/users.service';

type Result = autocannon.Result;

function line(name: string, result: Result) {
  const { latency, requests, non2xx } = result;
  console.log(
    `${name.padEnd(28)} ${requests.average.toFixed(0).padStart(6)} req/s  p50 ${latency.p50} ms  p99 ${latency.p99} ms  non-2xx ${non2xx}`,
  );
}

/** Request throughput and latency of the accounts API on the embedded database, one instance. */
export async function benchAccounts() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;

  const passwordHash = await app.context.passwords.hash('Bench1234');
  const user = await createLocalUser(
    app.context,
    {
      email: 'bench@example.com',
      name: 'bench',
      passwordHash,
    },
    null,
  );
  if (!user) throw new Error('user');
  const { token } = await startSession(app.context, user.id, {}, { ip: '127.0.0.1' }, 'PASSWORD');

  const common = { connections: 50, duration: 10 };
  line('GET /api/health', await autocannon({ ...common, url: `${url}/api/health` }));
  line(
    'GET /api/users/me (auth)',
    await autocannon({
      ...common,
      url: `${url}/api/users/me`,
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  line(
    'POST /api/auth/login',
    await autocannon({
      connections: 4,
      duration: 10,
      url: `${url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'Bench1234' }),
    }),
  );
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
