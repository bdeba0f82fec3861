import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import {
  adminMessages,
  type AdminUser,
  type AdminUserStatus,
  type InstanceSettings,
  type InstanceStats,
  type Invitation,
} from '@teamup/contracts/admin';
import type { Page } from '@teamup/contracts/common';
import { renderPage, screenWide } from '../../../test/render';
import {
  noContent,
  ok,
  problem,
  stubApi,
  type ApiCall,
  type ApiHandler,
  type SessionUser,
} from '../../../test/stub-api';
import { signedInScreenTests } from '../../chat/test/fixtures';
import { AdminPage } from '../pages/admin-page';

const ME = 3;
const admin: SessionUser = { id: ME, name: '김민지', email: 'minji@school.ac.kr', role: 'ADMIN' };
const ordinary: SessionUser = { ...admin, role: 'USER' };

function person(id: number, name: string, extra: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    name,
    email: `user${id}@school.ac.kr`,
    provider: 'LOCAL',
    role: 'USER',
    createdAt: '2026-03-02T01:00:00.000Z',
    deactivatedAt: null,
    lastActiveAt: '2026-03-09T01:00:00.000Z',
    workspaceCount: 2,
    ...extra,
  };
}

const stats: InstanceStats = {
  users: {
    total: 1234,
    active: 1200,
    deactivated: 34,
    admins: 2,
    joinedLast7Days: 15,
    activeLast7Days: 640,
  },
  workspaces: 41,
  teams: 187,
  messagesLast7Days: 9876,
  files: { count: 321, bytes: 1.5 * 1024 * 1024 },
  registration: 'DOMAINS',
};

function pageOf<T>(content: T[]): Page<T> {
  return {
    content,
    totalPages: 1,
    totalElements: content.length,
    size: 20,
    pageable: { pageNumber: 0, pageSize: 20 },
    first: true,
    last: true,
  };
}

/** A 400 of the validator, with the refused fields. */
function validationFailed(field: string, message: string) {
  return Response.json(
    {
      type: 'about:blank',
      title: 'VALIDATION_FAILED',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: '입력값을 확인해주세요.',
      errors: [{ field, message }],
    },
    { status: 400 },
  );
}

function matches(user: AdminUser, status: AdminUserStatus, q: string): boolean {
  const byStatus =
    status === 'ALL' ||
    (status === 'ACTIVE' && user.deactivatedAt === null) ||
    (status === 'DEACTIVATED' && user.deactivatedAt !== null) ||
    (status === 'ADMIN' && user.role === 'ADMIN');
  return byStatus && (q === '' || user.name.includes(q) || user.email.includes(q));
}

/**
 * A small admin API over a list of people, the settings and the invitations: what a change does
 * shows when the page reads again. `override` answers first (a refusal, a 403).
 */
