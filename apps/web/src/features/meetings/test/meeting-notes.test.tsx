import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Kanban } from '@teamup/contracts/kanban';
import { MeetingMessages, type MeetingDetail } from '@teamup/contracts/meetings';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, problem, routes, stubApi, testUser, type ApiCall } from '../../../test/stub-api';
import { MeetingNotesLoader } from '../components/meeting-notes-loader';
import { NOTES_SAVE_DELAY_MS } from '../components/use-notes-autosave';

const SESSION = 21;
const TEAM = 7;
const MEMBER = 5;

function detail(overrides: Partial<MeetingDetail> = {}): MeetingDetail {
  return {
    session: {
      id: SESSION,
      channelId: 4,
      startedAt: '2026-12-01T01:00:00.000Z',
      endedAt: '2026-12-01T01:30:00.000Z',
      minutes: 30,
      attendeeCount: 2,
      hasNotes: true,
      workspaceId: 1,
      channelName: '주간 회의',
      teamId: TEAM,
      teamName: '1조',
    },
    attendance: [
      {
        userId: testUser.id,
        name: testUser.name,
        minutes: 30,
        stays: [{ joinedAt: '2026-12-01T01:00:00.000Z', leftAt: '2026-12-01T01:30:00.000Z' }],
      },
      {
        userId: MEMBER,
        name: '이서준',
        minutes: 15,
        stays: [
          { joinedAt: '2026-12-01T01:02:00.000Z', leftAt: '2026-12-01T01:12:00.000Z' },
          { joinedAt: '2026-12-01T01:20:00.000Z', leftAt: '2026-12-01T01:25:00.000Z' },
        ],
      },
    ],
    notes: {
      content: '# 회의\n- [ ] 발표 자료 초안 @이서준 12/10\n그냥 메모',
      updatedAt: '2026-12-01T01:31:00.000Z',
      updatedBy: { id: testUser.id, name: testUser.name },
    },
    cards: [],
    canWrite: true,
    ...overrides,
  };
}

const board: Kanban = {
  id: 9,
  teamId: TEAM,
  kanbanLists: [
    { id: 30, kanbanListName: '할 일', order: 0, isDoneList: false, tasks: [] },
    { id: 31, kanbanListName: '완료', order: 1, isDoneList: true, tasks: [] },
  ],
};
const members = [
  { id: testUser.id, name: testUser.name },
  { id: MEMBER, name: '이서준' },
].map((m) => ({
  ...m,
  email: `${m.id}@example.com`,
  profileImageUrl: null,
  mbti: null,
  age: null,
  disposition: null,
  introduction: null,
  preferWorkstyle: null,
  dislikeWorkstyle: null,
  teamRole: 'MEMBER',
  joinedAt: '2026-11-01T00:00:00.000Z',
}));

const puts = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path === `/api/meetings/${SESSION}/notes`);

