import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage } from '@teamup/contracts/chat';
import type { WorkspacePresence } from '@teamup/contracts/presence';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderPage } from '../../../test/render';
import { usePresenceLiveHandlers } from '../../../lib/queries/workspace-presence';
import { LiveProvider } from '../../live/components/live-provider';
import {
  signedInScreenTests,
  ME,
  member,
  message,
  newMessageEvent,
  OTHER,
  page,
  room,
  stubChatApi,
} from '../test/fixtures';
import { noContent, ok, type ApiCall } from '../../../test/stub-api';
import { ChatRoomPage } from './chat-room-page';

const ROOMS = '/api/workspaces/1/chat-rooms';
const THIRD = 7;
const FOURTH = 8;

/** What the app frame mounts (app/live-handlers.tsx): presence kept live. */
function PresenceSync() {
  usePresenceLiveHandlers();
  return null;
}

/** A DM with 이서연 (OTHER), or a group of four; 이서연 is online, the others offline. */
function setup(kind: 'DM' | 'GROUP', history: ChatMessage[] = [message(10)]) {
  const members =
    kind === 'DM'
      ? [member(ME, '김민지'), member(OTHER, '이서연')]
      : [
          member(ME, '김민지'),
          member(OTHER, '이서연'),
          member(THIRD, '박지훈'),
          member(FOURTH, '최유진'),
        ];
  const chatRoom =
    kind === 'DM'
      ? room({ members })
      : room({ type: 'GROUP', name: '캡스톤 팀', memberCount: 4, members });
  const presence: WorkspacePresence = {
    workspaceId: 1,
    users: [
      { userId: ME, status: 'ONLINE' },
      { userId: OTHER, status: 'ONLINE' },
    ],
  };
  const calls = stubChatApi((call) => {
    if (call.path === ROOMS) return ok(page([chatRoom]));
    if (call.path === `${ROOMS}/4/members`) return ok(members);
    if (call.path === `${ROOMS}/4/read-pointers`) return ok({ chatRoomId: 4, pointers: [] });
    if (call.path === `${ROOMS}/4/messages` && call.method === 'GET') {
      return ok(page([...history].reverse(), history.length));
    }
    if (call.path === `${ROOMS}/4/messages` && call.method === 'POST') {
      const body = call.body as { content: string };
      return ok(message(50, { senderId: ME, senderName: '김민지', content: body.content }), 201);
    }
    if (call.path === `${ROOMS}/4/typing`) return noContent();
    if (call.path.endsWith('/last-read-refresh')) return noContent();
    if (call.path === `${ROOMS}/4/notice`) return ok({ chatRoomId: 4, message: null });
    if (call.path === '/api/workspaces/1/presence') return ok(presence);
    return undefined;
  });
  renderPage(
    '/ws/:workspaceId/chat/:chatId',
    <LiveProvider>
      <PresenceSync />
      <ChatRoomPage />
    </LiveProvider>,
    '/ws/1/chat/4',
  );
  return calls;
}

async function openLive() {
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  act(() => FakeEventSource.latest().open());
}
const typingLine = () => screen.getByTestId('chat-typing');
const typingPosts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === `${ROOMS}/4/typing`);
const typing = (userId: number, userName: string) =>
  act(() =>
    FakeEventSource.latest().emit({ type: 'CHAT_TYPING', chatRoomId: 4, userId, userName }),
  );

signedInScreenTests();