function setup({
  user = admin,
  entry = '/admin',
  override = () => undefined,
}: { user?: SessionUser; entry?: string; override?: ApiHandler } = {}) {
  const people = [
    person(ME, '김민지', { role: 'ADMIN', email: 'minji@school.ac.kr' }),
    person(5, '이서연', { provider: 'GOOGLE', lastActiveAt: null }),
    person(7, '박지훈', { provider: 'KAKAO', deactivatedAt: '2026-03-05T00:00:00.000Z' }),
    person(9, '최유리', { role: 'ADMIN' }),
  ];
  let settings: InstanceSettings = { registration: 'OPEN', allowedDomains: [], updatedAt: null };
  let invitations: Invitation[] = [];
  let nextInvitation = 100;
  const update = (id: number, change: Partial<AdminUser>) => {
    const index = people.findIndex((candidate) => candidate.id === id);
    people[index] = { ...people[index]!, ...change };
    return ok(people[index]);
  };

  const calls = stubApi(
    async (call) => {
      const answer = await override(call);
      if (answer) return answer;
      const key = `${call.method} ${call.path}`;
      if (key === 'GET /api/admin/stats') return ok(stats);
      if (key === 'GET /api/admin/settings') return ok(settings);
      if (key === 'PUT /api/admin/settings') {
        const body = call.body as Pick<InstanceSettings, 'registration' | 'allowedDomains'>;
        settings = { ...body, updatedAt: '2026-03-10T00:00:00.000Z' };
        return ok(settings);
      }
      if (key === 'GET /api/admin/users') {
        const status = (call.query.get('status') ?? 'ALL') as AdminUserStatus;
        const q = call.query.get('q') ?? '';
        return ok(pageOf(people.filter((candidate) => matches(candidate, status, q))));
      }
      const action = /^POST \/api\/admin\/users\/(\d+)\/(deactivate|reactivate)$/.exec(key);
      if (action) {
        const at = action[2] === 'deactivate' ? '2026-03-10T00:00:00.000Z' : null;
        return update(Number(action[1]), { deactivatedAt: at });
      }
      const role = /^PUT \/api\/admin\/users\/(\d+)\/role$/.exec(key);
      if (role) return update(Number(role[1]), call.body as Pick<AdminUser, 'role'>);
      if (key === 'GET /api/admin/invitations') return ok(invitations);
      if (key === 'POST /api/admin/invitations') {
        const { emails } = call.body as { emails: string[] };
        const made = emails.map((email) => ({
          id: nextInvitation++,
          email,
          invitedAt: '2026-03-10T00:00:00.000Z',
          invitedBy: { id: ME, name: '김민지' },
          usedAt: null,
        }));
        invitations = [...made, ...invitations];
        return ok(made, 201);
      }
      const withdraw = /^DELETE \/api\/admin\/invitations\/(\d+)$/.exec(key);
      if (withdraw) {
        invitations = invitations.filter((invitation) => invitation.id !== Number(withdraw[1]));
        return noContent();
      }
      return undefined;
    },
    { user },
  );
  renderPage('/admin', <AdminPage />, entry);
  return calls;
}

const adminCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/admin'));
const userListCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/admin/users');
const rowNames = () =>
  screen
    .getAllByTestId('admin-user')
    .map((row) => within(row).getByTestId('admin-user-name').textContent);
const rowOf = (name: string) => {
  const row = screen
    .getAllByTestId('admin-user')
    .find((candidate) => within(candidate).queryByText(name) !== null);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
/** Types a domain into the TagsInput and presses Enter (it takes what is typed while focused). */
function addDomain(input: HTMLElement, value: string) {
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/**
 * Opens a person's menu and picks an item. The item is found in the menu the button controls,
 * whether or not jsdom has run the dropdown's opening transition (which it does not always).
 */
async function choose(name: string, item: string) {
  const button = screen.getByRole('button', { name: `${name} 님 관리` });
  fireEvent.click(button);
  await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
  const menu = await waitFor(() => {
    const dropdown = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!dropdown) throw new Error(`no menu for ${name}`);
    return dropdown;
  });
  fireEvent.click(within(menu).getByRole('menuitem', { name: item, hidden: true }));
}

signedInScreenTests(ME);

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  // In jsdom a menu's focus trap looks for an item before the dropdown's opening transition has
  // shown it, and says so; any other warning still reaches the output.
  const original = console.warn;
  warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('use-focus-trap')) return;
    original(...args);
  });
});

afterEach(() => {
  warn.mockRestore();
  // A test's toasts would fill the three places and queue the next test's behind them.
  notifications.clean();
  notifications.cleanQueue();
});

