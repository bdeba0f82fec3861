import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  loginResultSchema,
  oauthCallbackQuerySchema,
  oauthExchangeSchema,
  oauthLinkStartSchema,
  oauthLinksSchema,
  oauthProviderParamsSchema,
} from '@teamup/contracts/auth';
import { envelope } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors/app-error';
import { authOf } from '../../platform/auth/guard';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as oauth from './oauth.service';

const tags = ['auth'];
const security = [{ bearer: [] }];
const strict = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** Binds a social login to the browser that started it (login, callback and exchange). */
const BROWSER_COOKIE = 'teamup_oauth_browser';
const COOKIE_PATH = '/api/auth/oauth';

function browserKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE) return decodeURIComponent(value.join('=')) || undefined;
  }
  return undefined;
}

function setBrowserKey(ctx: AppContext, reply: FastifyReply, key: string) {
  const secure = ctx.config.publicOrigin.startsWith('https://') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${key}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=86400${secure}`,
  );
}

/** Where the callback page of the web app is, with `tempCode=` or `error=`. */
const callbackPage = (ctx: AppContext, query: Record<string, string>) =>
  `${ctx.config.publicOrigin}/#/oauth/success?${new URLSearchParams(query).toString()}`;

/** Social login with Google and Kakao: authorization code + state + PKCE (spec 01). */
export async function oauthRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  app.get(
    '/auth/oauth/:provider/login',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Start a social login: redirects to the provider (browser navigation)',
        params: oauthProviderParamsSchema,
      },
    },
    async (request, reply) => {
      const key = browserKeyOf(request) ?? oauth.newBrowserKey();
      setBrowserKey(ctx, reply, key);
      try {
        return await reply.redirect(await oauth.startLogin(ctx, request.params.provider, key));
      } catch (error) {
        if (!(error instanceof oauth.OauthFailure)) throw error;
        return reply.redirect(callbackPage(ctx, { error: error.message }));
      }
    },
  );

  app.get(
    '/auth/oauth/:provider/callback',
    {
      config: strict,
      schema: {
        tags,
        summary: "The provider's redirect back: on to the callback page with a one-time code",
        params: oauthProviderParamsSchema,
        querystring: oauthCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      try {
        const outcome = await oauth.finishCallback(
          ctx,
          request.params.provider,
          request.query,
          browserKeyOf(request),
        );
        if ('linked' in outcome) {
          return await reply.redirect(
            `${ctx.config.publicOrigin}/#/my-page/account-settings?linked=${request.params.provider}`,
          );
        }
        return await reply.redirect(callbackPage(ctx, { tempCode: outcome.tempCode }));
      } catch (error) {
        if (!(error instanceof oauth.OauthFailure)) throw error;
        return reply.redirect(callbackPage(ctx, { error: error.message }));
      }
    },
  );

  const exchange = {
    config: strict,
    schema: {
      tags,
      summary: 'Trade the one-time code (same browser, 60 s) for tokens or a 2FA challenge',
      body: oauthExchangeSchema,
      response: { 200: envelope(loginResultSchema) },
    },
  };
  const handleExchange = async (
    request: FastifyRequest<{ Body: z.output<typeof oauthExchangeSchema> }>,
  ) => ({
    data: await oauth.exchangeTempCode(
      ctx,
      request.body.tempCode,
      browserKeyOf(request),
      request.body.clientInfo ?? {},
      { ip: request.ip },
    ),
  });
  app.post('/auth/oauth/exchange-token', exchange, handleExchange);
  // The spec's "social login completion" call: the same trade.
  app.post('/auth/login/oauth', exchange, handleExchange);

  app.get(
    '/auth/oauth/links',
    {
      onRequest: requireAuth,
      schema: { tags, security, response: { 200: envelope(oauthLinksSchema) } },
    },
    async (request) => ({ data: await oauth.linksOf(ctx, authOf(request).userId) }),
  );

  app.post(
    '/auth/oauth/:provider/link',
    {
      onRequest: requireAuth,
      config: strict,
      schema: {
        tags,
        security,
        summary: 'Start linking a provider to the signed-in account: answers where to navigate',
        params: oauthProviderParamsSchema,
        response: { 200: envelope(oauthLinkStartSchema) },
      },
    },
    async (request, reply) => {
      const key = browserKeyOf(request) ?? oauth.newBrowserKey();
      setBrowserKey(ctx, reply, key);
      try {
        const url = await oauth.startLogin(
          ctx,
          request.params.provider,
          key,
          authOf(request).userId,
        );
        return { data: { url } };
      } catch (error) {
        if (!(error instanceof oauth.OauthFailure)) throw error;
        throw badRequest(ErrorCode.OAUTH_PROVIDER_DISABLED, error.message);
      }
    },
  );

  app.delete(
    '/auth/oauth/:provider/link',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Unlink a social identity (only once the account has a password)',
        params: oauthProviderParamsSchema,
      },
    },
    async (request, reply) => {
      await oauth.unlink(ctx, authOf(request).userId, request.params.provider);
      return reply.code(204).send();
    },
  );
}
