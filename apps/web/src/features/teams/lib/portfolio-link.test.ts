import { describe, expect, it } from 'vitest';
import { portfolioHref } from './portfolio-link';

describe('portfolioHref', () => {
  it('links web addresses', () => {
    expect(portfolioHref('https://github.com/sky')).toBe('https://github.com/sky');
    expect(portfolioHref('http://example.com/p?q=1')).toBe('http://example.com/p?q=1');
    expect(portfolioHref('  HTTPS://Example.com  ')).toBe('HTTPS://Example.com');
  });

  it('shows anything else as text', () => {
    expect(portfolioHref(null)).toBeNull();
    expect(portfolioHref('')).toBeNull();
    expect(portfolioHref('github.com/sky')).toBeNull();
    expect(portfolioHref('javascript:alert(1)')).toBeNull();
    expect(portfolioHref('httpfoo')).toBeNull();
    expect(portfolioHref('https://')).toBeNull();
  });
});
