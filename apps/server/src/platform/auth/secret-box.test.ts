import { describe, expect, it } from 'vitest';
import { SecretBox, secretBoxFor } from './secret-box';

describe('SecretBox', () => {
  it('opens what it sealed, and nothing sealed under another secret or altered', () => {
    const box = new SecretBox('server-secret-one');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    expect(() => new SecretBox('another-secret').open(sealed)).toThrow();
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('x').toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow();
  });

  it('opens values sealed under a previous secret, says they are stale, and seals under the new one', () => {
    const old = new SecretBox('jwt-secret');
    const sealedOld = old.seal('SEED');
    const box = secretBoxFor('data-key', 'jwt-secret');
    expect(box.unseal(sealedOld)).toEqual({ plain: 'SEED', stale: true });
    const sealedNew = box.seal('SEED');
    expect(box.unseal(sealedNew)).toEqual({ plain: 'SEED', stale: false });
    // Sealed under the data key: a new JWT secret still opens it, the JWT secret alone does not.
    expect(secretBoxFor('data-key', 'rotated-jwt-secret').open(sealedNew)).toBe('SEED');
    expect(() => old.open(sealedNew)).toThrow();
    // No data key: the JWT secret seals, as before.
    expect(secretBoxFor(undefined, 'jwt-secret').unseal(sealedOld)).toEqual({
      plain: 'SEED',
      stale: false,
    });
  });
});
