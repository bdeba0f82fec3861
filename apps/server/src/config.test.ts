import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy, trustProxyOption } from './config';

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
