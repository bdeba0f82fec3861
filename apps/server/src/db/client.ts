import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { ensurePrivateDir, makeTreePrivate } from '../platform/private-files';
import { migrationsFolder, pgliteTemplateDir } from '../platform/server-root';
import { PgliteInWorker } from './pglite-remote';
import { namedWhenMarked } from './plan-hints';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Embedded only: how DATA_DIR/db came to be (logged at start). */
  origin?: 'opened' | 'from-template' | 'created';
  /** PostgreSQL only: where the loss of a connection and the next one made are told (the log). */
  watch?: (log: ConnectionLog) => void;
  close(): Promise<void>;
};

/** Where the pool tells of a lost connection and of the next one made (the app's logger fits). */
export type ConnectionLog = {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
};

/** How long making a connection (or waiting for a free one of the pool) may take (0031). */
const CONNECT_TIMEOUT_MS = 5000;
/** The longest a statement of a request may run (0031), unless DATABASE_STATEMENT_TIMEOUT_MS says. */
const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * Reports the first lost connection of an outage once, and its end once: a restart breaks every
 * pooled connection at the same moment, which would otherwise be one log line each.
 */
function connectionLoss() {
  let log: ConnectionLog | undefined;
  let down = false;
  return {
    watch: (to: ConnectionLog) => {
      log = to;
    },
    report: (error: Error) => {
      if (down) return;
      down = true;
      log?.warn({ err: error }, 'PostgreSQL connection lost; requests answer 503 until it is back');
    },
    restored: () => {
      if (!down) return;
      down = false;
      log?.info({}, 'PostgreSQL connected again');
    },
  };
}

/** Arbitrary constant: serialises migrations when several instances start against one database. */
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; statementTimeoutMs?: number }
  /**
   * dataDir undefined: in memory (tests), loaded from `snapshot` when given (a tarball made by
   * `pgliteSnapshot`, saving initdb). template: a migrated empty database made by the build (see
   * pgliteTemplateDir), copied in when dataDir holds no database yet.
   */
  | { kind: 'pglite'; dataDir: string | undefined; template?: string; snapshot?: Uint8Array };

/** The database the config names: PostgreSQL, or the embedded one in DATA_DIR/db. */
export function databaseOptionsFor(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
  databaseStatementTimeoutMs?: number;
}): DatabaseOptions {
  return config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), template: pgliteTemplateDir };
}

/** Opens the database and applies every committed migration before returning. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Loaded only when PostgreSQL is configured: the embedded default never needs the driver.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // Migrated over a connection of its own, without the pool's time limits: a migration on a
    // large table may rightly take minutes, and a second instance waits here for the first's.
    const migrator = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    migrator.on('error', () => undefined); // a lost link fails the awaited query below instead
    await migrator.connect();
    try {
      await migrator.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const migrating = drizzlePg(migrator, { schema });
      await migratePg(migrating, { migrationsFolder });
      await assertKnownMigrations(migrating);
    } finally {
      await migrator.end().catch(() => undefined);
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that is down or unreachable answers a request with 503 within seconds instead
      // of holding it (decision 0031). Also bounds the wait for a free connection of the pool.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // The server cancels a statement that runs longer; the client gives up on a connection
      // that stopped answering (a frozen server, a half-open link) a little later.
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      query_timeout: (options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS) + 2000,
      keepAlive: true,
    });
    const lost = connectionLoss();
    // A connection the server closes (a restart, an administrator's pg_terminate_backend) emits
    // `error`: on an idle pooled client the pool reports it here, on a client checked out between
    // two statements the client itself does. Without a listener either is an uncaught exception
    // that ends the process; the pool drops the broken client and the next query connects anew.
    pool.on('error', lost.report);
    pool.on('connect', (client) => {
      client.on('error', lost.report);
      lost.restored();
    });
    // drizzle calls the pool's query with a config object and the values: a statement marked for
    // a generic plan goes named (plan-hints.ts).
    const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => unknown;
    pool.query = ((config: unknown, values?: unknown) =>
      query(namedWhenMarked(config), values)) as typeof pool.query;
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      watch: lost.watch,
      close: () => pool.end(),
    };
  }
  const { dataDir } = options;
  let created = false;
  let origin: Database['origin'] = 'created';
  if (dataDir) {
    created = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    if (!created) origin = 'opened';
    else if (options.template && (await copyTemplate(options.template, dataDir))) {
      origin = 'from-template';
    }
    await ensurePrivateDir(dataDir);
  }
  // In its own thread: the request loop never runs the database's WASM (decision 0016).
  const client = await PgliteInWorker.open(dataDir, dataDir ? undefined : options.snapshot);
  // drizzle's PGlite driver uses query, exec and transaction, which the worker's client has.
  const pgliteDb = drizzlePglite({ client: client as unknown as PGlite, schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  await assertKnownMigrations(pgliteDb as unknown as Db).catch(async (error: unknown) => {
    await client.close();
    throw error;
  });
  // PGlite writes its initial files world-readable whatever the umask: take that back. Files it
  // writes later follow the process umask (0077, set by main), so a reopened database is left be.
  if (dataDir && created) await makeTreePrivate(dataDir);
  return { db: pgliteDb as unknown as Db, kind: 'pglite', origin, close: () => client.close() };
}

/** The database holds migrations this build does not have: a newer version migrated it. */
export class NewerDatabaseError extends Error {
  constructor(
    readonly applied: number,
    readonly unknown: number,
    readonly known: number,
  ) {
    super(
      `The database was migrated by a newer version of TeamUp: it has ${applied} migrations applied, ` +
        `${unknown} of them unknown to this build, which has ${known}. ` +
        'Start the newer version (or restore a backup made for this one); this build does not run ' +
        'against a schema it does not know.',
    );
    this.name = 'NewerDatabaseError';
  }
}

