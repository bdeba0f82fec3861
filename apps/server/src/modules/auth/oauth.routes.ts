import type { FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints as endpoints } from '@teamup/contracts/auth';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors/app-error';
import {
  documentedSchema,
  noBody,
  routesFor,
  type RouteInput,
} from '../../platform/http/define-route';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as oauth from './oauth.service';

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
  const route = routesFor(app, requireAuth, 'auth');
  const { oauthLogin, oauthCallback } = endpoints;

  // Raw: answers with a redirect (a browser navigation), not an envelope.
  app.route({
    method: oauthLogin.method,
    url: oauthLogin.path,
    config: strict,
    schema: {
      ...documentedSchema(oauthLogin, 'auth', {
        answers: {
          302: noBody(
            "Redirect to the provider's consent page, or to the web app's callback page with `error=`",
          ),
        },
      }),
      params: oauthLogin.params,
    },
    handler: async (request, reply) => {
      const key = browserKeyOf(request) ?? oauth.newBrowserKey();
      setBrowserKey(ctx, reply, key);
      try {
        return await reply.redirect(await oauth.startLogin(ctx, request.params.provider, key));
      } catch (error) {
        if (!(error instanceof oauth.OauthFailure)) throw error;
        return reply.redirect(callbackPage(ctx, { error: error.message }));
      }
    },
  });

  // Raw: answers with a redirect back to the web app, not an envelope.
  app.route({
    method: oauthCallback.method,
    url: oauthCallback.path,
    config: strict,
    schema: {
      ...documentedSchema(oauthCallback, 'auth', {
        answers: {
          302: noBody("Redirect to the web app's callback page with `tempCode=` or `error=`"),
        },
      }),
      params: oauthCallback.params,
      querystring: oauthCallback.query,
    },
    handler: async (request, reply) => {
      try {
        const outcome = await oauth.finishCallback(
          ctx,
          request.params.provider,
          request.query,
          request.url.slice(request.url.indexOf('?') + 1 || request.url.length),
          browserKeyOf(request),
          originOf(request),
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
  });

  const exchange = ({ body, request }: RouteInput<typeof endpoints.oauthExchange>) =>
    oauth.exchangeTempCode(
      ctx,
      body.tempCode,
      browserKeyOf(request),
      body.clientInfo ?? {},
      originOf(request),
    );
  route(endpoints.oauthExchange, exchange, { config: strict });
  // The spec's "social login completion" call: the same trade.
  route(endpoints.oauthLoginCompletion, (input) => exchange(input), { config: strict });

  route(endpoints.oauthLinks, ({ userId }) => oauth.linksOf(ctx, userId));

  route(
    endpoints.oauthLink,
    async ({ userId, params, request, reply }) => {
      const key = browserKeyOf(request) ?? oauth.newBrowserKey();
      setBrowserKey(ctx, reply, key);
      try {
        return { url: await oauth.startLogin(ctx, params.provider, key, userId) };
      } catch (error) {
        if (!(error instanceof oauth.OauthFailure)) throw error;
        throw badRequest(ErrorCode.OAUTH_PROVIDER_DISABLED, error.message);
      }
    },
    { config: strict },
  );

  route(endpoints.oauthUnlink, ({ userId, params }) => oauth.unlink(ctx, userId, params.provider));

  route(endpoints.ssoEndSession, async ({ request }) => ({
    url: await oauth.ssoEndSessionFor(ctx, authOf(request)),
  }));
}