/** The input a label names (a Select's listbox carries the label too). */
function inputLabelled(container: HTMLElement, name: string): HTMLInputElement {
  const input = within(container)
    .getAllByLabelText(name)
    .find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${name}`);
  return input as HTMLInputElement;
}

function renderNotes() {
  return renderPage('/', <MeetingNotesLoader sessionId={SESSION} />);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-12-01T03:00:00Z'));
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: testUser.id });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('meeting notes', () => {
  it('shows the attendance and saves as you type, once the typing pauses, from the last version', async () => {
    let version = 0;
    const calls = stubApi(
      routes({
        [`GET /api/meetings/${SESSION}`]: () => ok(detail()),
        [`PUT /api/meetings/${SESSION}/notes`]: (call) => {
          version += 1;
          const { content } = call.body as { content: string };
          return ok({
            content,
            updatedAt: `2026-12-01T03:00:0${version}.000Z`,
            updatedBy: { id: testUser.id, name: testUser.name },
          });
        },
      }),
    );
    renderNotes();
    const editor = await screen.findByTestId('meeting-notes-editor');
    const attendees = screen.getAllByTestId('meeting-attendee');
    expect(attendees.map((a) => a.textContent)).toEqual([
      expect.stringContaining('30분'),
      expect.stringContaining('15분'),
    ]);
    expect(attendees[1]?.textContent).toContain('이서준');

    fireEvent.change(editor, { target: { value: '첫 줄' } });
    fireEvent.change(editor, { target: { value: '첫 줄\n둘째 줄' } });
    expect(puts(calls)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS + 50);
    });
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({
      content: '첫 줄\n둘째 줄',
      baseUpdatedAt: '2026-12-01T01:31:00.000Z',
    });
    await waitFor(() =>
      expect(screen.getByTestId('meeting-notes-status').textContent).toBe('저장됨'),
    );

    // The next save starts from the version the first one answered.
    fireEvent.change(editor, { target: { value: '첫 줄\n둘째 줄\n셋째 줄' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS + 50);
    });
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toMatchObject({ baseUpdatedAt: '2026-12-01T03:00:01.000Z' });
  });

  it('stops on a stale save, says so, and keeps the writer’s text beside the reloaded notes', async () => {
    let fresh = false;
    const calls = stubApi(
      routes({
        [`GET /api/meetings/${SESSION}`]: () =>
          ok(
            fresh
              ? detail({
                  notes: {
                    content: '다른 사람의 버전',
                    updatedAt: '2026-12-01T02:00:00.000Z',
                    updatedBy: { id: MEMBER, name: '이서준' },
                  },
                })
              : detail(),
          ),
        [`PUT /api/meetings/${SESSION}/notes`]: () => {
          fresh = true;
          return problem(409, ErrorCode.MEETING_NOTES_STALE, MeetingMessages.stale);
        },
      }),
    );
    renderNotes();
    const editor = await screen.findByTestId('meeting-notes-editor');
    fireEvent.change(editor, { target: { value: '내 버전' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS + 50);
    });
    const stale = await screen.findByTestId('meeting-notes-stale');
    expect(stale.textContent).toContain(MeetingMessages.stale);
    // No further save is tried while stale.
    fireEvent.change(editor, { target: { value: '내 버전 더' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS * 3);
    });
    expect(puts(calls)).toHaveLength(1);

    fireEvent.click(within(stale).getByRole('button', { name: '최신 내용 불러오기' }));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLTextAreaElement>('meeting-notes-editor').value).toBe(
        '다른 사람의 버전',
      ),
    );
    expect(screen.getByTestId<HTMLTextAreaElement>('meeting-notes-draft').value).toBe('내 버전 더');
    expect(screen.queryByTestId('meeting-notes-stale')).toBeNull();
  });

  it('is read only for staff reading a team they are not in', async () => {
    stubApi(routes({ [`GET /api/meetings/${SESSION}`]: () => ok(detail({ canWrite: false })) }));
    renderNotes();
    const editor = await screen.findByTestId('meeting-notes-editor');
    expect(editor.hasAttribute('readonly')).toBe(true);
    expect(screen.getByText('교수자·조교는 이 팀의 회의록을 읽기만 할 수 있습니다.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '카드로 만들기' })).toBeNull();
  });

  it('shows an error with a retry when the meeting cannot be read', async () => {
    stubApi(
      routes({
        [`GET /api/meetings/${SESSION}`]: () =>
          problem(403, ErrorCode.TEAM_NOT_MEMBER, '팀원만 볼 수 있습니다.'),
      }),
    );
    renderNotes();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('회의 정보를 불러오지 못했습니다.');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeTruthy();
  });
});

describe('action item form', () => {
  it('offers the action item lines, prefills assignee and due date, creates the card, then links it', async () => {
    let cards: MeetingDetail['cards'] = [];
    const calls = stubApi(
      routes({
        [`GET /api/meetings/${SESSION}`]: () => ok(detail({ cards })),
        [`GET /api/teams/${TEAM}/members`]: () => ok(members),
        [`GET /api/kanban/team/${TEAM}`]: () => ok(board),
        [`POST /api/meetings/${SESSION}/cards`]: () => {
          cards = [
            {
              lineKey: '발표 자료 초안 @이서준 12/10',
              taskId: 77,
              teamId: TEAM,
              subject: '발표 자료 초안',
              createdAt: '2026-12-01T03:00:00.000Z',
            },
          ];
          return ok(cards[0], 201);
        },
      }),
    );
    renderNotes();
    const items = await screen.findAllByTestId('meeting-action-item');
    // Only the "- [ ]" line is an action item.
    expect(items).toHaveLength(1);
    fireEvent.click(within(items[0]!).getByRole('button', { name: '카드로 만들기' }));
    const form = await screen.findByTestId('action-item-form');
    expect(within(form).getByLabelText<HTMLInputElement>('카드 제목').value).toBe('발표 자료 초안');
    expect(within(form).getByLabelText<HTMLInputElement>('마감일').value).toBe('2026-12-10');
    await waitFor(() => expect(inputLabelled(form, '담당자').value).toBe('이서준'));
    await waitFor(() => expect(inputLabelled(form, '목록').value).toBe('할 일'));

    fireEvent.click(within(form).getByRole('button', { name: '만들기' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/cards'))).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      line: '- [ ] 발표 자료 초안 @이서준 12/10',
      subject: '발표 자료 초안',
      assigneeId: MEMBER,
      dueDate: '2026-12-10',
      kanbanListId: 30,
    });
    const link = await screen.findByRole('link', { name: '카드 보기' });
    expect(link.getAttribute('href')).toBe(`/ws/1/team/${TEAM}?tab=kanban&task=77`);
    expect(screen.queryByTestId('action-item-form')).toBeNull();
  });

  it('shows the server’s refusal (the line was already made a card)', async () => {
    stubApi(
      routes({
        [`GET /api/meetings/${SESSION}`]: () => ok(detail()),
        [`GET /api/teams/${TEAM}/members`]: () => ok(members),
        [`GET /api/kanban/team/${TEAM}`]: () => ok(board),
        [`POST /api/meetings/${SESSION}/cards`]: () =>
          problem(409, ErrorCode.MEETING_CARD_EXISTS, MeetingMessages.cardExists),
      }),
    );
    renderNotes();
    const [item] = await screen.findAllByTestId('meeting-action-item');
    fireEvent.click(within(item!).getByRole('button', { name: '카드로 만들기' }));
    const form = await screen.findByTestId('action-item-form');
    fireEvent.click(within(form).getByRole('button', { name: '만들기' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(MeetingMessages.cardExists);
  });

  it('for a workspace room asks for one of the writer’s teams first', async () => {
    stubApi(
      routes({
        [`GET /api/meetings/${SESSION}`]: () =>
          ok(detail({ session: { ...detail().session, teamId: null, teamName: null } })),
        'GET /api/teams/workspace/1': () =>
          ok([
            { id: TEAM, name: '1조', isMember: true },
            { id: 8, name: '2조', isMember: false },
          ]),
      }),
    );
    renderNotes();
    const [item] = await screen.findAllByTestId('meeting-action-item');
    fireEvent.click(within(item!).getByRole('button', { name: '카드로 만들기' }));
    const form = await screen.findByTestId('action-item-form');
    expect(inputLabelled(form, '팀').value).toBe('');
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: '만들기' }).disabled).toBe(
      true,
    );
  });
});
