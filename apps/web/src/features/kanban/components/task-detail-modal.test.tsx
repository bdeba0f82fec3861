import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import {
  board,
  comment,
  installKanbanShims,
  list,
  ME,
  member,
  OTHER,
  page,
  task,
  teamMember,
} from '../test/fixtures';
import { noContent, ok, stubApi, type ApiCall } from '../../../test/stub-api';
import { TeamReadOnlyContext } from '../../../lib/team-read-only';
import { KanbanTab } from './kanban-tab';

const BOARD = '/api/kanban/team/7';
const COMMENTS = '/api/kanban/tasks/11/comments';
const members = [teamMember(OTHER, '팀장님'), teamMember(ME, '김하늘'), teamMember(4, '이수민')];

function serve(extra: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === BOARD) {
      return ok(
        board([
          list(10, '할 일', [
            task(11, 10, {
              subject: '발표 준비',
              content: '슬라이드',
              deadline: '2026-04-01',
              members: [member(ME, '김하늘')],
            }),
          ]),
        ]),
      );
    }
    if (call.method === 'GET' && call.path === '/api/teams/7/members') return ok(members);
    return extra(call);
  });
}

async function openDetail() {
  renderPage('/', <KanbanTab teamId={7} leaderId={OTHER} userId={ME} />);
  fireEvent.click(await screen.findByTestId('kanban-task'));
  return screen.findByTestId('task-detail');
}

