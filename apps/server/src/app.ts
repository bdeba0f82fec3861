import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { trustProxyOption, type Config } from './config';
import { createContext, type AppContext, type ContextOverrides } from './context';
import { startEmbeddedUpkeep } from './db/embedded-upkeep';
import { registerNotFoundHandler } from './platform/errors/not-found';
import { frameworkErrorHandler, registerProblemHandlers } from './platform/errors/problem';
import { verifyBearer } from './platform/auth/bearer';
import { bearerOf, createAuthGuard, verifiedClaimsOf } from './platform/auth/guard';
import { buildAsyncApiDocument } from './platform/http/asyncapi';
import { registerBodyDrain } from './platform/http/body-drain';
import {
  documentTransform,
  requireAccessSteps,
  watchDocumentedAnswers,
  type UndocumentedAnswer,
} from './platform/http/define-route';
import type { TypedApp } from './platform/http/types';
import { registerRequestValidation } from './platform/http/validation';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { reusingSerializerCompiler } from './platform/http/shared-answers';
import { registerObservability } from './platform/observability/observability';
import { requestIdOf } from './platform/observability/request-id';
import { serveWeb } from './platform/http/serve-web';
import { defaultWebDist } from './platform/server-root';
import { givesWayToRequests } from './platform/search/search-gate';
import { stompRoutes } from './platform/realtime/stomp-route';
import type { SubscriptionState } from './platform/bus/event-bus';
import { accessCachesHear } from './platform/access-cache';
import { databaseNameOf } from './platform/realtime/presence.repo';
import { JobRunner } from './platform/jobs/job-runner';
import { MemoryLimiter, type Limiter } from './platform/rate-limit/limiter';
import { RequestBudget } from './platform/rate-limit/request-budget';
import { isSessionActive, sessionCacheHears } from './modules/auth/session-cache';
import type { AppModule } from './platform/module';
import { adminModule } from './modules/admin/admin.module';
import { authModule } from './modules/auth/auth.module';
import { boardModule } from './modules/board/board.module';
import { calendarModule } from './modules/calendar/calendar.module';
import { chatModule } from './modules/chat/chat.module';
import { classOverviewModule } from './modules/class-overview/class-overview.module';
import { commentsModule } from './modules/comments/comments.module';
import { filesModule } from './modules/files/files.module';
import { evaluationModule } from './modules/evaluation/evaluation.module';
import { freeTimeModule } from './modules/free-time/free-time.module';
import { contributionModule } from './modules/contribution/contribution.module';
import { formationModule } from './modules/formation/formation.module';
import { healthModule } from './modules/health/health.module';
import { kanbanModule } from './modules/kanban/kanban.module';
import { liveModule } from './modules/live/live.module';
import { meetingsModule } from './modules/meetings/meetings.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { presenceModule } from './modules/presence/presence.module';
import { schedulesModule } from './modules/schedules/schedules.module';
import { searchModule } from './modules/search/search.module';
import { teamsModule } from './modules/teams/teams.module';
import { tokensModule } from './modules/tokens/tokens.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';
import { exportsModule } from './modules/exports/exports.module';
import { usersModule } from './modules/users/users.module';
import { videoModule } from './modules/video/video.module';
import { workspacesModule } from './modules/workspaces/workspaces.module';

/**
 * Every module of the app, listed once: its routes, live destinations, reactions to other
 * modules' events, member-removal steps, owned files and background work (platform/module.ts).
 */
export const appModules: readonly AppModule[] = [
  healthModule,
  authModule,
  usersModule,
  filesModule,
  workspacesModule,
  teamsModule,
  commentsModule,
  boardModule,
  schedulesModule,
  freeTimeModule,
  contributionModule,
  evaluationModule,
  kanbanModule,
  calendarModule,
  chatModule,
  notificationsModule,
  formationModule,
  liveModule,
  videoModule,
  meetingsModule,
  searchModule,
  presenceModule,
  classOverviewModule,
  adminModule,
  tokensModule,
  webhooksModule,
  exportsModule,
];

export type BuildOptions = ContextOverrides & {
  logger?: Logger;
  /** Told of an answer whose status the API document omits (default: a warning in the log). */
  onUndocumentedAnswer?: (answer: UndocumentedAnswer) => void;
  /**
   * Modules added after appModules: tests and test harnesses only (a job kind that records its
   * runs); the app itself is appModules.
   */
  extraModules?: readonly AppModule[];
};