describe('typing indicator', () => {
  it('shows who else is typing politely, never me, and ends with their message', async () => {
    setup('GROUP');
    await screen.findByTestId('chat-typing', {}, { timeout: 5000 });
    expect(typingLine().getAttribute('aria-live')).toBe('polite');
    expect(typingLine().textContent).toBe('');
    await openLive();
    typing(ME, '김민지');
    typing(OTHER, '이서연');
    await waitFor(() => expect(typingLine().textContent).toBe('이서연님이 입력 중…'));
    typing(THIRD, '박지훈');
    await waitFor(() => expect(typingLine().textContent).toBe('이서연님, 박지훈님이 입력 중…'));
    typing(FOURTH, '최유진');
    await waitFor(() => expect(typingLine().textContent).toBe('이서연님 외 2명이 입력 중…'));
    // Another room's typing changes nothing here.
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_TYPING',
        chatRoomId: 99,
        userId: 9,
        userName: '다른 방',
      }),
    );
    act(() =>
      FakeEventSource.latest().emit(newMessageEvent(11, { senderId: OTHER, content: '다 썼어요' })),
    );
    await waitFor(() => expect(typingLine().textContent).toBe('박지훈님, 최유진님이 입력 중…'));
  });

  it('lets a name go after a few seconds without a new event', async () => {
    setup('GROUP');
    await screen.findByTestId('chat-typing', {}, { timeout: 5000 });
    await openLive();
    typing(THIRD, '박지훈');
    await waitFor(() => expect(typingLine().textContent).toBe('박지훈님이 입력 중…'));
    await waitFor(() => expect(typingLine().textContent).toBe(''), { timeout: 8000 });
  }, 15_000);

  it('tells the room I am typing at most once per interval, and again right after sending', async () => {
    const calls = setup('DM');
    const input = await screen.findByTestId<HTMLTextAreaElement>(
      'chat-input',
      {},
      { timeout: 5000 },
    );
    fireEvent.change(input, { target: { value: '안' } });
    fireEvent.change(input, { target: { value: '안녕' } });
    fireEvent.change(input, { target: { value: '안녕하' } });
    await waitFor(() => expect(typingPosts(calls)).toHaveLength(1));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `${ROOMS}/4/messages`)).toBe(true),
    );
    fireEvent.change(input, { target: { value: '또' } });
    await waitFor(() => expect(typingPosts(calls)).toHaveLength(2));
    // Clearing the input is not typing.
    fireEvent.change(input, { target: { value: '' } });
    expect(typingPosts(calls)).toHaveLength(2);
  });
});

describe('presence dots', () => {
  it('shows the DM partner’s presence in the header, kept live', async () => {
    setup('DM');
    const header = await screen.findByTestId('chat-room-title', {}, { timeout: 5000 });
    const dotOf = () => within(header.parentElement as HTMLElement).getByTestId('presence-dot');
    await waitFor(() => expect(dotOf().getAttribute('aria-label')).toBe('온라인'));
    await openLive();
    act(() =>
      FakeEventSource.latest().emit({
        type: 'PRESENCE_CHANGED',
        workspaceId: 1,
        changes: [{ userId: OTHER, status: 'AWAY' }],
      }),
    );
    await waitFor(() => expect(dotOf().getAttribute('aria-label')).toBe('자리 비움'));
    act(() =>
      FakeEventSource.latest().emit({
        type: 'PRESENCE_CHANGED',
        workspaceId: 1,
        changes: [{ userId: OTHER, status: 'OFFLINE' }],
      }),
    );
    await waitFor(() => expect(dotOf().getAttribute('aria-label')).toBe('오프라인'));
    // A 1:1 room has no member count to give ("멤버 2명"): its button names the other person.
    expect(screen.getByTestId('chat-members-button').textContent).toBe('대화 상대');
  });

  it('shows a dot on each member in the member list, and none in a group’s header', async () => {
    setup('GROUP');
    const header = await screen.findByTestId('chat-room-title', {}, { timeout: 5000 });
    expect(within(header.parentElement as HTMLElement).queryByTestId('presence-dot')).toBeNull();
    expect(screen.getByTestId('chat-members-button').textContent).toMatch(/^멤버 \d+명$/);
    fireEvent.click(screen.getByTestId('chat-members-button'));
    const dialog = await screen.findByTestId('chat-members-dialog');
    const rows = () =>
      within(dialog)
        .getAllByTestId('chat-member')
        .map((item) => ({
          name: ['김민지', '이서연', '박지훈', '최유진'].find((name) =>
            item.textContent?.includes(name),
          ),
          presence: within(item).getByTestId('presence-dot').getAttribute('aria-label'),
        }));
    await waitFor(() =>
      expect(rows()).toEqual([
        { name: '김민지', presence: '온라인' },
        { name: '이서연', presence: '온라인' },
        { name: '박지훈', presence: '오프라인' },
        { name: '최유진', presence: '오프라인' },
      ]),
    );
  });
});
