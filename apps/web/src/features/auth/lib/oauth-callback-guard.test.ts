// @vitest-environment jsdom
// jsdom: the guard keeps its claims in sessionStorage.
import { afterEach, describe, expect, it } from 'vitest';
import { claimOauthCallback } from './oauth-callback-guard';

afterEach(() => window.sessionStorage.clear());

describe('claimOauthCallback', () => {
  it('lets one callback be processed once within 5 s, and a new callback at once', () => {
    expect(claimOauthCallback('code-a', 1_000)).toBe(true);
    expect(claimOauthCallback('code-a', 2_000)).toBe(false);
    expect(claimOauthCallback('code-b', 2_500)).toBe(true);
    expect(claimOauthCallback('code-b', 8_000)).toBe(true);
  });
});
