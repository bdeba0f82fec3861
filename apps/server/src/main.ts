import type { FastifyBaseLogger } from 'fastify';
import type { App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { databaseOptionsFor, NewerDatabaseError, openDatabase } from './db/client';
import { applyProcessEnvFile, type EnvFileResult } from './env-file';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './platform/data-dir-lock';
import { ensurePrivateDir } from './platform/private-files';
import { installShutdown } from './platform/shutdown';

/**
 * The server process: read the config, lock DATA_DIR when the database is embedded in it, build
 * the app, listen, and shut down gracefully on SIGTERM / SIGINT (a second signal forces exit).
 */

let lock: DataDirLock | undefined;
/** Set once building starts, so a signal during startup waits for the app and closes it. */
let building: Promise<App | undefined> | undefined;
/** The app's logger once it exists; plain lines on stdout / stderr before. */
let logger: FastifyBaseLogger | undefined;

const lifecycle = installShutdown({
  close: async () => {
    const app = await building;
    // Stops accepting, lets in-flight requests finish, then closes database, bus, mailer.
    await app?.close();
  },
  release: () => lock?.releaseSync(),
  log: (level, message, error) => {
    if (logger) {
      logger[level](error === undefined ? {} : { err: error }, message);
      return;
    }
    const line = error === undefined ? message : `${message}: ${errorText(error)}`;
    if (level === 'info') process.stdout.write(`${line}\n`);
    else process.stderr.write(`${line}\n`);
  },
});

async function main(): Promise<void> {
  // Whatever this process creates (the embedded database's own files included) is its user's only.
  process.umask(0o077);
  let config: Config;
  let envFile: EnvFileResult | null;
  try {
    envFile = applyProcessEnvFile();
    config = loadConfig();
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }

  if (!config.databaseUrl) {
    // PGlite is single-writer: refuse before the database is opened, never after.
    try {
      lock = await acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) return refuse(error.message);
      throw error;
    }
  }
  await ensurePrivateDir(config.dataDir);

  // The database opens (the embedded one in its own thread) while the rest of the server loads:
  // on two cores the two overlap (decision 0016).
  const openingDatabase = openDatabase(databaseOptionsFor(config));
  // Awaited (and a failure reported) by buildApp; not an unhandled rejection meanwhile.
  openingDatabase.catch(() => undefined);
  const built = import('./app').then(({ buildApp }) => buildApp(config, { openingDatabase }));
  building = built.catch(() => undefined);
  let app: App;
  try {
    app = await built;
  } catch (error) {
    // Not crashes, so one line each: an older build started on a newer database, or a setting
    // refused while the app was built (a DATA_DIR key file).
    if (error instanceof NewerDatabaseError || error instanceof ConfigError) {
      return refuse(error.message);
    }
    throw error;
  }
  logger = app.log;
  // Which file gave settings, by name only (values may be secrets).
  app.log.info(
    envFile
      ? { envFile: envFile.path, set: envFile.applied, environmentWon: envFile.environmentWon }
      : { envFile: null },
    envFile
      ? `settings read from ${envFile.path} (the environment's own values win)`
      : `no .env in ${process.cwd()}: settings from the environment only`,
  );
  app.log.info(
    {
      dataDir: config.dataDir,
      database: config.databaseUrl ? 'postgres' : 'pglite (DATA_DIR/db)',
      // opened, from-template (a fresh DATA_DIR copied from the build's) or created (initdb)
      origin: app.context.database.origin,
    },
    'database ready',
  );
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `TeamUp server listening at ${address}`,
  });
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** A clear one-line refusal to start, then exit 1. */
function refuse(message: string): void {
  process.stderr.write(`${message}\n`);
  lock?.releaseSync();
  lifecycle.dispose();
  process.exit(1);
}

main().catch((error: unknown) => lifecycle.fatal('server failed to start', error));
