import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { FakeEventSource } from '../../test/fake-event-source';
import { renderPage } from '../../test/render';
import { LiveProvider } from '../../features/live/components/live-provider';
import { ChatRoomsLiveSync } from '../../features/chat/components/chat-rooms-live-sync';
import { usePresenceLiveHandlers } from '../../lib/queries/workspace-presence';
import { WorkspaceSidePanel } from './workspace-side-panel';
import {
  deferred,
  signedInScreenTests,
  ME,
  member,
  message,
  newMessageEvent,
  OTHER,
  page,
  room,
  stubChatApi,
} from '../../features/chat/test/fixtures';
import { ok, problem, type ApiCall } from '../../test/stub-api';

const ROOMS = '/api/workspaces/1/chat-rooms';

const dm = room({ id: 4, unreadCount: 2, lastMessage: message(8), lastReadMessageId: 6 });
const group = room({
  id: 6,
  type: 'GROUP',
  name: '디자인 회의',
  members: [member(ME, '김민지'), member(OTHER, '이서연'), member(8, '박지훈')],
  memberCount: 3,
});

const people = [
  { id: ME, name: '김민지', email: 'minji@demo.teamup' },
  { id: OTHER, name: '이서연', email: 'seoyeon@demo.teamup' },
  { id: 8, name: '박지훈', email: 'jihun@demo.teamup' },
].map((person) => ({
  ...person,
  profileImageUrl: null,
  mbti: null,
  age: null,
  disposition: null,
  introduction: null,
  preferWorkstyle: null,
  dislikeWorkstyle: null,
  portfolio: null,
  hashtags: [],
  role: 'MEMBER',
  joinedAt: '2026-01-01T00:00:00.000Z',
}));

