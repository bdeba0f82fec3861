import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type {
  Adapter,
  AdapterPayload,
  Configuration,
  InteractionResults,
  KoaContextWithOIDC,
  Provider as OidcProvider,
} from 'oidc-provider';

export type IssuerAccount = { sub: string; email?: string; emailVerified?: boolean; name?: string };
export type OidcIssuerOptions = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
};
export interface OidcIssuer {
  /** e.g. http://127.0.0.1:54321 (no trailing slash); its discovery is at /.well-known/openid-configuration */
  readonly issuer: string;
  /**
   * Follows `authorizationUrl` as a browser would (its own cookie jar, per call), signing in as
   * `account` and granting the requested scopes without any page, and answers the URL the provider
   * finally redirects the browser to (the client's redirect_uri with code & state, or with error=),
   * WITHOUT requesting that URL.
   */
  authorize(authorizationUrl: string, account: IssuerAccount): Promise<URL>;
  /** Follows an end-session (RP-initiated logout) URL as a browser, confirming the logout, and answers where the provider finally redirects (the post_logout_redirect_uri, with state if given) without requesting it. */
  endSession(endSessionUrl: string): Promise<URL>;
  /** How many times the token endpoint was called (to show a replayed code is refused). */
  readonly tokenRequests: number;
  close(): Promise<void>;
}

/** Sent by the issuer's own "browser" on every request: the interaction page reads who signs in. */
const browserHeader = 'x-test-browser';
const tokenPath = '/token';

/**
 * oidc-provider warns once, when its module is evaluated, that Node 20 is not a runtime it
 * supports (the flows used here work on it: oidc-issuer.test.ts); that one line is left out.
 */
let providerModule: Promise<{ Provider: typeof OidcProvider }> | undefined;
function loadProvider(): Promise<{ Provider: typeof OidcProvider }> {
  providerModule ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      const [first] = args;
      if (typeof first === 'string' && first.includes('oidc-provider WARNING: Unsupported runtime'))
        return;
      warn(...args);
    };
    try {
      return await import('oidc-provider');
    } finally {
      console.warn = warn;
    }
  })();
  return providerModule;
}

/** The models whose records a grant owns (revoked with it, e.g. when a code is replayed). */
const grantable = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken']);

/**
 * The provider's storage, in memory and per issuer (its own quick-start adapter is shared by the
 * whole process and warns on start).
 */
function memoryAdapter(): (model: string) => Adapter {
  type Entry = { model: string; payload: AdapterPayload; expiresAt: number | undefined };
  const store = new Map<string, Entry>();
  const sessionsByUid = new Map<string, string>();
  const read = (key: string) => {
    const entry = store.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry?.payload;
  };
  return (model) => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : undefined;
        store.set(keyOf(id), { model, payload, expiresAt });
        if (model === 'Session' && payload.uid) sessionsByUid.set(payload.uid, id);
      },
      async find(id) {
        return read(keyOf(id));
      },
      async findByUid(uid) {
        const id = sessionsByUid.get(uid);
        return id === undefined ? undefined : read(keyOf(id));
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = read(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        const payload = read(keyOf(id));
        if (model === 'Session' && payload?.uid) sessionsByUid.delete(payload.uid);
        store.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const [key, entry] of store) {
          if (grantable.has(entry.model) && entry.payload.grantId === grantId) store.delete(key);
        }
      },
    };
  };
}

/** A browser's cookies for one origin (the issuer's): name, value, path and expiry only. */
class CookieJar {
  #cookies: { name: string; value: string; path: string; expiresAt: number | undefined }[] = [];

  store(url: URL, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      let path = url.pathname.slice(0, url.pathname.lastIndexOf('/')) || '/';
      let expiresAt: number | undefined;
      let maxAge: number | undefined;
      for (const attribute of attributes) {
        const at = attribute.indexOf('=');
        const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
        const attributeValue = at === -1 ? '' : attribute.slice(at + 1).trim();
        if (key === 'path' && attributeValue.startsWith('/')) path = attributeValue;
        else if (key === 'expires') expiresAt = Date.parse(attributeValue);
        else if (key === 'max-age') maxAge = Number(attributeValue);
      }
      if (maxAge !== undefined && Number.isFinite(maxAge)) expiresAt = Date.now() + maxAge * 1000;
      this.#cookies = this.#cookies.filter(
        (cookie) => !(cookie.name === name && cookie.path === path),
      );
      if (expiresAt === undefined || expiresAt > Date.now())
        this.#cookies.push({ name, value, path, expiresAt });
    }
  }

  header(url: URL): string {
    const now = Date.now();
    const sent = this.#cookies
      .filter(
        (cookie) =>
          (cookie.expiresAt === undefined || cookie.expiresAt > now) &&
          (url.pathname === cookie.path ||
            (url.pathname.startsWith(cookie.path) &&
              (cookie.path.endsWith('/') || url.pathname[cookie.path.length] === '/'))),
      )
      .sort((a, b) => b.path.length - a.path.length);
    return sent.length ? sent.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : '';
  }
}

const decodeHtml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
const attributeOf = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : decodeHtml(match[1]);
};

/** The first form of a page the provider rendered: where it posts and its hidden inputs. */
function formOf(html: string): { action: string; fields: URLSearchParams } | undefined {
  const form = /<form\s[^>]*>/.exec(html);
  const action = form ? attributeOf(form[0], 'action') : undefined;
  if (!form || action === undefined) return undefined;
  const end = html.indexOf('</form>', form.index);
  const fields = new URLSearchParams();
  for (const [input] of html
    .slice(form.index, end === -1 ? undefined : end)
    .matchAll(/<input\s[^>]*>/g)) {
    const name = attributeOf(input, 'name');
    if (name !== undefined) fields.set(name, attributeOf(input, 'value') ?? '');
  }
  return { action, fields };
}

