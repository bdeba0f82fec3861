import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import { renderPage } from '../../../test/render';
import { ok, noContent } from '../../../test/stub-api';
import { LiveProvider } from '../../live/components/live-provider';
import {
  ME,
  member,
  message,
  OTHER,
  page,
  room,
  signedInScreenTests,
  stubChatApi,
} from '../test/fixtures';
import { ChatRoomPage } from './chat-room-page';

const ROOMS = '/api/workspaces/1/chat-rooms';
const HOOKS = `${ROOMS}/4/webhooks`;

const groupRoom = (overrides: Partial<ChatRoom> = {}) =>
  room({
    type: 'GROUP',
    name: '캡스톤 공지방',
    memberCount: 3,
    members: [member(ME, '김민지'), member(OTHER, '이서연'), member(7, '박준호')],
    ...overrides,
  });

const bot = (id: number, name: string): ChatMessage =>
  message(id, { senderId: 0, senderName: name, bot: true, content: `${name}의 알림 ${id}` });

function setup({
  chatRoom = groupRoom(),
  history = [message(1)],
  myRole = 'MEMBER',
}: {
  chatRoom?: ChatRoom;
  history?: ChatMessage[];
  myRole?: 'OWNER' | 'ADMIN' | 'MEMBER';
} = {}) {
  const calls = stubChatApi(
    (call) => {
      if (call.path === ROOMS) return ok(page([chatRoom]));
      if (call.path === `${ROOMS}/4/members`) return ok(chatRoom.members);
      if (call.path === `${ROOMS}/4/messages`) return ok(page([...history].reverse()));
      if (call.path === `${ROOMS}/4/last-read-refresh`) return noContent();
      if (call.path === HOOKS && call.method === 'GET') return ok([]);
      return undefined;
    },
    { myRole },
  );
  renderPage(
    '/ws/:workspaceId/chat/:chatId',
    <LiveProvider>
      <ChatRoomPage />
    </LiveProvider>,
    '/ws/1/chat/4',
  );
  return calls;
}

const rowOf = async (id: number) => {
  await screen.findByTestId('chat-room-title');
  return waitFor(() => {
    const row = screen
      .getAllByTestId('chat-message')
      .find((item) => item.dataset.messageId === String(id));
    if (!row) throw new Error(`message ${id} not shown`);
    return row;
  });
};

signedInScreenTests();

describe('messages an incoming webhook posted (bot: true)', () => {
  it('show a "봇" badge and a robot beside the bot\'s name, which opens no profile', async () => {
    setup({ history: [message(1), bot(2, '배포 알림')] });
    const row = await rowOf(2);
    const sender = within(row).getByTestId('chat-bot-sender');
    expect(sender.textContent).toBe('배포 알림봇');
    expect(within(sender).getByTestId('chat-bot-badge').textContent).toBe('봇');
    expect(within(row).getByTestId('chat-bot-avatar')).toBeTruthy();
    // Sender id 0 is nobody: no link to a profile, no person's avatar.
    expect(within(row).queryByTestId('chat-sender-link')).toBeNull();
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).queryByRole('img')).toBeNull();
    expect(within(row).getByTestId('chat-message-content').textContent).toBe('배포 알림의 알림 2');

    // A person's message keeps their link and shows no badge.
    const person = await rowOf(1);
    expect(within(person).getByTestId('chat-sender-link').textContent).toBe('이서연');
    expect(within(person).queryByTestId('chat-bot-badge')).toBeNull();
    expect(within(person).queryByTestId('chat-bot-avatar')).toBeNull();
  });

  it('name each bot of a run: two bots in a row are two senders, not one', async () => {
    setup({ history: [bot(1, '배포 알림'), bot(2, '배포 알림'), bot(3, 'CI 결과')] });
    await rowOf(3);
    const names = screen.getAllByTestId('chat-bot-sender').map((item) => item.textContent);
    expect(names).toEqual(['배포 알림봇', 'CI 결과봇']);
  });
});

describe('the 웹훅 button in the room header', () => {
  it("opens the room's incoming webhooks for the group room's creator", async () => {
    const calls = setup({ chatRoom: groupRoom({ createdBy: ME }) });
    fireEvent.click(await screen.findByRole('button', { name: '웹훅' }));
    expect(await screen.findByTestId('incoming-webhooks-empty')).toBeTruthy();
    expect(calls.some((call) => call.path === HOOKS && call.method === 'GET')).toBe(true);
  });

  it('shows for a workspace admin in a group room someone else made', async () => {
    setup({ chatRoom: groupRoom({ createdBy: OTHER }), myRole: 'ADMIN' });
    expect(await screen.findByTestId('chat-webhooks-button')).toBeTruthy();
  });

  it('is not there for a member in a group someone else made', async () => {
    setup({ chatRoom: groupRoom({ createdBy: OTHER }) });
    await rowOf(1);
    expect(screen.queryByTestId('chat-webhooks-button')).toBeNull();
    expect(await screen.findByTestId('chat-notify-level-button')).toBeTruthy();
  });

  it('is not there in a 1:1 room, even for the owner', async () => {
    setup({ chatRoom: room({ createdBy: ME }), myRole: 'OWNER' });
    await rowOf(1);
    expect(screen.queryByTestId('chat-webhooks-button')).toBeNull();
  });
});
