import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { PersonalTokenScope } from '@teamup/contracts/tokens';
import { unauthorized } from '../errors/app-error';

export type AccessClaims = {
  userId: number;
  sessionId: number;
  /** A personal access token's scopes; absent for a browser session (it may do everything). */
  scopes?: readonly PersonalTokenScope[];
  /**
   * A personal access token's expiry (epoch ms, by the app's clock), null for one that lasts until
   * revoked; absent for a browser session's token, which carries its own (`exp`).
   */
  expiresAtMs?: number | null;
};

/**
 * Whether a compact JWS is spelled the one way its bytes can be: each part unpadded base64url
 * that encodes back to itself. Base64url has spare bits in a part's last character (a 32-byte
 * HMAC is 43 characters, 258 bits), and a decoder ignores them: a signature's last character
 * changed within them gives a second string that verifies. Only this spelling is accepted, so a
 * token is one string, and whatever is kept by the string (a spent challenge, a remembered
 * verification) holds for the token.
 */
export function isCanonicalJws(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every(
      (part) =>
        /^[A-Za-z0-9_-]+$/.test(part) &&
        Buffer.from(part, 'base64url').toString('base64url') === part,
    )
  );
}

/** How many verified tokens are remembered (a few MiB at most); all are forgotten past it. */
const VERIFIED_KEPT = 10_000;

/**
 * Signs and checks short-lived access JWTs (HS256). A token already verified is remembered until
 * its expiry, so the requests a client makes with it skip the signature check (jose's HMAC over
 * WebCrypto, the most expensive step of an authenticated call after the database): the same
 * string was signed by this key, and it is refused once expired exactly as jose refuses it
 * (`exp` at or before now). Whether its session is still active is asked on every request anyway
 * (the session cache).
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return { ...known.claims };
      this.verified.delete(token);
    }
    try {
      if (!isCanonicalJws(token)) throw new Error('not the canonical spelling');
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const sessionId = Number(payload['sid']);
      if (!Number.isInteger(userId) || !Number.isInteger(sessionId)) throw new Error('claims');
      const claims = { userId, sessionId };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
        this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      }
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw unauthorized(ErrorCode.TOKEN_EXPIRED, '인증이 만료되었습니다. 다시 로그인해주세요.');
      }
      throw unauthorized(ErrorCode.TOKEN_INVALID, '인증이 필요합니다. 로그인해주세요.');
    }
  }
}

/** What a short-lived purpose token (not an access token) is for. */
export type TokenPurpose = 'login-2fa' | 'digest-unsubscribe';

/**
 * A short-lived signed token for one step of a flow (the second login step), bound to a user and
 * a purpose. It carries no session id, so `AccessTokens.verify` never takes it for an access token.
 */
export class PurposeTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(`${secret}:purpose`);
  }

  /** `detail`: one string the flow's next step reads back (the login-2fa: how the login began). */
  sign(
    purpose: TokenPurpose,
    userId: number,
    ttlSeconds: number,
    detail?: string,
  ): Promise<string> {
    // A unique id: a token spent once (see two-factor passChallenge) then names only itself.
    return new SignJWT(detail === undefined ? {} : { detail })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setAudience(`teamup:${purpose}`)
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * The user and the token's unique id (what single use is kept by: the id names the token
   * however it is spelled), or null when the token is bad, expired, for another purpose, or not
   * in its canonical spelling.
   */
  async verify(
    purpose: TokenPurpose,
    token: string,
  ): Promise<{ userId: number; tokenId: string; detail: string | undefined } | null> {
    if (!isCanonicalJws(token)) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: `teamup:${purpose}`,
      });
      const userId = Number(payload.sub);
      const tokenId = payload.jti;
      if (!Number.isInteger(userId) || typeof tokenId !== 'string' || tokenId === '') return null;
      const detail = typeof payload.detail === 'string' ? payload.detail : undefined;
      return { userId, tokenId, detail };
    } catch {
      return null;
    }
  }
}

/**
 * An opaque random token for the client and the SHA-256 hash we store instead of it. It is looked
 * up by the hash of the string as given, never decoded: another spelling of the same bytes is
 * another hash, found nowhere.
 */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
