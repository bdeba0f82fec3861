import type { LoginResponse } from '@teamup/contracts/auth';
import { authRoutes } from './first-load-endpoints';
import { pathOf } from '@teamup/contracts/path-of';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { ko } from '../i18n/ko';
import { ApiError, ClientErrorCode } from './api-error';
import { tokenStore } from './token-store';
import { fetchWithUploadProgress } from './upload-progress-fetch';

/** Every call goes to the same origin under /api (Vite proxies it in development). */
export const API_BASE = '/api';

/** 401 codes that mean "the access token is no good": one refresh, then one retry. */
const REFRESHABLE_CODES: ReadonlySet<string> = new Set([
  ErrorCode.AUTH_REQUIRED,
  ErrorCode.TOKEN_INVALID,
  ErrorCode.TOKEN_EXPIRED,
  ErrorCode.SESSION_REVOKED,
]);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart as it is. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** The Accept header; JSON unless a file is asked for. */
  accept?: string;
  /** For a FormData body: hears the share of it sent (0 to 1); sent over XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
}

type SessionExpiredListener = (error: ApiError) => void;
const sessionExpiredListeners = new Set<SessionExpiredListener>();

/** Heard when a refresh failed and the tokens were cleared: the app goes to /login. */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

function expireSession(error: ApiError): ApiError {
  const hadSession = Boolean(tokenStore.getAccessToken() ?? tokenStore.getRefreshToken());
  tokenStore.clear();
  if (hadSession) for (const listener of sessionExpiredListeners) listener(error);
  return error;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function networkError(cause: unknown): ApiError {
  return new ApiError(0, ClientErrorCode.NETWORK_ERROR, ko.errors.network, cause);
}

async function send(
  path: string,
  options: ApiRequestOptions,
  accessToken: string | null,
): Promise<Response> {
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  if (accessToken) {
    headers.set('Authorization', `Bearer ${accessToken}`);
    const userId = tokenStore.getUserId();
    if (userId) headers.set('Account-Id', userId);
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  try {
    if (options.onUploadProgress && body instanceof FormData) {
      const init = { method, headers, body, ...(options.signal ? { signal: options.signal } : {}) };
      return await fetchWithUploadProgress(url, init, options.onUploadProgress);
    }
    return await fetch(url, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError(error);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (!header) return undefined;
  const value = Number(header);
  if (Number.isFinite(value)) return Math.max(0, Math.ceil(value));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Turns a failed answer into an ApiError: the problem's code and detail, or 'HTTP {status}'. */
function toApiError(response: Response, body: unknown): ApiError {
  const retryAfter = retryAfterOf(response);
  if (isRecord(body) && typeof body.code === 'string') {
    const detail = typeof body.detail === 'string' && body.detail ? body.detail : '';
    return new ApiError(response.status, body.code, detail, body, retryAfter);
  }
  return new ApiError(
    response.status,
    ClientErrorCode.HTTP_ERROR,
    `HTTP ${response.status}`,
    body,
    retryAfter,
  );
}

/** Unwraps the `{data, message?}` envelope; 204 and empty answers give undefined. */
function unwrap(body: unknown): unknown {
  if (isRecord(body) && 'data' in body) return body.data;
  return body;
}

let refreshing: Promise<string> | null = null;

async function refreshTokens(): Promise<string> {
  const refreshToken = tokenStore.getRefreshToken();
  if (!refreshToken) {
    throw expireSession(new ApiError(401, ErrorCode.AUTH_REQUIRED, ko.errors.authRequired));
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(pathOf(authRoutes.refresh)), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch (error) {
    // The server was not reached: the tokens may still be good, so they are kept.
    throw networkError(error);
  }
  const body = await readBody(response);
  if (!response.ok) {
    const refused = toApiError(response, body);
    // Overload or an outage says nothing about the refresh token: keep it and report the error.
    if (response.status === 429 || response.status >= 500) throw refused;
    throw expireSession(
      new ApiError(
        401,
        ClientErrorCode.SESSION_EXPIRED,
        // A deactivated account is told so (the server's Korean), not that its login expired.
        refused.code === ErrorCode.ACCOUNT_DEACTIVATED ? refused.detail : ko.errors.sessionExpired,
        body,
        refused.retryAfterSeconds,
      ),
    );
  }
  const data = unwrap(body) as Partial<LoginResponse> | undefined;
  if (!data?.token || !data.refreshToken) {
    throw expireSession(
      new ApiError(401, ClientErrorCode.SESSION_EXPIRED, ko.errors.sessionExpired, body),
    );
  }
  tokenStore.save({ token: data.token, refreshToken: data.refreshToken, userId: data.user?.id });
  return data.token;
}

/**
 * A fresh access token. Concurrent callers share one refresh call (single flight): refresh
 * tokens are single use, and presenting a spent one signs the whole session out.
 */
function renewAccessToken(staleToken: string | null): Promise<string> {
  const current = tokenStore.getAccessToken();
  if (current && current !== staleToken && !refreshing) return Promise.resolve(current);
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * A new access token for a long-lived connection whose token is about to expire (the meeting
 * socket re-authenticates with it); shares the single refresh flight with the calls.
 */
export function renewAccessTokenFor(tokenInUse: string | null): Promise<string> {
  return renewAccessToken(tokenInUse);
}

/**
 * Calls the API. Sends the bearer token and Account-Id when logged in, unwraps `{data}`, and
 * throws ApiError for any failure. A 401 meaning "token no good" triggers one shared refresh
 * and one retry; other 401s (wrong password, wrong credentials) are plain errors.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  return unwrap(await readBody(response)) as T;
}

/**
 * The raw answer of a call, for what is not JSON (file downloads and previews). Same token,
 * Account-Id and one-refresh rule as apiRequest; a failure throws ApiError, and a good answer
 * comes back with its body unread.
 */
export async function apiFetch(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const token = tokenStore.getAccessToken();
  let response = await send(path, options, token);
  if (response.status === 401) {
    const body = await readBody(response.clone());
    if (isRecord(body) && REFRESHABLE_CODES.has(String(body.code))) {
      const fresh = await renewAccessToken(token);
      response = await send(path, options, fresh);
    }
  }
  if (!response.ok) throw toApiError(response, await readBody(response));
  return response;
}

type Options = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