beforeEach(() => {
  installKanbanShims();
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Task detail', () => {
  it('is text for a class instructor or TA reading the team: no field, save, delete or request', async () => {
    serve((call) => (call.path === COMMENTS ? ok(page([], 0, 0)) : undefined));
    renderPage(
      '/',
      <TeamReadOnlyContext.Provider value>
        <KanbanTab teamId={7} leaderId={OTHER} userId={ME} />
      </TeamReadOnlyContext.Provider>,
    );
    fireEvent.click(await screen.findByTestId('kanban-task'));
    const detail = await screen.findByTestId('task-detail');
    const summary = within(detail).getByTestId('task-summary');
    expect(summary.textContent).toContain('발표 준비');
    expect(summary.textContent).toContain('슬라이드');
    expect(summary.textContent).toContain('담당자: 김하늘');
    for (const id of ['task-subject-input', 'task-save', 'task-delete', 'task-complete-button']) {
      expect(within(detail).queryByTestId(id), id).toBeNull();
    }
    expect(within(detail).queryAllByRole('textbox')).toHaveLength(0);
    // Nothing to say about completion (not asked, not approved): no empty section for it.
    expect(within(detail).queryByTestId('task-completion')).toBeNull();
  });

  it('saves the subject, content, deadline and assignees together', async () => {
    const calls = serve((call) => {
      if (call.method === 'PUT' && call.path === '/api/kanban/tasks/11') return ok(task(11, 10));
      if (call.path === COMMENTS) return ok(page([], 0, 0));
      return undefined;
    });
    const detail = await openDetail();
    const subject = within(detail).getByTestId<HTMLInputElement>('task-subject-input');
    expect(subject.value).toBe('발표 준비');
    fireEvent.change(subject, { target: { value: '  ' } });
    fireEvent.click(within(detail).getByTestId('task-save'));
    expect(await within(detail).findByText('카드 제목을 입력해주세요.')).toBeTruthy();
    fireEvent.change(subject, { target: { value: '발표 리허설' } });
    // The deadline is a Korean date picker; clearing it sends none.
    expect(within(detail).getByTestId('task-deadline-input').textContent).toBe('2026. 4. 1.');
    fireEvent.click(within(detail).getByRole('button', { name: '날짜 지우기' }));
    fireEvent.click(within(detail).getByTestId('task-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        subject: '발표 리허설',
        content: '슬라이드',
        deadline: null,
        assigneeIds: [ME],
      }),
    );
  });

  it('takes a deadline day with an optional due time, asking first when it has passed', async () => {
    const calls = serve((call) => {
      if (call.method === 'PUT' && call.path === '/api/kanban/tasks/11') return ok(task(11, 10));
      if (call.path === COMMENTS) return ok(page([], 0, 0));
      return undefined;
    });
    const detail = await openDetail();
    const hours = within(detail).getByTestId<HTMLInputElement>('task-deadline-input-time-hours');
    const minutes = within(detail).getByTestId<HTMLInputElement>(
      'task-deadline-input-time-minutes',
    );
    fireEvent.change(hours, { target: { value: '18' } });
    fireEvent.change(minutes, { target: { value: '30' } });
    fireEvent.click(within(detail).getByTestId('task-save'));
    // 1 April 2026 has passed: a confirm, not a refusal, and nothing is sent before it.
    expect(
      await screen.findByText(
        `마감일(${dayjs('2026-04-01T18:30').format('YYYY년 M월 D일 A h:mm')})이 이미 지났습니다. 그래도 저장할까요?`,
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        deadline: dayjs('2026-04-01T18:30').toISOString(),
      }),
    );
  });

  it('deletes the card after the shared confirm', async () => {
    const calls = serve((call) => {
      if (call.method === 'DELETE' && call.path === '/api/kanban/tasks/11') return noContent();
      if (call.path === COMMENTS) return ok(page([], 0, 0));
      return undefined;
    });
    const detail = await openDetail();
    fireEvent.click(within(detail).getByTestId('task-delete'));
    expect(
      await screen.findByText("'발표 준비' 카드를 삭제할까요? 댓글도 함께 삭제됩니다."),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('task-detail')).toBeNull());
  });

  it('pages comments four at a time with a window of three page numbers', async () => {
    const calls = serve((call) => {
      if (call.method !== 'GET' || call.path !== COMMENTS) return undefined;
      const number = Number(call.query.get('page'));
      const ids = [1, 2, 3, 4].map((index) => number * 4 + index).filter((id) => id <= 18);
      return ok(
        page(
          ids.map((id) => comment(id)),
          number,
          18,
        ),
      );
    });
    const detail = await openDetail();
    expect(await within(detail).findAllByTestId('task-comment-item')).toHaveLength(4);
    expect(calls.find((call) => call.path === COMMENTS)?.query.toString()).toBe('page=0&size=4');
    const pager = within(detail).getByTestId('task-comment-pager');
    const numbers = () =>
      within(pager)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter(Boolean);
    expect(numbers()).toEqual(['1', '2', '3']);
    expect(within(pager).getByLabelText<HTMLButtonElement>('이전 댓글 페이지').disabled).toBe(true);

    fireEvent.click(within(pager).getByRole('button', { name: '댓글 3 페이지' }));
    await waitFor(() => expect(numbers()).toEqual(['2', '3', '4']));
    await waitFor(() =>
      expect(
        within(detail)
          .getAllByTestId('task-comment-item')
          .map((item) => item.dataset.commentId),
      ).toEqual(['9', '10', '11', '12']),
    );
    const shownIds = () =>
      within(detail)
        .getAllByTestId('task-comment-item')
        .map((item) => item.dataset.commentId);
    fireEvent.click(within(pager).getByLabelText('다음 댓글 페이지'));
    await waitFor(() => expect(shownIds()).toEqual(['13', '14', '15', '16']));
    fireEvent.click(within(pager).getByRole('button', { name: '댓글 5 페이지' }));
    await waitFor(() => expect(numbers()).toEqual(['3', '4', '5']));
    await waitFor(() => expect(within(detail).getAllByTestId('task-comment-item')).toHaveLength(2));
    expect(within(pager).getByLabelText<HTMLButtonElement>('다음 댓글 페이지').disabled).toBe(true);
  });

  it('adds a comment and offers edit and delete on my comments only', async () => {
    const stored = [
      comment(1, { accountId: OTHER }),
      comment(2, { accountId: ME, authorName: '김하늘' }),
    ];
    const calls = serve((call) => {
      if (call.path !== COMMENTS && !call.path.startsWith(`${COMMENTS}/`)) return undefined;
      if (call.method === 'POST') {
        const created = comment(3, {
          accountId: ME,
          authorName: '김하늘',
          comment: (call.body as { comment: string }).comment,
        });
        stored.push(created);
        return ok(created, 201);
      }
      if (call.method === 'DELETE' && call.path === `${COMMENTS}/2`) {
        stored.splice(1, 1);
        return noContent();
      }
      return ok(page(stored, 0, stored.length));
    });
    const detail = await openDetail();
    const [theirs, mine] = await within(detail).findAllByTestId('task-comment-item');
    expect(within(theirs!).queryByTestId('task-comment-edit')).toBeNull();
    expect(within(theirs!).queryByTestId('task-comment-delete')).toBeNull();
    expect(within(mine!).getByTestId('task-comment-edit')).toBeTruthy();

    fireEvent.click(within(detail).getByTestId('task-comment-submit'));
    expect(await within(detail).findByText('댓글 내용을 입력해주세요.')).toBeTruthy();
    fireEvent.change(within(detail).getByTestId('task-comment-input'), {
      target: { value: '좋아요' },
    });
    fireEvent.click(within(detail).getByTestId('task-comment-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ comment: '좋아요' }),
    );
    expect(await within(detail).findByText('좋아요')).toBeTruthy();

    fireEvent.click(within(mine!).getByTestId('task-comment-delete'));
    fireEvent.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(within(detail).getAllByTestId('task-comment-item')).toHaveLength(2));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
