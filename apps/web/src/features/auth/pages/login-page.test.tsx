import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import { ok, problem, routes, stubApi } from '../../../test/stub-api';
import { SignupPage } from './signup-page';
import { LoginPage } from './login-page';

/** Invite codes the server knows, with their public preview. */
const invites: Record<string, { name: string; iconUrl: string | null; memberCount: number }> = {
  AbC123: { name: '캡스톤 디자인', iconUrl: null, memberCount: 3 },
  Club123456: { name: '동아리', iconUrl: null, memberCount: 4 },
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // The providers call GET /auth/providers; this server has none.
  stubApi(
    (call) => {
      const code = /^\/api\/workspaces\/invite\/([^/]+)\/public$/.exec(call.path)?.[1];
      if (!code) return undefined;
      const preview = invites[code];
      return preview ? ok(preview) : problem(404, 'WORKSPACE_NOT_FOUND', '없음');
    },
    { user: null },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('prefills the e-mail and shows the message handed over in router state', async () => {
    renderPage('/login', <LoginPage />, {
      pathname: '/login',
      state: { email: 'kim@example.com', message: '회원가입이 완료되었습니다. 로그인해주세요.' },
    });

    const email = await screen.findByLabelText(/이메일/);
    expect(email).toHaveProperty('value', 'kim@example.com');
    expect(screen.getByTestId('login-email')).toBe(email);
    expect(screen.getByText('회원가입이 완료되었습니다. 로그인해주세요.')).toBeTruthy();
    expect(screen.getByTestId('login-password').tagName).toBe('INPUT');
    expect(screen.getByTestId('login-submit').textContent).toContain('로그인');
  });

  it('offers no sign-up right after one, the invitation kept with its icon', async () => {
    invites.Icon123456 = {
      name: '디자인',
      iconUrl: '/api/files/public/icons/a.webp',
      memberCount: 2,
    };
    renderPage('/login', <LoginPage />, {
      pathname: '/login',
      search: '?inviteCode=Icon123456',
      state: {
        email: 'kim@example.com',
        message: '회원가입이 완료되었습니다. 로그인해주세요.',
        signedUp: true,
      },
    });

    const banner = await screen.findByTestId('invite-banner');
    // The workspace icon is decorative (alt=""): found by its element.
    expect(banner.querySelector('img')?.getAttribute('src')).toBe('/api/files/public/icons/a.webp');
    expect(screen.getByText('회원가입이 완료되었습니다. 로그인해주세요.')).toBeTruthy();
    expect(screen.queryByTestId('invite-signup')).toBeNull();
    expect(screen.queryByRole('link', { name: '회원가입' })).toBeNull();
  });

  it('starts empty without router state and keeps the invite code on the sign-up link', async () => {
    renderPage('/login', <LoginPage />, '/login?inviteCode=AbC123');

    const email = await screen.findByTestId('login-email');
    expect(email).toHaveProperty('value', '');
    const signup = screen.getByRole('link', { name: '회원가입' });
    expect(signup.getAttribute('href')).toBe('/signup?inviteCode=AbC123');
  });

  it('shows the invitation a logged-out visitor followed, with sign-up and login that keep it', async () => {
    // The protected layout sends /ws/{code} here with the address in router state.
    renderPage('/login', <LoginPage />, { pathname: '/login', state: { from: '/ws/Club123456' } });

    const banner = await screen.findByTestId('invite-banner');
    await within(banner).findByText('초대받은 워크스페이스: 동아리');
    expect(banner.textContent).toContain('멤버 4명');
    expect(banner.textContent).toContain('로그인하면 바로 이 워크스페이스에 참여합니다.');
    expect(within(banner).getByTestId('invite-signup').getAttribute('href')).toBe(
      '/signup?inviteCode=Club123456',
    );
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe(
      '/signup?inviteCode=Club123456',
    );
    expect(screen.getByTestId('login-email')).toBeTruthy();
    // Kept for the tab's session, so a social login's round trip keeps it too.
    expect(sessionStorage.getItem('teamup.pendingInvite')).toBe('Club123456');
  });

  it('says so when the invite is no good, and carries nothing on', async () => {
    sessionStorage.setItem('teamup.pendingInvite', 'Old1234567');
    renderPage('/login', <LoginPage />, '/login?inviteCode=Gone123456');

    const invalid = await screen.findByTestId('invite-banner-invalid');
    expect(invalid.textContent).toContain('초대 링크가 올바르지 않거나');
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe('/signup');
    expect(sessionStorage.getItem('teamup.pendingInvite')).toBeNull();
  });

  it('a plain login page shows no invitation and clears one left from before', async () => {
    sessionStorage.setItem('teamup.pendingInvite', 'Old1234567');
    renderPage('/login', <LoginPage />, { pathname: '/login', state: { from: '/ws/7' } });
    await screen.findByTestId('login-email');
    expect(screen.queryByTestId('invite-banner')).toBeNull();
    expect(sessionStorage.getItem('teamup.pendingInvite')).toBeNull();
  });
});

