import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { forbidden, unauthorized } from '../errors/app-error';
import { assertTokenMay, tokenAccessOfMethod, type TokenAccess } from './bearer';
import type { AccessClaims } from './tokens';

/** Answers whether a login session may still act (not revoked, not expired). */
export type SessionValidator = (claims: AccessClaims) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard; identity comes from the bearer token only. */
    auth: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** What a personal access token needs for the route (routesFor sets it from the endpoint). */
    tokenAccess?: TokenAccess;
  }
}

/** Verifies a bearer token of any kind (platform/auth/bearer.ts `verifyBearer`). */
export type BearerVerifier = (token: string) => Promise<AccessClaims>;

/** Reads the bearer token; undefined when none was sent. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S.*)$/i.exec(header);
  return match?.[1]?.trim();
}

/**
 * The Account-Id header and accountId query are legacy echoes of the caller; one that names
 * anyone else is refused, and neither ever changes who acts.
 */
function assertAccountEcho(request: FastifyRequest, userId: number) {
  const header = request.headers['account-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.['accountId'];
  for (const value of [header, query]) {
    if (value === undefined || value === '') continue;
    const text = Array.isArray(value)
      ? value.map(String).join(',')
      : typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);
    if (text !== String(userId)) {
      throw forbidden('다른 사용자의 계정으로 요청할 수 없습니다.', ErrorCode.ACCOUNT_MISMATCH);
    }
  }
}

const verified = new WeakMap<FastifyRequest, Promise<AccessClaims>>();

/**
 * The claims of the request's bearer token, verified once per request however many steps ask
 * (the rate limiter's key and the guard both do). Rejects like `tokens.verify`.
 */
export function verifiedClaimsOf(
  request: FastifyRequest,
  verify: BearerVerifier,
  token: string,
): Promise<AccessClaims> {
  let claims = verified.get(request);
  if (!claims) {
    claims = verify(token);
    verified.set(request, claims);
  }
  return claims;
}

export function createAuthGuard(verify: BearerVerifier, isSessionActive: SessionValidator) {
  return async function requireAuth(request: FastifyRequest): Promise<void> {
    const token = bearerOf(request);
    if (!token) throw unauthorized(ErrorCode.AUTH_REQUIRED, '인증이 필요합니다. 로그인해주세요.');
    const claims = await verifiedClaimsOf(request, verify, token);
    if (!(await isSessionActive(claims))) {
      throw unauthorized(ErrorCode.SESSION_REVOKED, '인증이 만료되었습니다. 다시 로그인해주세요.');
    }
    // Only a personal access token has scopes; a route registered without routesFor still has a
    // need: its method's.
    if (claims.scopes) {
      assertTokenMay(
        claims,
        request.routeOptions.config.tokenAccess ?? tokenAccessOfMethod(request.method),
      );
    }
    assertAccountEcho(request, claims.userId);
    request.auth = claims;
  };
}

/** The caller's claims inside a guarded handler. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth)
    throw unauthorized(ErrorCode.AUTH_REQUIRED, '인증이 필요합니다. 로그인해주세요.');
  return request.auth;
}
