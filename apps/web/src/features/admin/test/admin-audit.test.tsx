import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { auditActions, type AuditEvent, type AuditPage } from '@teamup/contracts/admin';
import { pickDate } from '../../../test/date-pickers';
import { renderPage, screenWide } from '../../../test/render';
import { ok, problem, stubApi, type ApiCall, type ApiHandler } from '../../../test/stub-api';
import { signedInScreenTests } from '../../chat/test/fixtures';
import { AdminPage } from '../pages/admin-page';

const ME = 3;

function entry(id: number, at: string, extra: Partial<AuditEvent>): AuditEvent {
  return {
    id,
    at,
    action: 'SIGN_IN',
    actor: { id: ME, label: 'minji@school.ac.kr' },
    target: null,
    ip: '198.51.100.4',
    userAgent: null,
    details: {},
    ...extra,
  };
}

/** The log, newest first; the times are UTC, the days the server filters by are Korea's. */
const events: AuditEvent[] = [
  entry(105, '2026-11-30T06:04:05.000Z', {
    action: 'SIGN_IN_FAILED',
    actor: { id: null, label: 'ghost@school.ac.kr' },
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    details: { reason: 'BAD_PASSWORD' },
  }),
  // 00:10 on 30 November in Korea, still the 29th in UTC.
  entry(104, '2026-11-29T15:10:00.000Z', {
    action: 'INSTANCE_ROLE_CHANGED',
    target: { type: 'USER', id: '5', label: 'user5@school.ac.kr' },
    details: { from: 'USER', to: 'ADMIN' },
  }),
  entry(103, '2026-11-29T14:30:00.000Z', {
    action: 'WORKSPACE_DELETED',
    target: { type: 'WORKSPACE', id: '12', label: '캡스톤디자인' },
    details: { teams: 3, restorable: false },
  }),
  entry(102, '2026-11-28T01:00:00.000Z', {
    action: 'REGISTRATION_POLICY_CHANGED',
    target: { type: 'INSTANCE', id: '1', label: null },
    details: { from: 'OPEN', to: 'DOMAINS', note: null },
  }),
  entry(101, '2026-11-20T03:00:00.000Z', {
    action: 'TEAM_DELETED',
    actor: null,
    target: { type: 'TEAM', id: '40', label: '1조' },
    ip: null,
  }),
  entry(100, '2026-11-10T03:00:00.000Z', { action: 'SIGN_IN' }),
  entry(99, '2026-11-01T03:00:00.000Z', {
    action: 'INVITATION_CREATED',
    target: { type: 'INVITATION', id: '8', label: 'new@school.ac.kr' },
  }),
];

/** The fake server's page: smaller than the 50 the page asks for, so paging shows with 7. */
const FAKE_PAGE = 4;

const seoulDayOf = (iso: string) =>
  new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);

/** GET /api/admin/audit over `events`: filtered as the server does, then a page before `before`. */
const auditLog: ApiHandler = (call) => {
  const q = call.query.get('q') ?? '';
  const action = call.query.get('action');
  const from = call.query.get('from');
  const to = call.query.get('to');
  const before = Number(call.query.get('before') ?? Infinity);
  const matched = events.filter(
    (event) =>
      (q === '' ||
        [event.actor?.label, event.target?.label, event.ip].some((text) => text?.includes(q))) &&
      (action === null || event.action === action) &&
      (from === null || seoulDayOf(event.at) >= from) &&
      (to === null || seoulDayOf(event.at) <= to) &&
      event.id < before,
  );
  const page = matched.slice(0, FAKE_PAGE);
  const answer: AuditPage = {
    events: page,
    nextBefore: matched.length > FAKE_PAGE ? page.at(-1)!.id : null,
    retentionDays: 90,
  };
  return ok(answer);
};

