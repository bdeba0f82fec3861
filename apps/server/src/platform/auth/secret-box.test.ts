import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

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
});