describe('관리자 page', () => {
  it('shows the instance’s figures as cards on the 개요 tab', async () => {
    const calls = setup();
    expect(screen.getByRole('heading', { level: 1, name: '관리자' })).toBeTruthy();
    const tabs = (await screen.findAllByRole('tab')).map((tab) => tab.textContent);
    expect(tabs).toEqual(['개요', '사용자', '가입 정책', '감사 로그']);
    expect(screen.getByRole('tab', { name: '개요' }).getAttribute('aria-selected')).toBe('true');

    const card = async (id: string) => (await screen.findByTestId(`admin-stat-${id}`)).textContent;
    expect(await card('users-total')).toBe('사용자 전체1,234명');
    expect(await card('users-active')).toBe('활성 사용자1,200명');
    expect(await card('users-deactivated')).toBe('비활성 사용자34명');
    expect(await card('admins')).toBe('관리자2명');
    expect(await card('joined')).toBe('최근 7일 가입15명');
    expect(await card('active')).toBe('최근 7일 활동640명');
    expect(await card('workspaces')).toBe('워크스페이스41개');
    expect(await card('teams')).toBe('팀187개');
    expect(await card('messages')).toBe('최근 7일 메시지9,876개');
    expect(await card('files')).toBe('파일321개 · 1.5 MB');
    expect(await card('registration')).toBe('현재 가입 정책허용한 도메인만 (+초대받은 이메일)');
    expect(calls.some((call) => call.path === '/api/admin/stats')).toBe(true);
  });

  it('lists the people in a table, searches by name (q) and narrows by status', async () => {
    screenWide(true);
    const calls = setup({ entry: '/admin?tab=users' });
    expect(await screen.findByTestId('admin-users-table')).toBeTruthy();
    expect(rowNames()).toEqual(['김민지', '이서연', '박지훈', '최유리']);
    const seoyeon = rowOf('이서연');
    expect(within(seoyeon).getByText('user5@school.ac.kr')).toBeTruthy();
    expect(within(seoyeon).getByText('구글')).toBeTruthy();
    expect(within(seoyeon).getByText('사용자')).toBeTruthy();
    expect(within(seoyeon).getByText('활성')).toBeTruthy();
    expect(within(seoyeon).getByText('없음')).toBeTruthy(); // never signed in
    expect(within(rowOf('박지훈')).getByText('카카오')).toBeTruthy();
    expect(within(rowOf('박지훈')).getByTestId('admin-user-status').textContent).toBe('비활성');
    expect(within(rowOf('최유리')).getByText('관리자')).toBeTruthy();
    // My own row: marked, and no actions (the server refuses deactivating or demoting oneself).
    expect(within(rowOf('김민지')).getByText('(나)')).toBeTruthy();
    expect(within(rowOf('김민지')).queryByTestId('admin-user-actions')).toBeNull();
    expect(userListCalls(calls)[0]?.query.get('status')).toBe('ALL');
    expect(userListCalls(calls)[0]?.query.has('q')).toBe(false);

    fireEvent.change(screen.getByLabelText('검색'), { target: { value: ' 이서 ' } });
    await waitFor(() => expect(rowNames()).toEqual(['이서연']));
    expect(userListCalls(calls).at(-1)?.query.get('q')).toBe('이서');

    fireEvent.change(screen.getByLabelText('검색'), { target: { value: '' } });
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    fireEvent.click(screen.getByRole('radio', { name: '비활성' }));
    await waitFor(() => expect(rowNames()).toEqual(['박지훈']));
    expect(userListCalls(calls).at(-1)?.query.get('status')).toBe('DEACTIVATED');

    fireEvent.change(screen.getByLabelText('검색'), { target: { value: '없는 사람' } });
    expect(await screen.findByText('검색 결과가 없습니다.')).toBeTruthy();
  });

  it('deactivates a person only through the confirm dialog, then reads the list again', async () => {
    // A phone: one card a person.
    screenWide(false);
    const calls = setup({ entry: '/admin?tab=users' });
    await screen.findByText('이서연');
    expect(screen.queryByTestId('admin-users-table')).toBeNull();
    const before = userListCalls(calls).length;

    await choose('이서연', '비활성화');
    const dialog = await screen.findByRole('dialog', { name: '계정 비활성화' });
    expect(
      within(dialog).getByText(/모든 로그인 세션, 실시간 스트림과 소켓 연결이 즉시 끊기고/),
    ).toBeTruthy();
    expect(within(dialog).getByText(/내용은 그대로 남으며/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByTestId('confirm-action'));
    expect(await screen.findByText('이서연 님의 계정을 비활성화했습니다.')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual(['/api/admin/users/5/deactivate']);
    // The list (and the figures) are read again: the card now says 비활성.
    await waitFor(() =>
      expect(within(rowOf('이서연')).getByTestId('admin-user-status').textContent).toBe('비활성'),
    );
    expect(userListCalls(calls).length).toBeGreaterThan(before);

    // And back: 다시 활성화 needs no dialog.
    await choose('이서연', '다시 활성화');
    expect(await screen.findByText('이서연 님의 계정을 다시 활성화했습니다.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/users/5/deactivate',
      '/api/admin/users/5/reactivate',
    ]);
    await waitFor(() =>
      expect(within(rowOf('이서연')).getByTestId('admin-user-status').textContent).toBe('활성'),
    );
  });

  it('makes a person admin with PUT role, and shows the server’s Korean refusals', async () => {
    screenWide(true);
    const calls = setup({
      entry: '/admin?tab=users',
      override: (call) => {
        if (call.path === '/api/admin/users/9/role') {
          return problem(409, 'ADMIN_LAST', adminMessages.lastAdmin);
        }
        if (call.path === '/api/admin/users/7/reactivate') {
          return problem(400, 'ADMIN_SELF', adminMessages.cannotDeactivateSelf);
        }
        return undefined;
      },
    });
    await screen.findByTestId('admin-users-table');

    await choose('이서연', '관리자로 지정');
    expect(await screen.findByText('이서연 님을 관리자로 지정했습니다.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/admin/users/5/role');
    expect(put?.body).toEqual({ role: 'ADMIN' });
    await waitFor(() => expect(within(rowOf('이서연')).getByText('관리자')).toBeTruthy());

    await choose('최유리', '관리자 해제');
    expect(await screen.findByText(adminMessages.lastAdmin)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ role: 'USER' });
    expect(within(rowOf('최유리')).getByText('관리자')).toBeTruthy();

    await choose('박지훈', '다시 활성화');
    expect(await screen.findByText(adminMessages.cannotDeactivateSelf)).toBeTruthy();
  });

  it('checks the policy form before sending, PUTs it, and shows a field error from a 400', async () => {
    let refuse = true;
    const calls = setup({
      entry: '/admin?tab=policy',
      override: (call) => {
        if (call.method === 'PUT' && call.path === '/api/admin/settings' && refuse) {
          refuse = false;
          return validationFailed('allowedDomains.0', '사용할 수 없는 도메인입니다.');
        }
        return undefined;
      },
    });
    const open = await screen.findByRole('radio', { name: /누구나 가입/ });
    expect((open as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /허용한 도메인만/ }));

    // DOMAINS without a domain, then a malformed one: refused here, nothing sent.
    fireEvent.click(screen.getByTestId('admin-policy-save'));
    expect(await screen.findByText(adminMessages.domainsRequired)).toBeTruthy();
    const domains = screen.getByTestId('admin-policy-domains');
    addDomain(domains, 'not_a_domain');
    fireEvent.click(screen.getByTestId('admin-policy-save'));
    expect(await screen.findByText(`not_a_domain: ${adminMessages.domainInvalid}`)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // Removed, and a good one typed in capitals: sent lower-case.
    fireEvent.keyDown(domains, { key: 'Backspace' });
    addDomain(domains, 'School.AC.kr');
    fireEvent.click(screen.getByTestId('admin-policy-save'));
    expect(await screen.findByText('사용할 수 없는 도메인입니다.')).toBeTruthy();
    const puts = () => calls.filter((call) => call.method === 'PUT');
    expect(puts()[0]?.path).toBe('/api/admin/settings');
    expect(puts()[0]?.body).toEqual({ registration: 'DOMAINS', allowedDomains: ['school.ac.kr'] });

    fireEvent.click(screen.getByTestId('admin-policy-save'));
    expect(await screen.findByText('가입 정책을 저장했습니다.')).toBeTruthy();
    expect(puts()).toHaveLength(2);
    expect(screen.queryByText('사용할 수 없는 도메인입니다.')).toBeNull();
  });

  it('offers sign-up through SSO only, and shows why the server refused it', async () => {
    let refuse = true;
    const calls = setup({
      entry: '/admin?tab=policy',
      override: (call) => {
        if (call.method === 'PUT' && call.path === '/api/admin/settings' && refuse) {
          refuse = false;
          return problem(400, 'VALIDATION_FAILED', adminMessages.ssoNotConfigured);
        }
        return undefined;
      },
    });
    const ssoOnly = await screen.findByRole('radio', { name: /SSO로만 가입 \(학교 계정\)/ });
    expect(screen.getByTestId('admin-policy-SSO_ONLY')).toBe(ssoOnly);
    expect(
      screen.getByText(
        'SSO(학교 계정)로 로그인하는 사람만 새 계정을 만들 수 있습니다. 기존 계정은 그대로 로그인합니다.',
      ),
    ).toBeTruthy();
    const options = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(options).toEqual(expect.arrayContaining(['OPEN', 'INVITE_ONLY', 'DOMAINS', 'SSO_ONLY']));

    expect(screen.queryByTestId('admin-invite-sso-only-hint')).toBeNull();
    fireEvent.click(ssoOnly);
    fireEvent.click(screen.getByTestId('admin-policy-save'));
    expect(await screen.findByText(adminMessages.ssoNotConfigured)).toBeTruthy();
    expect(screen.queryByTestId('admin-invite-sso-only-hint')).toBeNull();
    const puts = () => calls.filter((call) => call.method === 'PUT');
    expect(puts()[0]?.body).toEqual({ registration: 'SSO_ONLY', allowedDomains: [] });

    fireEvent.click(screen.getByTestId('admin-policy-save'));
    expect(await screen.findByText('가입 정책을 저장했습니다.')).toBeTruthy();
    expect(puts()).toHaveLength(2);
    expect((ssoOnly as HTMLInputElement).checked).toBe(true);
    // Invitations make no account now: the invitation section says so.
    expect((await screen.findByTestId('admin-invite-sso-only-hint')).textContent).toContain(
      '초대와 관계없이 SSO로 로그인하는 사람만',
    );
  });

  it('names the people who signed up through SSO', async () => {
    screenWide(true);
    setup({
      entry: '/admin?tab=users',
      override: (call) =>
        call.method === 'GET' && call.path === '/api/admin/users'
          ? ok(pageOf([person(11, '정하람', { provider: 'SSO' })]))
          : undefined,
    });
    await screen.findByTestId('admin-users-table');
    await waitFor(() => expect(rowNames()).toEqual(['정하람']));
    expect(within(rowOf('정하람')).getByText('학교 계정(SSO)')).toBeTruthy();
  });

  it('invites two addresses and withdraws one', async () => {
    const calls = setup({ entry: '/admin?tab=policy' });
    expect(await screen.findByText('초대한 이메일이 없습니다.')).toBeTruthy();
    const box = screen.getByTestId('admin-invite-emails');

    // A malformed address is named, and nothing is sent.
    fireEvent.change(box, { target: { value: 'a@school.ac.kr\nnot-an-email' } });
    fireEvent.click(screen.getByTestId('admin-invite-send'));
    expect(await screen.findByText(`not-an-email: ${adminMessages.emailInvalid}`)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(box, { target: { value: 'A@school.ac.kr\nb@school.ac.kr, a@school.ac.kr' } });
    fireEvent.click(screen.getByTestId('admin-invite-send'));
    expect(await screen.findByText('이메일 2개를 초대했습니다.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/admin/invitations');
    expect(post?.body).toEqual({ emails: ['a@school.ac.kr', 'b@school.ac.kr'] });
    await waitFor(() => expect(screen.getAllByTestId('admin-invitation')).toHaveLength(2));
    const first = screen.getAllByTestId('admin-invitation')[0]!;
    expect(within(first).getByText('김민지')).toBeTruthy();
    expect(within(first).getByText('대기 중')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'a@school.ac.kr 초대 취소' }));
    expect(await screen.findByText('a@school.ac.kr 초대를 취소했습니다.')).toBeTruthy();
    const withdrawal = calls.find((call) => call.method === 'DELETE');
    expect(withdrawal?.path).toBe('/api/admin/invitations/100');
    await waitFor(() => expect(screen.getAllByTestId('admin-invitation')).toHaveLength(1));
    expect(screen.getByText('b@school.ac.kr')).toBeTruthy();
    expect(screen.queryByText('a@school.ac.kr')).toBeNull();
  });

  it('shows 권한 없음 to someone who is not an instance admin, asking the server nothing', async () => {
    const calls = setup({ user: ordinary });
    expect(await screen.findByRole('heading', { name: '권한 없음' })).toBeTruthy();
    expect(screen.getByText(adminMessages.adminRequired)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(adminCalls(calls)).toEqual([]);
  });

  it('shows 권한 없음 when the server answers 403 ADMIN_REQUIRED', async () => {
    setup({
      override: (call) =>
        call.path.startsWith('/api/admin')
          ? problem(403, 'ADMIN_REQUIRED', adminMessages.adminRequired)
          : undefined,
    });
    expect(await screen.findByRole('heading', { name: '권한 없음' })).toBeTruthy();
    expect(screen.getByText(adminMessages.adminRequired)).toBeTruthy();
    expect(screen.queryByTestId('admin-stats')).toBeNull();
  });
});