/** What the frame mounts with the live handlers (app/live-handlers.tsx). */
function PresenceSync() {
  usePresenceLiveHandlers();
  return null;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function setup(
  create?: (call: ApiCall) => Response,
  rooms: () => Response | Promise<Response> = () => ok(page([dm, group])),
) {
  const calls = stubChatApi((call) => {
    if (call.path === ROOMS) return rooms();
    if (call.path === '/api/workspaces/1/members') return ok(people);
    if (call.path === '/api/workspaces/1/presence') {
      return ok({ workspaceId: 1, users: [{ userId: OTHER, status: 'ONLINE' }] });
    }
    if (call.path.startsWith(`${ROOMS}/create`) && create) return create(call);
    return undefined;
  });
  renderPage(
    '/ws/:workspaceId/*',
    <LiveProvider>
      {/* The frame keeps the room lists live (ProtectedLayout), as here. */}
      <ChatRoomsLiveSync workspaceId={1} />
      <PresenceSync />
      <WorkspaceSidePanel />
      <LocationProbe />
    </LiveProvider>,
    '/ws/1',
  );
  return calls;
}

const badgeOf = (roomId: number) =>
  within(
    screen
      .getAllByTestId('chat-room-link')
      .find((link) => link.dataset.roomId === String(roomId)) as HTMLElement,
  ).queryByTestId('chat-unread-badge')?.textContent ?? null;

async function openLive() {
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  act(() => FakeEventSource.latest().open());
}

// The new-chat dialog is a lazy chunk: transformed once here, so that the first test opening it
// does not spend findBy's whole second waiting for the module on a loaded machine.
beforeAll(async () => {
  await import('../../features/chat/components/new-chat-dialog');
});

signedInScreenTests();

describe('side panel chat sections', () => {
  it('lists DMs and groups in their sections with unread badges, linking to each room', async () => {
    setup();
    const dms = await screen.findByTestId('side-panel-dms');
    const dmLink = await within(dms).findByTestId('chat-room-link');
    expect(dmLink.textContent).toContain('이서연');
    expect(dmLink.getAttribute('href')).toBe('/ws/1/chat/4');
    expect(badgeOf(4)).toBe('2');
    const groups = screen.getByTestId('side-panel-groups');
    expect(within(groups).getByTestId('chat-room-link').textContent).toContain('디자인 회의');
    expect(badgeOf(6)).toBeNull();
  });

  it('shows the DM partner’s presence on the DM, kept live; groups have none', async () => {
    setup();
    const dms = await screen.findByTestId('side-panel-dms');
    const dmLink = await within(dms).findByTestId('chat-room-link');
    await waitFor(() =>
      expect(within(dmLink).getByTestId('presence-dot').getAttribute('aria-label')).toBe('온라인'),
    );
    const groups = screen.getByTestId('side-panel-groups');
    expect(within(groups).queryByTestId('presence-dot')).toBeNull();
    await openLive();
    act(() =>
      FakeEventSource.latest().emit({
        type: 'PRESENCE_CHANGED',
        workspaceId: 1,
        changes: [{ userId: OTHER, status: 'AWAY' }],
      }),
    );
    await waitFor(() =>
      expect(within(dmLink).getByTestId('presence-dot').getAttribute('aria-label')).toBe(
        '자리 비움',
      ),
    );
  });

  it('counts a live message from someone else, not my own, and clears on CHAT_READ', async () => {
    setup();
    await screen.findAllByTestId('chat-room-link');
    await openLive();
    act(() => FakeEventSource.latest().emit(newMessageEvent(9, { chatRoomId: 4 })));
    await waitFor(() => expect(badgeOf(4)).toBe('3'));
    act(() => FakeEventSource.latest().emit(newMessageEvent(10, { chatRoomId: 6 })));
    await waitFor(() => expect(badgeOf(6)).toBe('1'));
    act(() => FakeEventSource.latest().emit(newMessageEvent(11, { chatRoomId: 4, senderId: ME })));
    act(() => FakeEventSource.latest().emit(newMessageEvent(12, { chatRoomId: 6 })));
    await waitFor(() => expect(badgeOf(6)).toBe('2'));
    // My own message did not count.
    expect(badgeOf(4)).toBe('3');
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_READ',
        chatRoomId: 4,
        lastReadMessageId: 11,
        unreadCount: 0,
      }),
    );
    await waitFor(() => expect(badgeOf(4)).toBeNull());
  });

  it('marks a room muted live (CHAT_NOTIFY_LEVEL_CHANGED): a bell-off and a grey badge', async () => {
    setup();
    await screen.findAllByTestId('chat-room-link');
    const linkOf = (roomId: number) =>
      screen
        .getAllByTestId('chat-room-link')
        .find((link) => link.dataset.roomId === String(roomId)) as HTMLElement;
    expect(within(linkOf(4)).queryByTestId('chat-room-muted')).toBeNull();
    await openLive();
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_NOTIFY_LEVEL_CHANGED',
        chatRoomId: 4,
        level: 'MUTE',
      }),
    );
    const muted = await within(linkOf(4)).findByTestId('chat-room-muted');
    expect(muted.getAttribute('aria-label')).toBe('알림 꺼짐');
    expect(badgeOf(4)).toBe('2');
    const badge = within(linkOf(4)).getByTestId('chat-unread-badge');
    expect(badge.getAttribute('style') ?? '').toContain('gray');
    expect(within(linkOf(6)).queryByTestId('chat-room-muted')).toBeNull();
  });

  it('keeps a live message counted when a list fetch asked before it answers after it', async () => {
    let answer: () => Response | Promise<Response> = () => ok(page([dm, group]));
    const calls = setup(undefined, () => answer());
    await screen.findAllByTestId('chat-room-link');
    await openLive();
    await waitFor(() => expect(badgeOf(4)).toBe('2'));
    const listCalls = () => calls.filter((call) => call.path === ROOMS).length;
    // A fetch of the list is on its way (someone joined a room) and will answer the old counts.
    const late = deferred<Response>();
    answer = () => late.promise;
    const before = listCalls();
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_MEMBER_JOINED',
        chatRoomId: 6,
        workspaceId: 1,
        userId: 8,
        userName: '박지훈',
      }),
    );
    await waitFor(() => expect(listCalls()).toBe(before + 1));
    // Meanwhile a message comes in; the server's list now counts it.
    answer = () => ok(page([{ ...dm, unreadCount: 3, lastMessage: message(9) }, group]));
    act(() => FakeEventSource.latest().emit(newMessageEvent(9, { chatRoomId: 4 })));
    await waitFor(() => expect(badgeOf(4)).toBe('3'));
    await act(async () => {
      late.resolve(ok(page([dm, group])));
      await late.promise;
    });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before + 1));
    await waitFor(() => expect(badgeOf(4)).toBe('3'));
  });

  it('checks the new chat: someone picked, exactly one for 1:1, a name for a group', async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole('button', { name: '다이렉트 메시지 추가' }));
    const dialog = await screen.findByTestId('new-chat-dialog');
    await within(dialog).findAllByTestId('new-chat-member-option');
    // The user themself is not offered.
    expect(
      within(dialog)
        .getAllByTestId('new-chat-member-option')
        .map((option) => option.dataset.userId),
    ).toEqual([String(OTHER), '8']);

    fireEvent.click(within(dialog).getByTestId('new-chat-submit'));
    expect(await within(dialog).findByText('최소 1명의 사용자를 선택해주세요.')).toBeTruthy();

    for (const option of within(dialog).getAllByTestId('new-chat-member-option')) {
      fireEvent.click(option);
    }
    fireEvent.click(within(dialog).getByTestId('new-chat-submit'));
    expect(
      await within(dialog).findByText('1:1 채팅은 상대방 한 명만 선택할 수 있습니다.'),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByText('그룹 채팅'));
    fireEvent.click(within(dialog).getByTestId('new-chat-submit'));
    expect(await within(dialog).findByText('그룹 채팅방 이름을 입력해주세요.')).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith(`${ROOMS}/create`))).toBe(false);
  });

  it('starts a DM with one person and opens it', async () => {
    const calls = setup(() =>
      ok(room({ id: 12, members: [member(ME, '김민지'), member(8, '박지훈')] }), 201),
    );
    fireEvent.click(await screen.findByRole('button', { name: '다이렉트 메시지 추가' }));
    const dialog = await screen.findByTestId('new-chat-dialog');
    const options = await within(dialog).findAllByTestId('new-chat-member-option');
    fireEvent.click(options.find((option) => option.dataset.userId === '8') as HTMLElement);
    fireEvent.click(within(dialog).getByTestId('new-chat-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ws/1/chat/12'));
    const created = calls.find((call) => call.path === `${ROOMS}/create-dm`);
    expect(created?.body).toEqual({ chatMemberIdList: [8], workspaceId: 1 });
  });

  it('creates a named group from the group section, and says so when it fails', async () => {
    let attempt = 0;
    const calls = setup(() =>
      ++attempt === 1
        ? problem(500, 'INTERNAL', '서버 오류')
        : ok(room({ id: 13, type: 'GROUP', name: '스터디' }), 201),
    );
    fireEvent.click(await screen.findByRole('button', { name: '그룹 채팅 추가' }));
    const dialog = await screen.findByTestId('new-chat-dialog');
    for (const option of await within(dialog).findAllByTestId('new-chat-member-option')) {
      fireEvent.click(option);
    }
    fireEvent.change(within(dialog).getByTestId('new-chat-name-input'), {
      target: { value: ' 스터디 ' },
    });
    fireEvent.click(within(dialog).getByTestId('new-chat-submit'));
    expect(
      await within(dialog).findByText('채팅방 생성에 실패했습니다. 다시 시도해주세요.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('new-chat-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ws/1/chat/13'));
    const created = calls.filter((call) => call.path === `${ROOMS}/create`).at(-1);
    expect(created?.body).toEqual({
      name: '스터디',
      type: 'GROUP',
      chatMemberIdList: [OTHER, 8],
      workspaceId: 1,
    });
  });
});