/** The `sub` of an ID token, read without checking it (only to pick the browser that holds it). */
function subjectOf(idToken: string | null): string | undefined {
  const payload = idToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    const sub = (claims as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A real OpenID Connect provider for tests: oidc-provider (OpenID certified) on 127.0.0.1 with
 * one confidential client (authorization code flow, PKCE S256 required, RS256 ID tokens signed
 * with a key made at start), RP-initiated logout, and no pages: `authorize` plays the browser and
 * the interaction endpoint signs in and consents for it.
 */
export async function startOidcIssuer(options: OidcIssuerOptions): Promise<OidcIssuer> {
  const { Provider } = await loadProvider();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };

  /** Everyone who signed in, by sub: what findAccount answers. */
  const accounts = new Map<string, IssuerAccount>();
  /** Who signs in, by the browser (one per `authorize` call) that asks. */
  const browsers = new Map<string, IssuerAccount>();
  /** The latest browser that signed in as each sub, for `endSession` to end that session. */
  const jarsBySub = new Map<string, CookieJar>();
  let tokenRequests = 0;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // oidc-provider takes the secret in the Authorization header or in the body for either.
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The scopes' claims in the ID token too, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = `<!DOCTYPE html><html><body>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></body></html>`;
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'text';
          ctx.body = 'signed out';
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () =>
          Object.fromEntries(
            Object.entries({
              sub,
              email: account.email,
              email_verified: account.emailVerified,
              name: account.name,
            }).filter(([, value]) => value !== undefined),
          ),
      };
    },
    renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'text';
      ctx.body = Object.entries(out)
        .map(([key, value]) => `${key}: ${value}`)
        .join('\n');
    },
    clientBasedCORS: () => true,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerListener = provider.callback();

  /** The interaction page: signs this browser's account in, then grants what the client asked. */
  async function interact(request: http.IncomingMessage, response: http.ServerResponse) {
    const interaction = await provider.interactionDetails(request, response);
    const browser = request.headers[browserHeader];
    const account = typeof browser === 'string' ? browsers.get(browser) : undefined;
    let result: InteractionResults;
    if (!account) {
      result = { error: 'access_denied', error_description: 'no account signs in in this browser' };
    } else if (interaction.prompt.name === 'login') {
      result = { login: { accountId: account.sub } };
    } else if (interaction.prompt.name === 'consent') {
      const { details } = interaction.prompt;
      const grant =
        (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
        new provider.Grant({
          accountId: interaction.session?.accountId ?? account.sub,
          clientId: interaction.params.client_id,
        });
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {}))
        grant.addResourceScope(resource, scopes.join(' '));
      result = { consent: { grantId: await grant.save() } };
    } else {
      result = { error: 'access_denied', error_description: `no ${interaction.prompt.name} here` };
    }
    await provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: false,
    });
  }

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const { pathname } = new URL(request.url ?? '/', issuer);
    if (pathname === tokenPath) tokenRequests += 1;
    const answer = pathname.startsWith('/interaction/')
      ? interact(request, response)
      : providerListener(request, response);
    void answer.catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`the test issuer failed: ${String(error)}`);
    });
  });

  /** Requests as a browser from `start` until the provider sends it to another origin. */
  async function browse(
    start: string,
    jar: CookieJar,
    browser: string,
    submitForms: boolean,
  ): Promise<URL> {
    let url = new URL(start);
    if (url.origin !== new URL(issuer).origin) throw new Error(`${start} is not at ${issuer}`);
    let method = 'GET';
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 20; step += 1) {
      if (url.origin !== new URL(issuer).origin) return url;
      const headers: Record<string, string> = { [browserHeader]: browser, accept: 'text/html' };
      const cookie = jar.header(url);
      if (cookie) headers.cookie = cookie;
      const response = await fetch(url, { method, headers, body, redirect: 'manual' });
      jar.store(url, response.headers.getSetCookie());
      const location = response.headers.get('location');
      const page = await response.text();
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        method = 'GET';
        body = undefined;
        continue;
      }
      const form = submitForms && response.status === 200 ? formOf(page) : undefined;
      if (form) {
        // The logout page's "Yes, sign me out" button (outside the form) sends logout=yes.
        if (!form.fields.has('logout')) form.fields.set('logout', 'yes');
        url = new URL(form.action, url);
        method = 'POST';
        body = form.fields;
        continue;
      }
      throw new Error(
        `${method} ${url.pathname} answered ${response.status} without sending the browser on:\n${page.slice(0, 1000)}`,
      );
    }
    throw new Error(`${start} redirected more than 20 times`);
  }

  return {
    issuer,
    get tokenRequests() {
      return tokenRequests;
    },
    async authorize(authorizationUrl, account) {
      accounts.set(account.sub, { ...account });
      const browser = randomUUID();
      browsers.set(browser, account);
      const jar = new CookieJar();
      try {
        const landing = await browse(authorizationUrl, jar, browser, false);
        jarsBySub.set(account.sub, jar);
        return landing;
      } finally {
        browsers.delete(browser);
      }
    },
    async endSession(endSessionUrl) {
      const sub = subjectOf(new URL(endSessionUrl).searchParams.get('id_token_hint'));
      const jar = (sub === undefined ? undefined : jarsBySub.get(sub)) ?? new CookieJar();
      return browse(endSessionUrl, jar, randomUUID(), true);
    },
    async close() {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeAllConnections();
      await closed;
    },
  };
}
