import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config';
import { databaseOptionsFor, openDatabase, type Database } from './db/client';
import { PasswordHasher } from './platform/auth/passwords';
import { AccessTokens, PurposeTokens } from './platform/auth/tokens';
import { secretBoxFor, type SecretBox } from './platform/auth/secret-box';
import type { EventBus } from './platform/bus/event-bus';
import { MemoryBus } from './platform/bus/memory-bus';
import { ReplayableBus } from './platform/bus/replayable-bus';
import { LogMailer, type Mailer } from './platform/mail/mailer';
import { MemoryLimiter, type Limiter } from './platform/rate-limit/limiter';
import { DomainEventQueue } from './platform/domain-events';
import { JobScheduler } from './platform/jobs/scheduler';
import { hooksOf, type AppModule, type ModuleHooks } from './platform/module';
import { ModuleState } from './platform/module-state';
import { AccessCacheRegistry } from './platform/access-cache';
import { LiveAccess } from './platform/realtime/live-access';
import { startPresence, type PresenceTracker } from './platform/realtime/presence';
import { SearchGate } from './platform/search/search-gate';
import { ensurePrivateDir } from './platform/private-files';
import { PushSender } from './platform/push/push-sender';
import { resolveVapidKeys } from './platform/push/vapid-keys';
import { resolveJwtSecret } from './platform/secrets';
import { DiskStorage } from './platform/storage/disk-storage';
import type { FileStorage } from './platform/storage/file-storage';

/** Everything a module may use, built once per app from the config. */
export type AppContext = {
  config: Config;
  database: Database;
  /** Every publish is logged for replay (see ReplayableBus). */
  bus: ReplayableBus;
  storage: FileStorage;
  mailer: Mailer;
  /** Web push delivery (RFC 8030/8291/8292), with the server's VAPID keys. */
  push: PushSender;
  limiter: Limiter;
  passwords: PasswordHasher;
  tokens: AccessTokens;
  /** Short-lived tokens for one step of a flow (the second login step). */
  purposeTokens: PurposeTokens;
  /** Encrypts secrets kept in the database (TOTP seeds). */
  secretBox: SecretBox;
  logger: Logger;
  /** Injected so tests can move time; everything time-based reads it. */
  now: () => Date;
  /** What the app's modules contribute to each other's operations (see platform/module.ts). */
  hooks: ModuleHooks;
  /** Facts stated after a commit whose reactions run off the request path. */
  domainEvents: DomainEventQueue;
  /** This instance's caches of access answers, cleared over the bus (decision 0017). */
  accessCaches: AccessCacheRegistry;
  /** This instance's open streams and sockets, re-checked when access shrinks (0012). */
  liveAccess: LiveAccess;
  /** Who is online, from this instance's connections and what the others tell (0021). */
  presence: PresenceTracker;
  /** One search at a time on this instance, giving way to every other request (0033, 0039). */
  searchGate: SearchGate;
  /** What each module keeps per app, declared in its module file (decision 0037). */
  moduleState: ModuleState;
  /** Due-time jobs: schedule and cancel over the modules' kinds (decision 0042). */
  jobs: JobScheduler;
};

/** Parts a caller (a test) may supply instead of letting the config decide. */
export type ContextOverrides = {
  bus?: EventBus;
  /** The config's database, already being opened by the caller; the app owns and closes it. */
  openingDatabase?: Promise<Database>;
} & Partial<Pick<AppContext, 'database' | 'storage' | 'mailer' | 'limiter' | 'now'>>;

