import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Who signs in at the fake provider next, in neutral terms (shaped per provider on output). */
export type FakePerson = {
  id: string;
  name: string;
  email?: string;
  emailVerified?: boolean;
  picture?: string;
};

type Grant = { person: FakePerson; redirectUri: string; challenge: string; used: boolean };

export type FakeOauthProvider = {
  url: string;
  clients: Record<'google' | 'kakao', { id: string; secret: string }>;
  /** The person the next authorization signs in as. */
  signInAs(provider: 'google' | 'kakao', person: FakePerson): void;
  /** The next authorization ends with `error=` (e.g. the person pressed cancel). */
  refuseNext(provider: 'google' | 'kakao', error: string): void;
  /** Every authorization request's query, for checking what the app sent. */
  authorizations: URLSearchParams[];
  close(): Promise<void>;
};

const shape = (provider: 'google' | 'kakao', person: FakePerson) =>
  provider === 'google'
    ? {
        sub: person.id,
        name: person.name,
        email: person.email,
        email_verified: person.emailVerified ?? false,
        picture: person.picture,
      }
    : {
        id: Number(person.id),
        kakao_account: {
          email: person.email,
          is_email_verified: person.emailVerified ?? false,
          is_email_valid: true,
          profile: { nickname: person.name, profile_image_url: person.picture },
        },
      };

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local OAuth 2.0 provider speaking the real protocol for tests: `/{p}/authorize` redirects
 * back with a code and the state, `/{p}/token` checks client credentials, redirect URI and the
 * PKCE S256 verifier before issuing an access token, `/{p}/userinfo` answers the person in
 * Google's or Kakao's shape.
 */
export async function startFakeOauthProvider(): Promise<FakeOauthProvider> {
  const clients = {
    google: { id: 'google-client', secret: 'google-secret' },
    kakao: { id: 'kakao-client', secret: 'kakao-secret' },
  };
  const next: Partial<Record<'google' | 'kakao', FakePerson>> = {};
  const refusals: Partial<Record<'google' | 'kakao', string>> = {};
  const grants = new Map<string, Grant & { provider: 'google' | 'kakao' }>();
  const tokens = new Map<string, { provider: 'google' | 'kakao'; person: FakePerson }>();
  const authorizations: URLSearchParams[] = [];

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const [, provider, action] = url.pathname.split('/') as [string, 'google' | 'kakao', string];
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (provider !== 'google' && provider !== 'kakao') return json(404, { error: 'not_found' });
      if (action === 'authorize') {
        authorizations.push(url.searchParams);
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
        const refusal = refusals[provider];
        const person = next[provider];
        if (refusal || !person || url.searchParams.get('client_id') !== clients[provider].id) {
          delete refusals[provider];
          redirect.searchParams.set('error', refusal ?? 'unauthorized_client');
        } else {
          const code = randomBytes(16).toString('hex');
          grants.set(code, {
            provider,
            person,
            redirectUri: url.searchParams.get('redirect_uri') ?? '',
            challenge: url.searchParams.get('code_challenge') ?? '',
            used: false,
          });
          redirect.searchParams.set('code', code);
        }
        response.writeHead(302, { location: redirect.toString() });
        return response.end();
      }
      if (action === 'token' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const grant = grants.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        const valid =
          grant !== undefined &&
          !grant.used &&
          grant.provider === provider &&
          form.get('client_id') === clients[provider].id &&
          form.get('client_secret') === clients[provider].secret &&
          form.get('redirect_uri') === grant.redirectUri &&
          challenge === grant.challenge;
        if (!valid) return json(400, { error: 'invalid_grant' });
        grant.used = true;
        const accessToken = randomBytes(16).toString('hex');
        tokens.set(accessToken, { provider, person: grant.person });
        return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
      }
      if (action === 'userinfo') {
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        const found = tokens.get(token);
        if (!found || found.provider !== provider) return json(401, { error: 'invalid_token' });
        return json(200, shape(provider, found.person));
      }
      return json(404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clients,
    signInAs: (provider, person) => {
      next[provider] = person;
    },
    refuseNext: (provider, error) => {
      refusals[provider] = error;
    },
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
