import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { installShutdown } from '../src/platform/shutdown';
import { recordedJobModule } from './recorded-job';

/*
 * A real server process for the scheduler's process test: the app exactly as main.ts builds it
 * (config from the environment, PostgreSQL from DATABASE_URL), with one module added, the
 * recorded job kind. Started by test/server-process.ts (`script`), killed or stopped by the test.
 * No DATA_DIR lock: it runs on PostgreSQL only.
 */

const config = loadConfig();
if (!config.databaseUrl) throw new Error('the jobs harness runs on PostgreSQL (DATABASE_URL)');
const app = await buildApp(config, { extraModules: [recordedJobModule] });
installShutdown({
  close: () => app.close(),
  release: () => undefined,
  log: (level, message, error) =>
    app.log[level](error === undefined ? {} : { err: error }, message),
});
await app.listen({ port: config.port, host: config.host });
