import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassOverview, ClassOverviewTeam } from '@teamup/contracts/class-overview';
import { renderPage, screenWide } from '../../../test/render';
import { ok, problem, type ApiCall } from '../../../test/stub-api';
import { deferred, signedInScreenTests, stubChatApi } from '../../chat/test/fixtures';
import { ClassOverviewPage } from '../pages/class-overview-page';

function team(id: number, name: string, extra: Partial<ClassOverviewTeam> = {}): ClassOverviewTeam {
  return {
    id,
    name,
    leader: { id: 100 + id, name: `${name}장` },
    members: [],
    totalCards: 4,
    approvedCards: 2,
    progress: 50,
    overdueCards: 0,
    lastActivityAt: '2026-11-29T00:00:00.000Z',
    meetingsThisWeek: [],
    evaluation: null,
    lastNudgedAt: null,
    ...extra,
  };
}

const overview: ClassOverview = {
  workspaceId: 1,
  asOf: '2026-11-30T03:00:00.000Z',
  weekStart: '2026-11-30',
  inactiveDays: 7,
  round: null,
  teams: [
    team(1, '가람', { progress: 20, overdueCards: 3 }),
    team(2, '나비', {
      progress: 90,
      members: [
        { id: 7, name: '김철수', lastActivityAt: null, inactive: true },
        { id: 8, name: '이영희', lastActivityAt: '2026-11-29T00:00:00.000Z', inactive: false },
      ],
    }),
    team(3, '다람쥐', {
      progress: 60,
      meetingsThisWeek: [
        { id: 1, startedAt: '2026-11-30T01:00:00.000Z', endedAt: null, hasNotes: true },
      ],
    }),
  ],
};

function setup(
  answer: (call: ApiCall) => Response | Promise<Response> = () => ok(overview),
  nudge: (call: ApiCall) => Response = () => ok({ recipients: 2 }, 201),
) {
  const calls = stubChatApi((call) => {
    if (call.path === '/api/workspaces/1/class/overview') return answer(call);
    if (call.path === '/api/workspaces/1/class/nudges' && call.method === 'POST')
      return nudge(call);
    return undefined;
  });
  renderPage('/ws/:workspaceId/class', <ClassOverviewPage />, '/ws/1/class');
  return calls;
}

const rowNames = () =>
  screen
    .getAllByTestId('class-team')
    .map((row) => within(row).getByTestId('class-team-link').textContent);

signedInScreenTests();

describe('수업 현황 page', () => {
  it('shows a loader, then a table sorted by name whose headers sort by keyboard', async () => {
    screenWide(true);
    const answer = deferred<Response>();
    setup(() => answer.promise);
    expect(await screen.findByTestId('class-loading')).toBeTruthy();
    answer.resolve(ok(overview));
    expect(await screen.findByTestId('class-table')).toBeTruthy();
    expect(rowNames()).toEqual(['가람', '나비', '다람쥐']);
    expect(screen.getByRole('link', { name: '가람 팀 페이지 열기' }).getAttribute('href')).toBe(
      '/ws/1/team/1',
    );

    // A header is a button: Enter on it (a native click) sorts, most first, then flips.
    const progress = screen.getByTestId('class-sort-progress');
    progress.focus();
    fireEvent.click(progress);
    expect(rowNames()).toEqual(['나비', '다람쥐', '가람']);
    expect(progress.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(progress);
    expect(rowNames()).toEqual(['가람', '다람쥐', '나비']);
    expect(progress.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByTestId('class-sort-overdue'));
    expect(rowNames()[0]).toBe('가람');
  });

  it('filters by overdue cards, inactive members, no meeting this week and a name', async () => {
    screenWide(true);
    setup();
    await screen.findByTestId('class-table');
    fireEvent.click(screen.getByLabelText('지연 카드 있음'));
    expect(rowNames()).toEqual(['가람']);
    fireEvent.click(screen.getByLabelText('지연 카드 있음'));
    fireEvent.click(screen.getByLabelText('비활동 멤버 있음'));
    expect(rowNames()).toEqual(['나비']);
    fireEvent.click(screen.getByLabelText('비활동 멤버 있음'));
    fireEvent.click(screen.getByLabelText('이번 주 회의 없음'));
    expect(rowNames()).toEqual(['가람', '나비']);
    fireEvent.change(screen.getByLabelText('이름 검색'), { target: { value: '철수' } });
    expect(rowNames()).toEqual(['나비']);
    fireEvent.change(screen.getByLabelText('이름 검색'), { target: { value: '없는팀' } });
    expect(screen.getByTestId('class-empty-filtered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '필터 지우기' }));
    expect(rowNames()).toEqual(['가람', '나비', '다람쥐']);
  });

  it('nudges an inactive member from the modal, and shows a refusal in Korean', async () => {
    screenWide(false);
    let refuse = true;
    const calls = setup(undefined, () =>
      refuse
        ? problem(
            429,
            'CLASS_NUDGE_TOO_SOON',
            '같은 대상에게는 10분에 한 번만 알림을 보낼 수 있습니다.',
          )
        : ok({ recipients: 1 }, 201),
    );
    // A phone: cards, with the sort as a select.
    expect(await screen.findByTestId('class-sort-select')).toBeTruthy();
    expect(screen.queryByTestId('class-table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '김철수 님에게 알림 보내기' }));
    expect((await screen.findByTestId('nudge-target')).textContent).toBe('나비 팀 김철수 님');
    const send = screen.getByTestId('nudge-send');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('nudge-message'), { target: { value: ' 확인해주세요 ' } });
    fireEvent.click(send);
    expect(
      await screen.findByText('같은 대상에게는 10분에 한 번만 알림을 보낼 수 있습니다.'),
    ).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByTestId('nudge-send'));
    expect(await screen.findByText('알림을 1명에게 보냈습니다.')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST' && call.path.endsWith('/nudges'));
    expect(posts.at(-1)?.body).toEqual({ teamId: 2, userId: 7, message: '확인해주세요' });
    await waitFor(() => expect(screen.queryByTestId('nudge-form')).toBeNull());
  });

  it('nudges a whole team', async () => {
    screenWide(true);
    const calls = setup();
    await screen.findByTestId('class-table');
    fireEvent.click(screen.getByRole('button', { name: '다람쥐 팀에 알림 보내기' }));
    expect((await screen.findByTestId('nudge-target')).textContent).toBe('다람쥐 팀 학생 모두');
    fireEvent.change(screen.getByTestId('nudge-message'), {
      target: { value: '회의록 올려주세요' },
    });
    fireEvent.click(screen.getByTestId('nudge-send'));
    expect(await screen.findByText('알림을 2명에게 보냈습니다.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST' && call.path.endsWith('/nudges'));
    expect(post?.body).toEqual({ teamId: 3, userId: null, message: '회의록 올려주세요' });
  });

  it('shows the server’s refusal with a retry, and an empty class', async () => {
    screenWide(true);
    let fail = true;
    setup(() =>
      fail
        ? problem(403, 'CLASS_STAFF_ONLY', '교수자와 조교만 볼 수 있습니다.')
        : ok({ ...overview, teams: [] }),
    );
    expect(await screen.findByText('교수자와 조교만 볼 수 있습니다.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('class-empty')).toBeTruthy();
  });
});