function setup({ override = () => undefined }: { override?: ApiHandler } = {}) {
  const calls = stubApi(
    async (call) => {
      const answer = await override(call);
      if (answer) return answer;
      if (call.method === 'GET' && call.path === '/api/admin/audit') return auditLog(call);
      return undefined;
    },
    { user: { id: ME, name: '김민지', email: 'minji@school.ac.kr', role: 'ADMIN' } },
  );
  renderPage('/admin', <AdminPage />, '/admin?tab=audit');
  return calls;
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/admin/audit');
const lastQuery = (calls: ApiCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.query ?? []);
const shownIds = () =>
  screen.queryAllByTestId('admin-audit-event').map((row) => Number(row.dataset.eventId));
const rowOf = (id: number) => {
  const row = screen
    .getAllByTestId('admin-audit-event')
    .find((candidate) => candidate.dataset.eventId === String(id));
  if (!row) throw new Error(`no row for ${id}`);
  return row;
};
const cell = (id: number, testId: string) => within(rowOf(id)).getByTestId(testId).textContent;

async function chooseAction(label: string) {
  fireEvent.click(screen.getByTestId('admin-audit-action-filter'));
  fireEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

signedInScreenTests(ME);

beforeEach(() => {
  // In jsdom a picker's focus trap looks for a day before the dropdown's opening transition has
  // shown it, and says so; any other warning still reaches the output.
  const warn = console.warn;
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('use-focus-trap')) return;
    warn(...args);
  });
  // 30 November 2026 in Korea (and wherever the tests run): the day an export is named after.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T03:00:00.000Z'));
});

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
  notifications.cleanQueue();
});