describe('LoginPage, social and single sign-on buttons', () => {
  const offer = (providers: unknown) =>
    stubApi(routes({ 'GET /api/auth/providers': () => ok(providers) }), { user: null });

  it('shows the school’s sign-on first, by its configured name, above the form and the rest', async () => {
    offer({ google: true, kakao: true, sso: { name: '한빛대학교 계정' } });
    renderPage('/login', <LoginPage />);

    const sso = await screen.findByRole('link', { name: '한빛대학교 계정으로 로그인' });
    expect(sso.getAttribute('href')).toBe('/api/auth/oauth/sso/login');
    expect(screen.getByTestId('login-sso')).toBe(sso);
    const google = screen.getByRole('link', { name: 'Google로 계속하기' });
    expect(google.getAttribute('href')).toBe('/api/auth/oauth/google/login');
    expect(screen.getByRole('link', { name: '카카오로 계속하기' }).getAttribute('href')).toBe(
      '/api/auth/oauth/kakao/login',
    );
    // First of all the ways in: before the e-mail form and the other providers.
    const email = screen.getByTestId('login-email');
    const before = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before(sso, email)).toBe(true);
    expect(before(sso, google)).toBe(true);
    expect(screen.getAllByText('또는')).toHaveLength(2);
  });

  it('shows it alone when it is the only provider', async () => {
    offer({ google: false, kakao: false, sso: { name: '학교 계정' } });
    renderPage('/login', <LoginPage />);

    const sso = await screen.findByRole('link', { name: '학교 계정으로 로그인' });
    expect(sso.getAttribute('href')).toBe('/api/auth/oauth/sso/login');
    expect(screen.queryByRole('link', { name: 'Google로 계속하기' })).toBeNull();
    expect(screen.getAllByText('또는')).toHaveLength(1);
  });

  it('shows no sign-on button when the server offers none', async () => {
    offer({ google: true, kakao: false, sso: null });
    renderPage('/login', <LoginPage />);

    await screen.findByRole('link', { name: 'Google로 계속하기' });
    expect(screen.queryByTestId('login-sso')).toBeNull();
    expect(screen.queryByRole('link', { name: /으로 로그인$/ })).toBeNull();
  });

  it('shows no sign-on button for an older server that does not mention it', async () => {
    offer({ google: false, kakao: true });
    renderPage('/login', <LoginPage />);

    await screen.findByRole('link', { name: '카카오로 계속하기' });
    expect(screen.queryByTestId('login-sso')).toBeNull();
  });
});

describe('SignupPage with an invite', () => {
  it('shows the invitation and keeps it on the way back to login', async () => {
    renderPage('/signup', <SignupPage />, '/signup?inviteCode=Club123456');

    const banner = await screen.findByTestId('invite-banner');
    await within(banner).findByText('초대받은 워크스페이스: 동아리');
    expect(banner.textContent).toContain(
      '가입을 마치고 로그인하면 바로 이 워크스페이스에 참여합니다.',
    );
    expect(within(banner).queryByTestId('invite-signup')).toBeNull();
    expect(screen.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe(
      '/login?inviteCode=Club123456',
    );
  });
});
