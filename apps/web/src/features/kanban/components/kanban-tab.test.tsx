import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { Kanban } from '@teamup/contracts/kanban';
import { useLocation } from 'react-router';
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
import { noContent, ok, problem, stubApi, type ApiCall } from '../../../test/stub-api';
import { KanbanTab } from './kanban-tab';

const BOARD = '/api/kanban/team/7';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}
const members = [teamMember(OTHER, '팀장님'), teamMember(ME, '김하늘')];

function renderTab(leaderId = OTHER) {
  return renderPage('/', <KanbanTab teamId={7} leaderId={leaderId} userId={ME} />);
}

/** Answers the board (as `current()` says) and the members; `extra` answers the rest. */
function serve(
  current: () => Kanban,
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === BOARD) return ok(current());
    if (call.method === 'GET' && call.path === '/api/teams/7/members') return ok(members);
    return extra(call);
  });
}

const boardGets = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === BOARD).length;

async function openCard(taskId: number) {
  const card = (await screen.findAllByTestId('kanban-task')).find(
    (element) => element.dataset.taskId === String(taskId),
  );
  fireEvent.click(card!);
  return screen.findByTestId('task-detail');
}

beforeEach(() => {
  installKanbanShims();
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
});

afterEach(() => {
  cleanup();
  // Toasts live in a store shared by the tests: clear them so none waits in the queue.
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('KanbanTab board', () => {
  it('opens the card the address names at its comment, and closing takes them out of it', async () => {
    serve(
      () => board([list(10, '할 일', [task(1, 10, { subject: '기획서' })])]),
      (call) =>
        call.path === '/api/kanban/tasks/1/comments'
          ? ok(page([comment(41, { kanbanTaskId: 1, comment: '찾던 댓글' })], 0, 1))
          : undefined,
    );
    renderPage(
      '/ws/:workspaceId/team/:teamId',
      <>
        <KanbanTab teamId={7} leaderId={OTHER} userId={ME} />
        <LocationProbe />
      </>,
      '/ws/1/team/7?tab=kanban&task=1&comment=41',
    );
    const detail = await screen.findByTestId('task-detail');
    expect(within(detail).getByDisplayValue('기획서')).toBeTruthy();
    const found = await within(detail).findByText('찾던 댓글');
    expect(found.closest('li')?.dataset.focused).toBe('true');
    fireEvent.keyDown(detail, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/7?tab=kanban'),
    );
    await waitFor(() => expect(screen.queryByTestId('task-detail')).toBeNull());
  });

  it('shows the lists as columns with their cards in order', async () => {
    serve(() =>
      board([
        list(10, '할 일', [
          task(1, 10, { subject: '기획서', deadline: '2000-01-01' }),
          task(2, 10, { subject: '디자인', deadline: '2000-01-01', isApproved: true }),
        ]),
        list(20, '진행 중', [
          task(3, 20, { rejected: true, approvalMessage: '테스트를 추가해주세요' }),
        ]),
      ]),
    );
    renderTab();
    const columns = await screen.findAllByTestId('kanban-list');
    expect(columns.map((column) => column.dataset.listId)).toEqual(['10', '20']);
    expect(screen.getAllByTestId('kanban-list-name').map((name) => name.textContent)).toEqual([
      '할 일',
      '진행 중',
    ]);
    const first = within(columns[0]!).getAllByTestId('kanban-task');
    expect(first.map((card) => card.dataset.taskId)).toEqual(['1', '2']);
    expect(within(first[0]!).getByText('기획서')).toBeTruthy();
    // Overdue and not approved is a warning; approved is only a date.
    expect(within(first[0]!).getByTestId('task-deadline').textContent).toBe('기한 지남');
    expect(within(first[1]!).getByTestId('task-deadline').textContent).toBe('2000년 1월 1일');
    expect(within(first[1]!).getByTestId('task-state').textContent).toBe('승인됨');
    const rejected = within(columns[1]!).getByTestId('task-state');
    expect(rejected.textContent).toBe('반려됨');
    expect(rejected.getAttribute('aria-label')).toBe('반려됨: 테스트를 추가해주세요');
    // Each column has its own add field.
    expect(within(columns[1]!).getByTestId('kanban-add-task-input')).toBeTruthy();
  });

  it('shows three assignee avatars, then +N', async () => {
    serve(() =>
      board([
        list(10, '할 일', [
          task(1, 10, { members: [1, 2, 3, 4, 5].map((id) => member(id)), commentCount: 2 }),
          task(2, 10, { members: [1, 2, 3].map((id) => member(id)) }),
        ]),
      ]),
    );
    renderTab();
    const [five, three] = await screen.findAllByTestId('kanban-task');
    expect(within(five!).getAllByTestId('task-assignee')).toHaveLength(3);
    expect(within(five!).getByTestId('task-assignees-more').textContent).toBe('+2');
    expect(within(five!).getByLabelText('댓글 2개')).toBeTruthy();
    expect(within(three!).getAllByTestId('task-assignee')).toHaveLength(3);
    expect(within(three!).queryByTestId('task-assignees-more')).toBeNull();
  });

  it('adds a card with Enter at the bottom of its column', async () => {
    let created = false;
    const calls = serve(
      () => board([list(10, '할 일', created ? [task(5, 10, { subject: '새 카드' })] : [])]),
      (call) => {
        if (call.method === 'POST' && call.path === '/api/kanban/tasks') {
          created = true;
          return ok(task(5, 10, { subject: '새 카드' }), 201);
        }
        return undefined;
      },
    );
    renderTab();
    const input = await screen.findByTestId('kanban-add-task-input');
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('카드 제목을 입력해주세요.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '  새 카드 ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        subject: '새 카드',
        kanbanListId: 10,
      }),
    );
    expect(await screen.findByText('새 카드')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('confirms a list delete with the number of its cards', async () => {
    const calls = serve(
      () => board([list(10, '할 일', [task(1, 10), task(2, 10)])]),
      (call) =>
        call.method === 'DELETE' && call.path === '/api/kanban/lists/10' ? noContent() : undefined,
    );
    renderTab();
    fireEvent.click(await screen.findByTestId('kanban-list-menu'));
    fireEvent.click(await screen.findByTestId('kanban-list-delete'));
    expect(
      await screen.findByText(
        "'할 일' 리스트와 그 안의 카드 2개를 삭제할까요? 되돌릴 수 없습니다.",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('makes the three starter lists of an empty board in order, 완료 as the done list', async () => {
    const made: Array<{ name: string; isDoneList: boolean }> = [];
    const calls = serve(
      () =>
        board(
          made.map(({ name, isDoneList }, index) => list(100 + index, name, [], { isDoneList })),
        ),
      (call) => {
        if (call.method === 'POST' && call.path === '/api/kanban/lists') {
          const body = call.body as { kanbanListName: string; isDoneList?: boolean };
          made.push({ name: body.kanbanListName, isDoneList: body.isDoneList === true });
          return ok(list(100 + made.length, body.kanbanListName, []), 201);
        }
        return undefined;
      },
    );
    renderTab();
    expect(await screen.findByText('아직 리스트가 없습니다.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('kanban-starter-lists'));
    await waitFor(() => expect(screen.getAllByTestId('kanban-list')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { kanbanId: 1, kanbanListName: '할 일' },
      { kanbanId: 1, kanbanListName: '진행 중' },
      { kanbanId: 1, kanbanListName: '완료', isDoneList: true },
    ]);
    // The done list carries its mark.
    const done = screen
      .getAllByTestId('kanban-list')
      .filter((column) => within(column).queryByTestId('kanban-done-list-mark'));
    expect(
      done.map((column) => within(column).getByTestId('kanban-list-name').textContent),
    ).toEqual(['완료']);
  });

  it('lets the leader mark a list as the done list from its menu; others do not see it', async () => {
    let doneId: number | null = 12;
    const lists = () =>
      board([
        list(10, '할 일', []),
        list(11, '검토', [], { isDoneList: doneId === 11 }),
        list(12, '완료', [], { isDoneList: doneId === 12 }),
      ]);
    const calls = serve(lists, (call) => {
      if (call.method === 'PUT' && call.path === '/api/kanban/lists/11') {
        doneId = (call.body as { isDoneList: boolean }).isDoneList ? 11 : null;
        return ok(list(11, '검토', [], { isDoneList: doneId === 11 }));
      }
      return undefined;
    });
    renderTab(ME);
    const columns = await screen.findAllByTestId('kanban-list');
    const review = columns[1]!;
    fireEvent.click(within(review).getByTestId('kanban-list-menu'));
    const toggle = await screen.findByTestId('kanban-list-done-toggle');
    expect(toggle.textContent).toBe('완료 리스트로 지정');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ isDoneList: true }),
    );
    expect(
      await screen.findByText(
        "'검토' 리스트를 완료 리스트로 지정했습니다. 승인된 카드가 이곳으로 옮겨집니다.",
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('kanban-list')[1]!).queryByTestId('kanban-done-list-mark'),
      ).not.toBeNull(),
    );
    expect(
      within(screen.getAllByTestId('kanban-list')[2]!).queryByTestId('kanban-done-list-mark'),
    ).toBeNull();
    cleanup();

    serve(lists);
    renderTab(OTHER);
    const [first] = await screen.findAllByTestId('kanban-list');
    fireEvent.click(within(first!).getByTestId('kanban-list-menu'));
    await screen.findByTestId('kanban-list-rename');
    expect(screen.queryByTestId('kanban-list-done-toggle')).toBeNull();
  });

  it('offers adding a card to the done list to the leader only (such a card is approved)', async () => {
    const lists = () => board([list(10, '할 일', []), list(12, '완료', [], { isDoneList: true })]);
    serve(lists);
    renderTab(OTHER);
    let columns = await screen.findAllByTestId('kanban-list');
    expect(within(columns[0]!).queryByTestId('kanban-add-task-input')).not.toBeNull();
    expect(within(columns[1]!).queryByTestId('kanban-add-task-input')).toBeNull();
    cleanup();

    serve(lists);
    renderTab(ME);
    columns = await screen.findAllByTestId('kanban-list');
    expect(within(columns[1]!).queryByTestId('kanban-add-task-input')).not.toBeNull();
  });

  it('shows a rejected card’s reason on the card itself', async () => {
    serve(() =>
      board([
        list(10, '진행 중', [
          task(1, 10, { rejected: true, approvalMessage: '출처 표기가 빠졌어요' }),
          task(2, 10, { rejected: true }),
          task(3, 10, { isApproved: true, approvalMessage: '수고했어요' }),
        ]),
      ]),
    );
    renderTab();
    const cards = await screen.findAllByTestId('kanban-task');
    const reason = within(cards[0]!).getByTestId('task-rejection');
    expect(reason.textContent).toBe('반려 사유출처 표기가 빠졌어요');
    // Without a message the badge says it; an approval's note stays off the card face.
    expect(within(cards[1]!).getByTestId('task-state').textContent).toBe('반려됨');
    expect(within(cards[1]!).queryByTestId('task-rejection')).toBeNull();
    expect(within(cards[2]!).queryByTestId('task-rejection')).toBeNull();
  });

  it('shows a load failure with a retry', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path === '/api/teams/7/members') return ok(members);
      if (call.path !== BOARD) return undefined;
      return fail ? problem(500, 'INTERNAL') : ok(board([list(10, '할 일', [])]));
    });
    renderTab();
    expect(await screen.findByText('칸반 보드를 불러오지 못했습니다.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('kanban-list')).toBeTruthy();
  });
});

describe('KanbanTab completion', () => {
  it.each([
    ['normal', true, {}],
    ['rejected', true, { rejected: true }],
    ['requested', false, { completionRequested: true }],
    ['approved', false, { isApproved: true }],
  ] as const)('on a %s card the Complete button shows: %s', async (_name, shown, state) => {
    serve(() => board([list(10, '할 일', [task(1, 10, state)])]));
    renderTab();
    const detail = await openCard(1);
    expect(within(detail).getByTestId('task-subject-input')).toBeTruthy();
    expect(within(detail).queryByTestId('task-complete-button') !== null).toBe(shown);
  });

  it('asks for completion with an optional message', async () => {
    let requested = false;
    const calls = serve(
      () => board([list(10, '할 일', [task(1, 10, { completionRequested: requested })])]),
      (call) => {
        if (call.method === 'POST' && call.path === '/api/kanban/cards/1/completion-request') {
          requested = true;
          return ok(task(1, 10, { completionRequested: true }));
        }
        if (call.path.startsWith('/api/kanban/tasks/1/comments'))
          return ok({
            content: [],
            totalPages: 1,
            totalElements: 0,
            size: 4,
            pageable: { pageNumber: 0, pageSize: 4 },
            first: true,
            last: true,
          });
        return undefined;
      },
    );
    renderTab();
    const detail = await openCard(1);
    fireEvent.click(within(detail).getByTestId('task-complete-button'));
    fireEvent.change(within(detail).getByTestId('task-complete-message'), {
      target: { value: '끝났습니다' },
    });
    fireEvent.click(within(detail).getByTestId('task-complete-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/completion-request'))?.body).toEqual({
        message: '끝났습니다',
      }),
    );
    await waitFor(() => expect(within(detail).queryByTestId('task-complete-button')).toBeNull());
    expect(within(detail).getByText('팀장님의 승인을 기다리고 있습니다.')).toBeTruthy();
  });

  it('shows the pending panel to the leader only', async () => {
    const pending = () =>
      board([
        list(10, '할 일', [
          task(1, 10),
          task(2, 10, {
            subject: '보고서',
            completionRequested: true,
            completionRequestMessage: '확인 부탁드려요',
            completionRequesterId: ME,
          }),
        ]),
      ]);
    serve(pending);
    renderTab(ME);
    const panel = await screen.findByTestId('kanban-pending-panel');
    expect(
      within(panel)
        .getAllByTestId('pending-item')
        .map((item) => item.dataset.taskId),
    ).toEqual(['2']);
    expect(within(panel).getByText('요청 메시지: 확인 부탁드려요')).toBeTruthy();
    expect(await within(panel).findByText(/요청: 김하늘/)).toBeTruthy();
    cleanup();

    serve(pending);
    renderTab(OTHER);
    expect(await screen.findAllByTestId('kanban-task')).toHaveLength(2);
    expect(screen.queryByTestId('kanban-pending-panel')).toBeNull();
  });

  it('approves a card with a message and shows its new state', async () => {
    let approved = false;
    const calls = serve(
      () => {
        const card = task(2, approved ? 20 : 10, {
          completionRequested: !approved,
          isApproved: approved,
          approvalMessage: approved ? '수고했어요' : null,
        });
        return board([
          list(10, '할 일', approved ? [] : [card]),
          list(20, '완료', approved ? [card] : [], { isDoneList: true }),
        ]);
      },
      (call) => {
        if (call.method === 'POST' && call.path === '/api/kanban/cards/2/completion-approval') {
          approved = true;
          return ok(task(2, 20, { isApproved: true }));
        }
        return undefined;
      },
    );
    renderTab(ME);
    const panel = await screen.findByTestId('kanban-pending-panel');
    const before = boardGets(calls);
    fireEvent.change(within(panel).getByTestId('pending-message-input'), {
      target: { value: ' 수고했어요 ' },
    });
    fireEvent.click(within(panel).getByTestId('pending-approve'));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/completion-approval'))?.body).toEqual({
        approved: true,
        approvalMessage: '수고했어요',
      }),
    );
    // The board is asked again: the card is approved, leaves the panel and sits in '완료'.
    await waitFor(() => expect(screen.queryByTestId('kanban-pending-panel')).toBeNull());
    expect(boardGets(calls)).toBeGreaterThan(before);
    expect(screen.getByTestId('task-state').textContent).toBe('승인됨');
    expect(await screen.findByText("카드를 승인하고 '완료' 리스트로 옮겼습니다.")).toBeTruthy();
    const [todo, done] = screen.getAllByTestId('kanban-list');
    expect(within(todo!).queryByTestId('kanban-task')).toBeNull();
    expect(within(done!).getByTestId('kanban-task').dataset.taskId).toBe('2');
  });

  it('rejects a card without a message', async () => {
    const calls = serve(
      () => board([list(10, '할 일', [task(2, 10, { completionRequested: true })])]),
      (call) =>
        call.method === 'POST' && call.path === '/api/kanban/cards/2/completion-approval'
          ? ok(task(2, 10, { rejected: true }))
          : undefined,
    );
    renderTab(ME);
    fireEvent.click(await screen.findByTestId('pending-reject'));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/completion-approval'))?.body).toEqual({
        approved: false,
      }),
    );
  });
});
