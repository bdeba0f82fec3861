import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyTask, MyTaskGroup } from '@teamup/contracts/my-tasks';
import { LiveContext } from '../../../lib/live/live-context';
import { fakeLiveConnection } from '../../../test/fake-live-connection';
import { renderPage } from '../../../test/render';
import { ok, problem, type ApiCall } from '../../../test/stub-api';
import { deferred, page, signedInScreenTests, stubChatApi } from '../../chat/test/fixtures';
import { MyTasksLink } from '../components/my-tasks-link';
import { useMyTasksLiveHandlers } from '../hooks/use-my-tasks-live-handlers';
import { MyTasksPage } from '../pages/my-tasks-page';

function task(id: number, group: MyTaskGroup, extra: Partial<MyTask> = {}): MyTask {
  return {
    id,
    subject: `카드 ${id}`,
    deadline: group === 'NO_DATE' ? null : '2026-12-01',
    group,
    done: false,
    isApproved: false,
    completionRequested: false,
    rejected: false,
    list: { id: 3, name: '진행 중', isDoneList: false },
    team: { id: 5, name: '캡스톤 팀' },
    workspace: { id: 1, name: '소프트웨어공학' },
    updatedAt: '2026-11-30T00:00:00.000Z',
    ...extra,
  };
}

const live = fakeLiveConnection();

function Listening() {
  useMyTasksLiveHandlers();
  return null;
}

function setup(list: (call: ApiCall) => Response | Promise<Response>) {
  const calls = stubChatApi((call) => {
    if (call.path === '/api/users/me/tasks') return list(call);
    if (call.path === '/api/users/me/tasks/count') return ok({ open: 3, overdue: 1 });
    return undefined;
  });
  renderPage(
    '*',
    <LiveContext value={live.connection}>
      <Listening />
      <MyTasksLink />
      <MyTasksPage />
    </LiveContext>,
    '/my-tasks',
  );
  return calls;
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/users/me/tasks');

signedInScreenTests();

describe('내 할 일 page', () => {
  it('shows a loader, then the cards under their groups with team and status', async () => {
    const answer = deferred<Response>();
    setup(() => answer.promise);
    expect(await screen.findByTestId('my-tasks-loading')).toBeTruthy();
    answer.resolve(
      ok(
        page([
          task(1, 'OVERDUE', { completionRequested: true }),
          task(2, 'TODAY'),
          task(3, 'THIS_WEEK', { team: { id: 6, name: '디자인 팀' } }),
          task(4, 'NO_DATE'),
        ]),
      ),
    );
    const groups = await screen.findAllByTestId('my-tasks-group');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      '기한 지남',
      '오늘',
      '이번 주',
      '기한 없음',
    ]);
    const first = within(groups[0] as HTMLElement);
    expect(first.getByText('캡스톤 팀 · 소프트웨어공학')).toBeTruthy();
    expect(first.getByTestId('my-task-list').textContent).toBe('진행 중');
    expect(first.getByTestId('my-task-state').textContent).toBe('승인 대기');
    expect(within(groups[3] as HTMLElement).getByTestId('my-task-due').textContent).toBe(
      '기한 없음',
    );
    const link = within(groups[2] as HTMLElement).getByRole('link', {
      name: "디자인 팀의 '카드 3' 카드 열기",
    });
    expect(link.getAttribute('href')).toBe('/ws/1/team/6?tab=kanban&task=3');
    // The side panel's badge: three open, one of them overdue.
    const badge = await screen.findByTestId('my-tasks-count');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('남은 할 일 3개, 기한 지남 1개');
  });

  it('says so when nothing is assigned, and when a filter finds nothing', async () => {
    const calls = setup(() => ok(page([])));
    expect((await screen.findByTestId('my-tasks-empty')).textContent).toContain(
      '맡은 할 일이 없습니다.',
    );
    fireEvent.click(screen.getByRole('switch', { name: '완료된 카드도 보기' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('includeDone')).toBe('true'));
    await waitFor(() =>
      expect(screen.getByTestId('my-tasks-empty').textContent).toContain(
        '조건에 맞는 할 일이 없습니다.',
      ),
    );
  });

  it('asks the server for the chosen group', async () => {
    const calls = setup((call) =>
      ok(page(call.query.get('group') === 'TODAY' ? [task(2, 'TODAY')] : [task(1, 'OVERDUE')])),
    );
    await screen.findByText('카드 1');
    fireEvent.click(screen.getByTestId('my-tasks-group-filter'));
    fireEvent.click(await screen.findByRole('option', { name: '오늘', hidden: true }));
    await screen.findByText('카드 2');
    expect(listCalls(calls).at(-1)?.query.get('group')).toBe('TODAY');
    expect(screen.queryByText('카드 1')).toBeNull();
  });

  it('fetches the list and the count again when a board changes live, not for other areas', async () => {
    let subject = '처음 제목';
    const calls = setup(() => ok(page([task(1, 'TODAY', { subject })])));
    await screen.findByText('처음 제목');
    const countCalls = () =>
      calls.filter((call) => call.path === '/api/users/me/tasks/count').length;
    await waitFor(() => expect(countCalls()).toBe(1));
    const before = listCalls(calls).length;

    act(() =>
      live.emit({ type: 'TEAM_CONTENT_CHANGED', workspaceId: 1, teamId: 5, area: 'POSTS' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listCalls(calls).length).toBe(before);

    subject = '바뀐 제목';
    act(() =>
      live.emit({ type: 'TEAM_CONTENT_CHANGED', workspaceId: 1, teamId: 5, area: 'KANBAN' }),
    );
    await screen.findByText('바뀐 제목');
    await waitFor(() => expect(countCalls()).toBe(2));
  });

  it('shows the server’s problem with a way to try again', async () => {
    setup(() => problem(503, 'DATABASE_UNAVAILABLE', '잠시 후 다시 시도해주세요.'));
    expect((await screen.findByRole('alert')).textContent).toContain('잠시 후 다시 시도해주세요.');
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();
  });
});
