import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
  providers: { google: boolean; kakao: boolean; sso?: { name: string } | null } | null;
  links: { google: boolean; kakao: boolean; sso?: boolean };
  hasPassword?: boolean;
}) {
  stubApi(
    routes({
      '/api/auth/providers': () =>
        options.providers ? ok({ sso: null, ...options.providers }) : undefined,
      '/api/auth/oauth/links': () =>
        ok({ sso: false, ...options.links, hasPassword: options.hasPassword ?? true }),
      '/api/auth/sessions': () => ok([]),
    }),
    { user },
  );
}

const renderAccount = (entry = '/my-page/account-settings') =>
  renderPage('/my-page/account-settings', <AccountSettingsPage />, entry);

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

  it('lists the school’s sign-on by its configured name, first, with the action to link it', async () => {
    stubAccount({
      providers: { google: true, kakao: false, sso: { name: '한빛대학교 계정' } },
      links: { google: true, kakao: false, sso: false },
    });
    renderAccount();
    const sso = await screen.findByTestId('linked-sso');
    expect(within(sso).getByText('한빛대학교 계정')).toBeTruthy();
    expect(sso.textContent).toContain('연결 안 됨');
    expect(within(sso).getByTestId('link-sso').textContent).toContain('연결하기');
    const google = screen.getByTestId('linked-google');
    expect(google.textContent).toContain('연결됨');
    expect(Boolean(sso.compareDocumentPosition(google) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(
      true,
    );
  });

  it('keeps a linked sign-on no longer offered, and asks for a password to unlink it', async () => {
    stubAccount({
      providers: { google: false, kakao: false, sso: null },
      links: { google: false, kakao: false, sso: true },
      hasPassword: false,
    });
    renderAccount();
    const sso = await screen.findByTestId('linked-sso');
    expect(within(sso).getByText('학교 계정(SSO)')).toBeTruthy();
    expect(sso.textContent).toContain('연결됨');
    const unlink = within(sso).getByRole('button', { name: '연결 해제' });
    expect((unlink as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('연결을 해제하려면 먼저 비밀번호 찾기로 비밀번호를 설정해주세요.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('linked-google')).toBeNull();
  });

  it('says once that the sign-on was linked, by its configured name', async () => {
    stubAccount({
      providers: { google: false, kakao: false, sso: { name: '한빛대학교 계정' } },
      links: { google: false, kakao: false, sso: true },
    });
    renderAccount('/my-page/account-settings?linked=sso');
    expect(await screen.findByText('한빛대학교 계정 연결을 완료했습니다.')).toBeTruthy();
    expect(screen.queryByText('학교 계정(SSO) 연결을 완료했습니다.')).toBeNull();
  });
});