describe('관리자 page, 감사 로그 tab', () => {
  it('lists the entries newest first in a table, with Korean actions, times and target types', async () => {
    screenWide(true);
    const calls = setup();
    expect(await screen.findByTestId('admin-audit-table')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '감사 로그' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(shownIds()).toEqual([105, 104, 103, 102]);
    expect(screen.getAllByTestId('admin-audit-action').map((badge) => badge.textContent)).toEqual([
      '로그인 실패',
      '관리자 권한 변경',
      '워크스페이스 삭제',
      '가입 정책 변경',
    ]);

    // A failure in red, with who tried, from where, with which browser and why.
    expect(within(rowOf(105)).getByTestId('admin-audit-action').dataset.tone).toBe('danger');
    expect(cell(105, 'admin-audit-at')).toBe('2026. 11. 30. 오후 3:04:05');
    expect(cell(105, 'admin-audit-actor')).toBe('ghost@school.ac.kr');
    // A narrow column breaks the address after its '@', not at its last letter.
    expect(within(rowOf(105)).getByTestId('admin-audit-actor').innerHTML).toContain('ghost@<wbr>');
    expect(cell(105, 'admin-audit-target')).toBe('-');
    expect(cell(105, 'admin-audit-ip')).toBe('203.0.113.7');
    expect(cell(105, 'admin-audit-user-agent')).toBe(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    );
    expect(cell(105, 'admin-audit-details')).toBe('reason: BAD_PASSWORD');

    // Korea's time: ten past midnight on the 30th, the 29th in UTC.
    expect(within(rowOf(104)).getByTestId('admin-audit-action').dataset.tone).toBe('neutral');
    expect(cell(104, 'admin-audit-at')).toBe('2026. 11. 30. 오전 12:10:00');
    expect(cell(104, 'admin-audit-target-type')).toBe('사용자');
    expect(cell(104, 'admin-audit-target-label')).toBe('user5@school.ac.kr');
    expect(cell(104, 'admin-audit-details')).toBe('from: USER · to: ADMIN');
    expect(within(rowOf(104)).queryByTestId('admin-audit-user-agent')).toBeNull();

    expect(within(rowOf(103)).getByTestId('admin-audit-action').dataset.tone).toBe('danger');
    expect(cell(103, 'admin-audit-target')).toBe('워크스페이스 캡스톤디자인');
    expect(cell(103, 'admin-audit-details')).toBe('teams: 3 · restorable: false');
    expect(cell(102, 'admin-audit-target')).toBe('인스턴스');
    expect(cell(102, 'admin-audit-details')).toBe('from: OPEN · to: DOMAINS · note: -');

    expect(screen.getByTestId('admin-audit-retention').textContent).toBe(
      '기록은 90일 동안 보관됩니다.',
    );
    // The first page: 50 entries, no filter, no `before`.
    expect(lastQuery(calls)).toEqual({ size: '50' });
  });

  it('searches as typing rests, sending the trimmed text as q', async () => {
    screenWide(true);
    const calls = setup();
    await screen.findByTestId('admin-audit-table');
    const search = screen.getByLabelText('검색');
    expect(search.getAttribute('placeholder')).toBe('이메일, 대상, IP 검색');

    fireEvent.change(search, { target: { value: '  ghost ' } });
    await waitFor(() => expect(shownIds()).toEqual([105]));
    expect(lastQuery(calls)).toEqual({ q: 'ghost', size: '50' });

    fireEvent.change(search, { target: { value: '캡스톤' } });
    await waitFor(() => expect(shownIds()).toEqual([103]));
    expect(lastQuery(calls).q).toBe('캡스톤');
  });

  it('narrows by action, every action offered in Korean, and 초기화 clears it', async () => {
    screenWide(true);
    const calls = setup();
    await screen.findByTestId('admin-audit-table');
    const reset = screen.getByTestId('admin-audit-reset');
    expect(reset.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('admin-audit-action-filter'));
    const options = await screen.findAllByRole('option', { hidden: true });
    // 전체 작업 and every action the log records.
    expect(options).toHaveLength(auditActions.length + 1);
    expect(options[0]?.textContent).toBe('전체 작업');
    expect(options.map((option) => option.textContent)).toContain('2단계 인증 끔');
    expect(options.map((option) => option.textContent)).toContain('감사 로그 내보내기');
    fireEvent.click(await screen.findByRole('option', { name: '워크스페이스 삭제', hidden: true }));

    await waitFor(() => expect(shownIds()).toEqual([103]));
    expect(lastQuery(calls)).toEqual({ action: 'WORKSPACE_DELETED', size: '50' });

    fireEvent.click(reset);
    await waitFor(() => expect(shownIds()).toEqual([105, 104, 103, 102]));
    expect(lastQuery(calls)).toEqual({ size: '50' });
    expect(screen.getByTestId<HTMLInputElement>('admin-audit-action-filter').value).toBe(
      '전체 작업',
    );
  });

  it('sends the chosen days as from and to, and 초기화 clears them', async () => {
    // A phone: one card an entry.
    screenWide(false);
    const calls = setup();
    await waitFor(() => expect(shownIds()).toEqual([105, 104, 103, 102]));
    expect(screen.queryByTestId('admin-audit-table')).toBeNull();

    await pickDate('admin-audit-from', '2026-11-28');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ from: '2026-11-28', size: '50' }));
    await pickDate('admin-audit-to', '2026-11-29');
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ from: '2026-11-28', to: '2026-11-29', size: '50' }),
    );
    // The 29th in Korea: not 104, which was the 29th only in UTC.
    await waitFor(() => expect(shownIds()).toEqual([103, 102]));

    fireEvent.click(screen.getByTestId('admin-audit-reset'));
    await waitFor(() => expect(shownIds()).toEqual([105, 104, 103, 102]));
    expect(lastQuery(calls)).toEqual({ size: '50' });
    expect(screen.getByTestId('admin-audit-from').textContent).toBe('날짜 선택');
  });

  it('loads older entries with before = nextBefore under 더 보기, appending them', async () => {
    screenWide(false);
    const calls = setup();
    await waitFor(() => expect(shownIds()).toEqual([105, 104, 103, 102]));
    expect(listCalls(calls)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(shownIds()).toEqual([105, 104, 103, 102, 101, 100, 99]));
    expect(lastQuery(calls)).toEqual({ before: '102', size: '50' });
    // The oldest page says nextBefore: null, so there is nothing more to ask for.
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();

    // The appended cards: an actor no longer known, a team, an invitation.
    expect(cell(101, 'admin-audit-actor')).toBe('알 수 없음');
    expect(cell(101, 'admin-audit-target')).toBe('팀 1조');
    expect(cell(101, 'admin-audit-ip')).toBe('-');
    expect(cell(99, 'admin-audit-target-type')).toBe('초대');
    expect(cell(99, 'admin-audit-action')).toBe('가입 초대');
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('exports the filtered log as JSON lines with the session’s token, and reports a refusal', async () => {
    screenWide(true);
    const saved: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:test/audit';
      }),
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn(),
    });
    const lines = `${JSON.stringify(events[0])}\n`;
    let refuse = false;
    const calls = setup({
      override: (call) => {
        if (call.path !== '/api/admin/audit.jsonl') return undefined;
        if (refuse) return problem(400, 'VALIDATION_FAILED', '내보낼 기록이 너무 많습니다.');
        return new Response(lines, {
          headers: {
            'Content-Type': 'application/x-ndjson',
            'Content-Disposition': 'attachment; filename="audit.jsonl"',
          },
        });
      },
    });
    await screen.findByTestId('admin-audit-table');
    fireEvent.change(screen.getByLabelText('검색'), { target: { value: 'ghost' } });
    await chooseAction('로그인 실패');
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ q: 'ghost', action: 'SIGN_IN_FAILED', size: '50' }),
    );
    const listed = listCalls(calls).length;

    fireEvent.click(screen.getByRole('button', { name: '내보내기 (JSONL)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const exports = calls.filter((call) => call.path === '/api/admin/audit.jsonl');
    expect(exports).toHaveLength(1);
    expect(exports[0]?.method).toBe('GET');
    // The same filters as the list, without paging.
    expect(Object.fromEntries(exports[0]!.query)).toEqual({ q: 'ghost', action: 'SIGN_IN_FAILED' });
    expect(exports[0]?.headers.get('Authorization')).toBe('Bearer access');
    expect(saved[0]).toEqual({ name: '감사로그-20261130.jsonl', href: 'blob:test/audit' });
    expect(await blobs[0]?.text()).toBe(lines);
    // The export is logged too: the list is read again.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listed));

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: '내보내기 (JSONL)' }));
    expect(await screen.findByText('내보낼 기록이 너무 많습니다.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('says 기록이 없습니다. when nothing matches, with no 더 보기', async () => {
    screenWide(true);
    setup({
      override: (call) =>
        call.path === '/api/admin/audit'
          ? ok({ events: [], nextBefore: null, retentionDays: 30 } satisfies AuditPage)
          : undefined,
    });
    expect(await screen.findByText('기록이 없습니다.')).toBeTruthy();
    expect(screen.getByTestId('admin-audit-retention').textContent).toBe(
      '기록은 30일 동안 보관됩니다.',
    );
    expect(screen.queryByTestId('admin-audit-table')).toBeNull();
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();
  });

  it('shows the Korean detail of a 400 and reads again once the filter is cleared', async () => {
    screenWide(false);
    const detail = '날짜는 YYYY-MM-DD 형식이어야 합니다.';
    const calls = setup({
      override: (call) =>
        call.path === '/api/admin/audit' && call.query.has('from')
          ? problem(400, 'VALIDATION_FAILED', detail)
          : undefined,
    });
    await waitFor(() => expect(shownIds()).toHaveLength(4));

    await pickDate('admin-audit-from', '2026-11-28');
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(lastQuery(calls).from).toBe('2026-11-28');
    expect(shownIds()).toEqual([]);
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('admin-audit-reset'));
    await waitFor(() => expect(shownIds()).toHaveLength(4));
    expect(screen.queryByText(detail)).toBeNull();
  });
});