/**
 * Refuses a database that a newer build migrated. drizzle's migrator applies only the migrations
 * newer than the database's latest and says nothing of one it does not know: an older build
 * would run against a schema it was not written for (columns it does not fill, constraints it
 * does not expect). A migration is known by its time in the journal or its file's hash.
 */
export async function assertKnownMigrations(db: Db): Promise<void> {
  const build = readMigrationFiles({ migrationsFolder });
  const knownTimes = new Set(build.map((migration) => String(migration.folderMillis)));
  const knownHashes = new Set(build.map((migration) => migration.hash));
  const result = await db.execute<{ hash: string; created_at: string | number }>(
    sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations`,
  );
  const rows = (result as { rows: { hash: string; created_at: string | number }[] }).rows;
  const unknown = rows.filter(
    (row) => !knownTimes.has(String(row.created_at)) && !knownHashes.has(row.hash),
  );
  if (unknown.length > 0) throw new NewerDatabaseError(rows.length, unknown.length, build.length);
}

/**
 * A migrated, empty in-memory database as a tarball: `openDatabase({ kind: 'pglite', dataDir:
 * undefined, snapshot })` loads it in about a second where initdb takes several.
 */
export async function pgliteSnapshot(): Promise<Uint8Array> {
  const client = await PgliteInWorker.open(undefined);
  try {
    await migratePglite(drizzlePglite({ client: client as unknown as PGlite, schema }), {
      migrationsFolder,
    });
    return await client.dump();
  } finally {
    await client.close();
  }
}

/**
 * What a template was made with (a template made by another PGlite is not used), and which
 * build made it: a copy that began under one build and ended under another is thrown away.
 */
export type PgliteTemplateStamp = { pglite: string; build?: string };

const templateStampFile = 'teamup-template.json';

/** The installed PGlite's version (its package does not export its package.json). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

type CopyFolder = (from: string, to: string, skip: (source: string) => boolean) => Promise<void>;

const copyFolder: CopyFolder = (from, to, skip) =>
  fsp.cp(from, to, { recursive: true, filter: (source) => !skip(source) });

async function readStamp(template: string): Promise<PgliteTemplateStamp | null> {
  try {
    return JSON.parse(
      await fsp.readFile(path.join(template, templateStampFile), 'utf8'),
    ) as PgliteTemplateStamp;
  } catch {
    return null;
  }
}

/**
 * Creating an embedded database (initdb in WASM) costs seconds of CPU: a fresh DATA_DIR starts
 * from a copy of the build's template instead. The copy goes to a sibling folder renamed into
 * place, so a crash mid-copy leaves no half database behind (the next start copies again).
 * Migrations still run after it, so a template older than the migrations is only brought forward.
 * `copy` copies a folder (a test passes one during which the template is rebuilt).
 */
export async function copyTemplate(
  template: string,
  dataDir: string,
  copy: CopyFolder = copyFolder,
): Promise<boolean> {
  const stamp = await readStamp(template);
  if (!stamp) return false; // no template was built: initdb it is
  if (stamp.pglite !== pgliteVersion()) return false;
  const staging = `${dataDir}.template-${process.pid}`;
  try {
    await fsp.rm(staging, { recursive: true, force: true });
    await copy(template, staging, (source) => path.basename(source) === templateStampFile);
    // A build that replaced the template meanwhile (the build and a server starting at once)
    // may have left this copy with files of two databases: it is not used.
    const after = await readStamp(template);
    if (!after || after.build !== stamp.build) throw new Error('the template changed');
    await fsp.rm(dataDir, { recursive: true, force: true });
    await fsp.rename(staging, dataDir);
    return true;
  } catch {
    // An unreadable template only costs time: PGlite creates the database itself.
    await fsp.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    return false;
  }
}

/**
 * Makes `dir` a template: a migrated, empty embedded database and its stamp (used by the build).
 * Written beside and renamed into place, so a server starting meanwhile sees the old one or none.
 */
export async function writePgliteTemplate(dir: string): Promise<void> {
  const building = `${dir}.building-${process.pid}`;
  await fsp.rm(building, { recursive: true, force: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: building });
  await database.close();
  const stamp: PgliteTemplateStamp = { pglite: pgliteVersion(), build: randomUUID() };
  await fsp.writeFile(path.join(building, templateStampFile), JSON.stringify(stamp));
  // An empty database holds no secret, and the server may run as another user than the build
  // (the container image): everyone may read the template; each copy is made private.
  await chmodTree(building, 0o755, 0o644);
  // The old template is moved aside whole before the new one takes its name, never emptied in
  // place: a server copying it meanwhile finds it gone (or the new build's stamp) and starts
  // without it, instead of copying a half-deleted database.
  const retired = `${dir}.retired-${process.pid}`;
  await fsp.rm(retired, { recursive: true, force: true });
  await fsp.rename(dir, retired).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await fsp.rename(building, dir);
  await fsp.rm(retired, { recursive: true, force: true });
}

async function chmodTree(dir: string, dirMode: number, fileMode: number): Promise<void> {
  await fsp.chmod(dir, dirMode);
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await chmodTree(target, dirMode, fileMode);
    else if (entry.isFile()) await fsp.chmod(target, fileMode);
  }
}
