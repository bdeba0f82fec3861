import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { trustProxyOption, type Config } from './config';
import { createContext, type AppContext, type ContextOverrides } from './context';
import { registerNotFoundHandler } from './platform/errors/not-found';
import { frameworkErrorHandler, registerProblemHandlers } from './platform/errors/problem';
import { bearerOf, createAuthGuard, verifiedClaimsOf } from './platform/auth/guard';
import type { TypedApp } from './platform/http/types';
import { registerRequestValidation } from './platform/http/validation';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { authProvidersRoutes } from './modules/auth/providers.routes';
import { isSessionActive } from './modules/auth/session-cache';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { oauthRoutes } from './modules/auth/oauth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { filesRoutes } from './modules/files/files.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { announcementRoutes } from './modules/board/announcements.routes';
import { attachmentRoutes } from './modules/board/attachments.routes';
import { boardRoutes } from './modules/board/board.routes';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { kanbanRoutes } from './modules/kanban/kanban.routes';
import { chatAttachmentRoutes } from './modules/chat/chat-attachments.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { formationRoutes } from './modules/formation/formation.routes';
import { FormationDeadlines } from './modules/formation/formation.service';
import { liveRoutes } from './modules/live/live.routes';
import { stompRoutes } from './modules/live/stomp.routes';
import { videoRoutes } from './modules/video/video.routes';
import { MeetingPresence, meetingDestinations } from './modules/video/video.stomp';

export type BuildOptions = ContextOverrides & { logger?: Logger };

const webDistDefault = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server: tests build it too, with overrides for the parts they supply. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const logger =
    options.logger ??
    pino({
      level: config.logLevel,
      redact: ['req.headers.authorization', '*.password', '*.refreshToken', '*.token'],
    });
  const { context, dispose } = await createContext(config, logger, options);

  // Widened on purpose: Fastify's instance type is then the plain one every route module uses.
  const fastifyLogger: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance: fastifyLogger,
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies: else any client could pick its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  registerRequestValidation(app);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerProblemHandlers(app);
  registerNotFoundHandler(app);
  app.addHook('onClose', dispose);
  // API answers carry tokens and personal data: no cache (browser, proxy) keeps them. A route
  // that says `public` itself (public images by unguessable name) keeps its own header.
  app.addHook('onSend', async (request, reply, payload) => {
    const ownHeader = String(reply.getHeader('cache-control') ?? '');
    if (/^\/api(?:[/?]|$)/.test(request.url) && !ownHeader.startsWith('public')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  await app.register(helmet, {
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
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: async (request) => {
      // Authenticated callers are limited per account, anonymous ones per IP.
      const token = bearerOf(request);
      if (token) {
        try {
          const claims = await verifiedClaimsOf(request, context.tokens, token);
          return `user:${claims.userId}`;
        } catch {
          // fall through to the IP key
        }
      }
      return `ip:${request.ip}`;
    },
    ...(config.redisUrl ? { redis: await redisForRateLimit(config.redisUrl, app) } : {}),
  });
  await app.register(multipart, {
    limits: { fileSize: 50 * 1024 * 1024, files: 10, fields: 20, fieldSize: 100 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'TeamUp API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const requireAuth = createAuthGuard(context.tokens, (claims) => isSessionActive(context, claims));
  await app.register(
    async (api) => {
      const typed = api as unknown as TypedApp;
      await healthRoutes(typed);
      await authRoutes(typed, context, requireAuth);
      await twoFactorRoutes(typed, context, requireAuth);
      await oauthRoutes(typed, context, requireAuth);
      await authProvidersRoutes(typed, context);
      await usersRoutes(typed, context, requireAuth);
      await filesRoutes(typed, context);
      await workspacesRoutes(typed, context, requireAuth);
      await teamsRoutes(typed, context, requireAuth);
      await announcementRoutes(typed, context, requireAuth);
      await boardRoutes(typed, context, requireAuth);
      await attachmentRoutes(typed, context, requireAuth);
      await schedulesRoutes(typed, context, requireAuth);
      await kanbanRoutes(typed, context, requireAuth);
      await chatRoutes(typed, context, requireAuth);
      await chatAttachmentRoutes(typed, context, requireAuth);
      await notificationRoutes(typed, context, requireAuth);
      await formationRoutes(typed, context, requireAuth);
      await liveRoutes(typed, context, requireAuth);
      await videoRoutes(typed, context, requireAuth);
    },
    { prefix: '/api' },
  );
  const presence = new MeetingPresence(context);
  app.addHook('onClose', () => presence.stop());
  const deadlines = new FormationDeadlines(context);
  app.addHook('onClose', () => deadlines.stop());
  await stompRoutes(app, context, (claims) => isSessionActive(context, claims), [
    meetingDestinations(context, presence),
  ]);

  await serveWeb(app, config.webDistDir ?? webDistDefault);
  return Object.assign(app, { context });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type { AppContext };

async function redisForRateLimit(url: string, app: { addHook: TypedApp['addHook'] }) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => undefined);
  });
  return redis;
}

/** Serves the built web app at / when it exists (npm start builds it first). */
async function serveWeb(app: TypedApp, distDir: string) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: 'index.html',
  });
}
