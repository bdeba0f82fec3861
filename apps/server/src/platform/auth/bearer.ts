import type { Endpoint } from '@teamup/contracts/endpoint';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { tokenMessages } from '@teamup/contracts/tokens';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../errors/app-error';
import type { AccessClaims } from './tokens';

/**
 * The claims of a bearer token of any kind: a kind a module issues (a personal access token,
 * told by its prefix) or else the access JWT. Rejects like `AccessTokens.verify`. Every way in
 * (HTTP guard, rate-limit key, STOMP, the WebSocket upgrade) asks here, so a kind of token is
 * accepted everywhere or nowhere.
 */
export async function verifyBearer(ctx: AppContext, token: string): Promise<AccessClaims> {
  for (const kind of ctx.hooks.bearerTokens) {
    if (!token.startsWith(kind.prefix)) continue;
    const claims = await kind.resolve(ctx, token);
    if (!claims) throw unauthorized(ErrorCode.TOKEN_INVALID, '인증이 필요합니다. 로그인해주세요.');
    return claims;
  }
  return ctx.tokens.verify(token);
}

/**
 * What a personal access token needs to make a call: `session` for a call only a browser session
 * may make (the endpoint's `auth: 'session'`), or the scope (decision 0051).
 */
export type TokenAccess = 'session' | 'read' | 'write' | 'chat';

/** A route's need when it declares none: reading for GET and HEAD, writing otherwise. */
export function tokenAccessOfMethod(method: string): TokenAccess {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/** What a personal access token needs for the endpoint: its declaration, else its method's. */
export function tokenAccessOf(endpoint: Endpoint): TokenAccess {
  if (endpoint.auth === 'session') return 'session';
  return endpoint.tokenScope ?? tokenAccessOfMethod(endpoint.method);
}

/** Whether the claims may make a call that needs `access`: a browser session may make every one. */
export function tokenMay(claims: AccessClaims, access: TokenAccess): boolean {
  if (!claims.scopes) return true;
  return access !== 'session' && claims.scopes.includes(access);
}

/** Refuses a personal access token without what the call needs, saying what it lacks. */
export function assertTokenMay(claims: AccessClaims, access: TokenAccess): void {
  if (tokenMay(claims, access)) return;
  if (access === 'session') {
    throw forbidden(tokenMessages.sessionOnly, ErrorCode.PERSONAL_TOKEN_NOT_ALLOWED);
  }
  throw forbidden(tokenMessages.scopeMissing(access), ErrorCode.PERSONAL_TOKEN_SCOPE);
}
