import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { User } from '@teamup/contracts/users';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, routes, stubApi } from '../../../test/stub-api';
import { AccountSettingsPage } from './account-settings-page';

const user: User = {
  id: 3,
  name: '김하늘',
  email: 'sky@example.com',
  age: null,
  mbti: null,
  disposition: null,
  hashtags: [],
  introduction: null,
  portfolio: null,
  preferWorkstyle: null,
  dislikeWorkstyle: null,
  profileImageUrl: null,
  provider: 'LOCAL',
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'USER',
  profilePromptPending: false,
};

/** The server's answers: which providers are configured, which are linked. */
function stubAccount(options: {
  providers: { google: boolean; kakao: boolean } | null;
  links: { google: boolean; kakao: boolean };
}) {
  stubApi(
    routes({
      '/api/auth/providers': () => (options.providers ? ok(options.providers) : undefined),
      '/api/auth/oauth/links': () => ok({ ...options.links, hasPassword: true }),
      '/api/auth/sessions': () => ok([]),
    }),
    { user },
  );
}

const renderAccount = () =>
  renderPage('/my-page/account-settings', <AccountSettingsPage />, '/my-page/account-settings');

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AccountSettingsPage, linked social accounts', () => {
  it('shows no social section at all when the server offers no social login', async () => {
    stubAccount({ providers: null, links: { google: false, kakao: false } });
    renderAccount();
    await screen.findByText('계정 정보');
    // Give the providers and links calls time to answer.
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.some(([url]) => typeof url === 'string' && url.endsWith('/links')),
      ).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('연결된 소셜 계정')).toBeNull();
    expect(screen.queryByText('연결 안 됨')).toBeNull();
    expect(screen.queryByTestId('linked-google')).toBeNull();
    expect(screen.queryByTestId('linked-kakao')).toBeNull();
  });

  it('lists only the configured provider, with the action to link it', async () => {
    stubAccount({
      providers: { google: true, kakao: false },
      links: { google: false, kakao: false },
    });
    renderAccount();
    const google = await screen.findByTestId('linked-google');
    expect(google.textContent).toContain('연결 안 됨');
    expect(screen.getByTestId('link-google').textContent).toContain('연결하기');
    expect(screen.queryByTestId('linked-kakao')).toBeNull();
    expect(screen.getByText('연결된 소셜 계정')).toBeTruthy();
  });

  it('keeps a linked provider that is no longer configured, so it can be unlinked', async () => {
    stubAccount({
      providers: { google: false, kakao: false },
      links: { google: false, kakao: true },
    });
    renderAccount();
    const kakao = await screen.findByTestId('linked-kakao');
    expect(kakao.textContent).toContain('연결됨');
    expect(kakao.textContent).toContain('연결 해제');
    expect(screen.queryByTestId('linked-google')).toBeNull();
  });
});