/** Builds the whole server: tests build it too, with overrides for the parts they supply. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const logger =
    options.logger ??
    pino({
      level: config.logLevel,
      redact: ['req.headers.authorization', '*.password', '*.refreshToken', '*.token'],
    });
  const modules = [...appModules, ...(options.extraModules ?? [])];
  const { context, dispose } = await createContext(config, logger, modules, options);
  const unwatch = context.bus.onSubscriptionState((state) => busHears(context, state));
  const verifyToken = (token: string) => verifyBearer(context, token);

  // Widened on purpose: Fastify's instance type is then the plain one every route module uses.
  const fastifyLogger: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance: fastifyLogger,
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies: else any client could pick its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    // Fastify's own request lines log the raw URL (tokens in `/ws?token=`): ours redact it.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  registerRequestValidation(app);
  // Before any route: every route registered after this is checked for its access step (0036).
  requireAccessSteps(app);
  app.setSerializerCompiler(reusingSerializerCompiler);
  app.decorateRequest('auth', null);
  registerProblemHandlers(app);
  watchDocumentedAnswers(
    app,
    options.onUndocumentedAnswer ??
      ((answer) => logger.warn({ answer }, 'answered a status the API document omits')),
  );
  registerNotFoundHandler(app);
  // An answer given before the request body was all read (413) reaches a client still writing.
  registerBodyDrain(app);
  await registerObservability(app, context);
  // Searches give way to every other request between their statements (decision 0039).
  givesWayToRequests(app, context.searchGate);
  app.addHook('onClose', async () => {
    unwatch();
    await dispose();
  });
  // API answers carry tokens and personal data: no cache (browser, proxy) keeps them. A route
  // that says `public` itself (public images by unguessable name) keeps its own header.
  app.addHook('onSend', async (request, reply, payload) => {
    const ownHeader = String(reply.getHeader('cache-control') ?? '');
    if (/^\/api(?:[/?]|$)/.test(request.url) && !ownHeader.startsWith('public')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const budget = await requestBudgetFor(config, context, app);
  await app.register(rateLimit, {
    global: true,
    max: budget.perMinute,
    timeWindow: budget.windowMs,
    // The count STOMP frames spend from too (platform/rate-limit/request-budget.ts).
    store: budget.store,
    // The web app's content-hashed files are not counted: one page load fetches dozens of
    // chunks since the routes are split, and a classroom behind one NAT address shares an IP.
    allowList: (request) => request.method === 'GET' && request.url.startsWith('/assets/'),
    keyGenerator: async (request) => {
      // Authenticated callers are limited per account, anonymous ones per IP.
      const token = bearerOf(request);
      if (token) {
        try {
          const claims = await verifiedClaimsOf(request, verifyToken, token);
          return RequestBudget.userSubject(claims.userId);
        } catch {
          // fall through to the IP key
        }
      }
      return RequestBudget.addressSubject(request.ip);
    },
  });
  await app.register(multipart, {
    limits: { fileSize: 50 * 1024 * 1024, files: 10, fields: 20, fieldSize: 100 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'TeamUp API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT, or a personal access token (tup_pat_…)',
          },
        },
      },
    },
    transform: documentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The live events' document beside it: the SSE stream and the STOMP destinations.
  const asyncApi = buildAsyncApiDocument();
  app.get('/api/docs/asyncapi.json', { schema: { hide: true } }, async () => asyncApi);

  const requireAuth = createAuthGuard(verifyToken, (claims) => isSessionActive(context, claims));
  await app.register(
    async (api) => {
      const typed = api as unknown as TypedApp;
      for (const module of modules) await module.routes?.(typed, context, requireAuth);
    },
    { prefix: '/api' },
  );
  for (const module of modules) {
    const work = module.background?.(context);
    if (work) app.addHook('onClose', async () => work.stop());
  }
  // Due-time jobs (decision 0042): a runner on every instance, when any module has a job kind.
  if (context.jobs.kinds.size > 0) {
    const runner = JobRunner.start(context, {
      pollMs: config.jobs.pollMs,
      catchUpMs: config.jobs.catchUpMs,
    });
    app.addHook('onClose', async () => runner.stop());
  }
  // PostgreSQL has autovacuum; the embedded database has none (decision 0029).
  if (context.database.kind === 'pglite') {
    const upkeep = startEmbeddedUpkeep(context.database.db, context.logger);
    app.addHook('onClose', async () => upkeep.stop());
  }
  await stompRoutes(
    app,
    context,
    (claims) => isSessionActive(context, claims),
    context.hooks.live,
    budget,
  );

  await serveWeb(app, config.webDistDir ?? defaultWebDist);
  return Object.assign(app, { context });
}

/**
 * The bus stopped hearing, or hears again after it was away (decision 0032). What it carried
 * meanwhile (access-cache clears, session revocations, live-access changes) never arrived here,
 * so every access answer this instance keeps is unknown: the caches are emptied (and keep nothing
 * while the bus is away), and once it hears again every open stream and socket is checked as
 * after a membership change (streams resume from the event log). Caches first: the re-checks
 * read through them.
 */
function busHears(context: AppContext, state: SubscriptionState) {
  if (state === 'lost') context.logger.warn({ bus: state }, 'live bus away: no access kept');
  else context.logger.info({ bus: state }, 'live bus back: access caches and live links checked');
  accessCachesHear(context, state);
  sessionCacheHears(context, state);
  if (state !== 'resubscribed') return;
  context.liveAccess
    .resubscribed((claims) => isSessionActive(context, claims))
    .catch((error: unknown) => context.logger.error({ err: error }, 'live access re-check'));
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type { AppContext };

/** Every HTTP request and STOMP frame counts here: in Redis when there is one, else in memory. */
async function requestBudgetFor(config: Config, context: AppContext, app: TypedApp) {
  let counter: Limiter = new MemoryLimiter();
  if (config.redisUrl) {
    const { RedisLimiter } = await import('./platform/rate-limit/redis-limiter');
    counter = RedisLimiter.over(await redisForRateLimit(config.redisUrl, app));
  }
  const namespace = await databaseNameOf(context.database.db);
  return new RequestBudget(counter, config.rateLimitPerMinute, namespace);
}

async function redisForRateLimit(url: string, app: TypedApp) {
  // Loaded only with REDIS_URL: ioredis is not needed on the embedded default.
  const { openRedis } = await import('./platform/redis-client');
  const redis = openRedis(url, 'request rate limit', app.log, {
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => undefined);
  });
  return redis;
}
