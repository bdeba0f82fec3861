import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ChatNotifyLevel, ChatRoom } from '@teamup/contracts/chat';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderPage } from '../../../test/render';
import { LiveProvider } from '../../live/components/live-provider';
import { ChatRoomsLiveSync } from '../components/chat-rooms-live-sync';
import { messages, page, room, signedInScreenTests, stubChatApi } from '../test/fixtures';
import { noContent, ok, problem, type ApiCall } from '../../../test/stub-api';
import { ChatRoomPage } from './chat-room-page';

const ROOMS = '/api/workspaces/1/chat-rooms';
const LEVEL = `${ROOMS}/4/notify-level`;

function setup({
  chatRoom = room(),
  answer = (call: ApiCall) =>
    ok({ chatRoomId: 4, level: (call.body as { level: ChatNotifyLevel | null }).level }),
}: {
  chatRoom?: ChatRoom;
  answer?: (call: ApiCall) => Response;
} = {}) {
  const calls = stubChatApi((call) => {
    if (call.path === ROOMS) return ok(page([chatRoom]));
    if (call.path === `${ROOMS}/4/members`) return ok(chatRoom.members);
    if (call.path === `${ROOMS}/4/messages`) return ok(page(messages(1, 2).reverse(), 2));
    if (call.path === `${ROOMS}/4/last-read-refresh`) return noContent();
    if (call.path === LEVEL && call.method === 'PUT') return answer(call);
    return undefined;
  });
  renderPage(
    '/ws/:workspaceId/chat/:chatId',
    <LiveProvider>
      <ChatRoomsLiveSync workspaceId={1} />
      <ChatRoomPage />
    </LiveProvider>,
    '/ws/1/chat/4',
  );
  return calls;
}

const bell = () => screen.findByTestId('chat-notify-level-button');
const levelShown = async () => (await bell()).dataset.level;

async function choose(label: string) {
  fireEvent.click(await bell());
  const option = (await screen.findAllByTestId('chat-notify-level-option')).find((item) =>
    item.textContent?.includes(label),
  );
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

signedInScreenTests();

describe('the room notification level in the header', () => {
  it('offers the four levels with the current one checked, and saves a choice at once', async () => {
    const calls = setup();
    expect(await levelShown()).toBe('DEFAULT');
    expect((await bell()).getAttribute('aria-label')).toBe('채팅방 알림: 알림 설정 따름');
    fireEvent.click(await bell());
    const options = await screen.findAllByTestId('chat-notify-level-option');
    expect(options.map((option) => option.dataset.level)).toEqual([
      'DEFAULT',
      'ALL',
      'MENTIONS',
      'MUTE',
    ]);
    expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    fireEvent.click(options[3] as HTMLElement);
    expect(await levelShown()).toBe('MUTE');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === LEVEL)).toEqual([
        expect.objectContaining({ method: 'PUT', body: { level: 'MUTE' } }),
      ]),
    );
    expect(await screen.findByText('이 채팅방의 알림을 바꿨습니다: 알림 끄기')).toBeTruthy();
  });

  it('sends null to follow the settings again', async () => {
    const calls = setup({ chatRoom: room({ notifyLevel: 'MENTIONS' }) });
    expect(await levelShown()).toBe('MENTIONS');
    await choose('알림 설정 따름');
    await waitFor(() =>
      expect(calls.find((call) => call.path === LEVEL)?.body).toEqual({ level: null }),
    );
    expect(await levelShown()).toBe('DEFAULT');
  });

  it('puts the level back and says so when the server refuses', async () => {
    setup({ answer: () => problem(500, 'INTERNAL', '오류') });
    await choose('멘션만');
    expect(
      await screen.findByText('알림 설정을 바꾸지 못했습니다. 다시 시도해주세요.'),
    ).toBeTruthy();
    expect(await levelShown()).toBe('DEFAULT');
  });

  it('follows a change made in another tab (CHAT_NOTIFY_LEVEL_CHANGED)', async () => {
    setup();
    expect(await levelShown()).toBe('DEFAULT');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_NOTIFY_LEVEL_CHANGED',
        chatRoomId: 4,
        level: 'ALL',
      }),
    );
    await waitFor(async () => expect(await levelShown()).toBe('ALL'));
  });
});
