import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy, trustProxyOption } from './config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/teamup-config-test' };

describe('config', () => {
  it('refuses a JWT_SECRET shorter than 32 bytes with a clear message', () => {
    expect(() => loadConfig({ ...base, JWT_SECRET: 'too-short-secret' })).toThrow(
      /JWT_SECRET is too short: it must be at least 32 bytes/,
    );
    // 31 bytes is one short; 32 is enough. Bytes, not characters: 11 Hangul syllables are 33.
    expect(() => loadConfig({ ...base, JWT_SECRET: 'x'.repeat(31) })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ ...base, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    expect(loadConfig({ ...base, JWT_SECRET: '가'.repeat(11) }).jwtSecret).toBe('가'.repeat(11));
    // Unset: generated into DATA_DIR, as before.
    expect(loadConfig(base).jwtSecret).toBeUndefined();
  });

  it('takes DATA_ENCRYPTION_KEY of at least 32 bytes, and leaves it unset by default', () => {
    expect(() => loadConfig({ ...base, DATA_ENCRYPTION_KEY: 'x'.repeat(31) })).toThrow(
      /DATA_ENCRYPTION_KEY is too short: it must be at least 32 bytes/,
    );
    const key = 'k'.repeat(32);
    expect(loadConfig({ ...base, DATA_ENCRYPTION_KEY: key }).dataEncryptionKey).toBe(key);
    expect(loadConfig(base).dataEncryptionKey).toBeUndefined();
  });

  it('refuses, in production as elsewhere, a secret holding a placeholder of .env.example', () => {
    const published = 'change-me-to-the-output-of-openssl-rand-hex-32-jwt';
    for (const env of ['production', 'test', 'development']) {
      const refused = () => loadConfig({ ...base, NODE_ENV: env, JWT_SECRET: published });
      expect(refused, env).toThrow(ConfigError);
      expect(refused, env).toThrow(
        /^Invalid configuration:\nJWT_SECRET holds a placeholder published in \.env\.example: replace it with a secret of your own/,
      );
    }
    // Inside a URL too: compose builds DATABASE_URL from DEPLOY_POSTGRES_PASSWORD.
    expect(() =>
      loadConfig({
        ...base,
        DATABASE_URL: 'postgres://teamup:change-me-postgres-password@postgres:5432/teamup',
      }),
    ).toThrow(/DATABASE_URL holds a placeholder/);
    // A secret of one's own is taken.
    expect(loadConfig({ ...base, JWT_SECRET: 'a'.repeat(64) }).jwtSecret).toBe('a'.repeat(64));
  });

  it('polls for due jobs every second and catches up a day by default; refuses a zero poll', () => {
    expect(loadConfig(base).jobs).toEqual({ pollMs: 1000, catchUpMs: 24 * 3_600_000 });
    expect(loadConfig({ ...base, JOBS_POLL_MS: '250', JOBS_CATCH_UP_HOURS: '1.5' }).jobs).toEqual({
      pollMs: 250,
      catchUpMs: 5_400_000,
    });
    expect(() => loadConfig({ ...base, JOBS_POLL_MS: '0' })).toThrow(/JOBS_POLL_MS/);
    expect(() => loadConfig({ ...base, JOBS_CATCH_UP_HOURS: '0' })).toThrow(/JOBS_CATCH_UP_HOURS/);
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/1', ',']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('hands Fastify a hop count as a function trusting that many hops', () => {
    const trust = trustProxyOption(1);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('203.0.113.1', 0)).toBe(true);
    expect(trust('198.51.100.1', 1)).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['127.0.0.1'])).toEqual(['127.0.0.1']);
  });
});
