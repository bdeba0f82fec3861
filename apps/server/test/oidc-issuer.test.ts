import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  buildEndSessionUrl,
  calculatePKCECodeChallenge,
  ClientSecretBasic,
  type Configuration,
  discovery,
  fetchUserInfo,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
} from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IssuerAccount, type OidcIssuer, startOidcIssuer } from './oidc-issuer';

// The RP's URLs are never requested: `authorize` and `endSession` answer where they would go.
const clientId = 'teamup-test';
const clientSecret = 'teamup-test-secret';
const redirectUri = 'http://127.0.0.1:9/api/auth/oidc/callback';
const postLogoutRedirectUri = 'http://127.0.0.1:9/signed-out';
const alice: IssuerAccount = {
  sub: 'alice-1',
  email: 'alice@example.com',
  emailVerified: true,
  name: 'Alice Kim',
};

let issuer: OidcIssuer;
let config: Configuration;

beforeAll(async () => {
  issuer = await startOidcIssuer({
    clientId,
    clientSecret,
    redirectUris: [redirectUri],
    postLogoutRedirectUris: [postLogoutRedirectUri],
  });
  config = await discovery(new URL(issuer.issuer), clientId, clientSecret, undefined, {
    execute: [allowInsecureRequests],
  });
});
afterAll(async () => {
  await issuer?.close();
});

/** One authorization request as the RP sends it (PKCE S256, state, nonce). */
async function request(params: Record<string, string> = {}, rp: Configuration = config) {
  const pkceCodeVerifier = randomPKCECodeVerifier();
  const expectedState = randomState();
  const expectedNonce = randomNonce();
  const url = buildAuthorizationUrl(rp, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: 'S256',
    state: expectedState,
    nonce: expectedNonce,
    ...params,
  });
  return { url, checks: { pkceCodeVerifier, expectedState, expectedNonce, idTokenExpected: true } };
}

/** Signs `account` in through the RP's client and answers its tokens. */
async function signIn(account: IssuerAccount, rp: Configuration = config) {
  const { url, checks } = await request({}, rp);
  const callback = await issuer.authorize(url.href, account);
  return authorizationCodeGrant(rp, callback, checks);
}

describe('the test OIDC issuer', () => {
  it('publishes its discovery document at the issuer, over http', () => {
    const metadata = config.serverMetadata();
    expect(issuer.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(metadata.issuer).toBe(issuer.issuer);
    expect(metadata.response_types_supported).toContain('code');
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.id_token_signing_alg_values_supported).toContain('RS256');
    expect(metadata.end_session_endpoint).toBe(`${issuer.issuer}/session/end`);
  });

  it('signs in with the authorization code flow and PKCE, and refuses the code a second time', async () => {
    const { url, checks } = await request();
    const callback = await issuer.authorize(url.href, alice);

    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(checks.expectedState);
    expect(callback.searchParams.get('iss')).toBe(issuer.issuer);

    const before = issuer.tokenRequests;
    const tokens = await authorizationCodeGrant(config, callback, checks);
    expect(tokens.claims()).toMatchObject({
      iss: issuer.issuer,
      aud: clientId,
      sub: 'alice-1',
      email: 'alice@example.com',
      email_verified: true,
      name: 'Alice Kim',
      nonce: checks.expectedNonce,
    });
    expect(tokens.id_token?.split('.')[0]).toBeDefined();
    expect(
      JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()),
    ).toMatchObject({ alg: 'RS256' });
    await expect(fetchUserInfo(config, tokens.access_token, 'alice-1')).resolves.toEqual({
      sub: 'alice-1',
      email: 'alice@example.com',
      email_verified: true,
      name: 'Alice Kim',
    });

    await expect(authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
      status: 400,
    });
    expect(issuer.tokenRequests).toBe(before + 2);
    // A replayed code revokes what the first exchange issued.
    await expect(fetchUserInfo(config, tokens.access_token, 'alice-1')).rejects.toMatchObject({
      status: 401,
    });
  });

  it('signs each authorize call in afresh, as the account it is given', async () => {
    await signIn(alice);
    const bob = await signIn({ sub: 'bob-2' });
    expect(bob.claims()).toMatchObject({ sub: 'bob-2' });
    expect(bob.claims()).not.toHaveProperty('email');
    expect(bob.claims()).not.toHaveProperty('name');
  });

  it('takes the client secret in the Authorization header too', async () => {
    const basic = await discovery(
      new URL(issuer.issuer),
      clientId,
      clientSecret,
      ClientSecretBasic(clientSecret),
      { execute: [allowInsecureRequests] },
    );
    const tokens = await signIn(alice, basic);
    expect(tokens.claims()?.sub).toBe('alice-1');
  });

  it('shows an error page, and sends no one back, for an unregistered redirect_uri', async () => {
    const before = issuer.tokenRequests;
    const { url } = await request({ redirect_uri: 'http://127.0.0.1:9/elsewhere' });
    await expect(issuer.authorize(url.href, alice)).rejects.toThrow(
      /answered 400 without sending the browser on:\nerror: invalid_redirect_uri\n/,
    );
    expect(issuer.tokenRequests).toBe(before);
  });

  it('sends the browser back with error= when PKCE is missing', async () => {
    const { url, checks } = await request();
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const callback = await issuer.authorize(url.href, alice);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(callback.searchParams.get('state')).toBe(checks.expectedState);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('ends the session at the post-logout redirect URI, with the state', async () => {
    const tokens = await signIn(alice);
    const state = randomState();
    const logout = buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: postLogoutRedirectUri,
      state,
    });

    const landing = await issuer.endSession(logout.href);

    expect(`${landing.origin}${landing.pathname}`).toBe(postLogoutRedirectUri);
    expect(landing.searchParams.get('state')).toBe(state);
    // The browser's session ended, and with it the grant its tokens came from.
    await expect(fetchUserInfo(config, tokens.access_token, 'alice-1')).rejects.toMatchObject({
      status: 401,
    });
  });

  it('refuses an unregistered post_logout_redirect_uri', async () => {
    const tokens = await signIn(alice);
    const logout = buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'http://127.0.0.1:9/elsewhere',
    });
    await expect(issuer.endSession(logout.href)).rejects.toThrow(
      /post_logout_redirect_uri not registered/,
    );
  });
});