export async function createContext(
  config: Config,
  logger: Logger,
  modules: readonly AppModule[],
  overrides: ContextOverrides = {},
): Promise<{ context: AppContext; dispose: () => Promise<void> }> {
  const owned: Array<() => Promise<void>> = [];
  // Created 0700, or tightened when it exists with wider rights (see platform/private-files).
  await ensurePrivateDir(config.dataDir);
  const database =
    overrides.database ??
    (await (overrides.openingDatabase ?? openDatabase(databaseOptionsFor(config))));
  if (!overrides.database) owned.push(() => database.close());
  database.watch?.(logger);

  const transport = overrides.bus ?? (await createBus(config, logger));
  if (!overrides.bus) owned.push(() => transport.close());
  const bus = new ReplayableBus(
    transport,
    () => database.db,
    (error, topic) => logger.error({ err: error, topic }, 'live event not published'),
  );

  const mailer = overrides.mailer ?? (await createMailer(config, logger));
  if (!overrides.mailer && !config.smtpUrl && config.env === 'production') {
    logger.warn(
      { mailer: 'log' },
      'SMTP_URL is not set in production: no mail is sent, and every sign-up and password-reset code is written to the server log instead. Set SMTP_URL to send real mail.',
    );
  }
  if (!overrides.mailer) owned.push(() => mailer.close());

  const limiter = overrides.limiter ?? (await createLimiter(config, logger));
  if (!overrides.limiter && limiter.close) owned.push(() => limiter.close?.() ?? Promise.resolve());
  const storage = overrides.storage ?? (await createStorage(config));
  const secret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const vapidKeys = await resolveVapidKeys(config.push.vapidKeys, config.dataDir);
  // Per-app platform state (decision 0037), listening to the bus from here on.
  const accessCaches = AccessCacheRegistry.listening(bus, logger);
  const liveAccess = await LiveAccess.listening(bus, logger);
  const presence = startPresence(bus, database, logger);
  // The presence module's background work says `bye` first; this stops it where none runs (demo).
  owned.push(() => presence.stop());

  const push = new PushSender(vapidKeys, config.push.subject, logger);
  owned.push(() => push.close());

  const hooks = hooksOf(modules);
  const context: AppContext = {
    config,
    database,
    bus,
    storage,
    mailer,
    push,
    limiter,
    passwords: new PasswordHasher(config.argon2MemoryKib),
    tokens: new AccessTokens(secret, config.accessTokenTtlSeconds),
    purposeTokens: new PurposeTokens(secret),
    secretBox: secretBoxFor(config.dataEncryptionKey, secret),
    logger,
    now: overrides.now ?? (() => new Date()),
    hooks,
    domainEvents: new DomainEventQueue(),
    accessCaches,
    liveAccess,
    presence,
    searchGate: new SearchGate(),
    moduleState: new ModuleState(),
    jobs: new JobScheduler(database, hooks.jobs, logger),
  };
  context.moduleState.makeAll(
    context,
    modules.flatMap((module) => module.state ?? []),
  );
  const dispose = async () => {
    // Reactions queued before the stop still run (their changes are committed).
    await context.domainEvents.settled();
    // Live events published after their commit (a chat send answers before its event is logged).
    await bus.settled();
    // What modules still hold (pushes waiting) goes out before the database closes.
    await context.moduleState.closeAll();
    for (const close of owned.reverse()) await close().catch(() => undefined);
  };
  return { context, dispose };
}

async function createBus(config: Config, logger: Logger): Promise<EventBus> {
  if (config.redisUrl) {
    const { RedisBus } = await import('./platform/bus/redis-bus');
    return RedisBus.connect(config.redisUrl, logger);
  }
  return new MemoryBus();
}

async function createMailer(config: Config, logger: Logger): Promise<Mailer> {
  if (config.smtpUrl) {
    const { SmtpMailer } = await import('./platform/mail/smtp-mailer');
    return new SmtpMailer(config.smtpUrl, config.mailFrom);
  }
  return new LogMailer(logger);
}

async function createLimiter(config: Config, logger: Logger): Promise<Limiter> {
  if (config.redisUrl) {
    const { RedisLimiter } = await import('./platform/rate-limit/redis-limiter');
    return RedisLimiter.connect(config.redisUrl, logger);
  }
  return new MemoryLimiter();
}

async function createStorage(config: Config): Promise<FileStorage> {
  if (config.s3) {
    const { S3Storage } = await import('./platform/storage/s3-storage');
    return new S3Storage(config.s3);
  }
  return new DiskStorage(path.join(config.dataDir, 'files'));
}
