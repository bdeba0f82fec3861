import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatRoomFile, ChatRoomFilesPage } from '@teamup/contracts/chat';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderPage } from '../../../test/render';
import { LiveProvider } from '../../live/components/live-provider';
import {
  deferred,
  signedInScreenTests,
  ME,
  messages,
  newMessageEvent,
  OTHER,
  page,
  room,
  stubChatApi,
} from '../test/fixtures';
import { noContent, ok, type ApiCall } from '../../../test/stub-api';
import { ChatRoomPage } from './chat-room-page';

const ROOMS = '/api/workspaces/1/chat-rooms';
const FILES = `${ROOMS}/4/files`;

function shared(id: number, type: 'image' | 'file', fileName: string, day = 2): ChatRoomFile {
  return {
    attachment: { id, type, url: `/api/chat-attachments/${id}`, fileName, size: 2048 },
    messageId: 100 + id,
    senderId: id % 2 === 0 ? ME : OTHER,
    senderName: id % 2 === 0 ? '김민지' : '이서연',
    sentAt: `2026-03-0${day}T05:00:00.000Z`,
  };
}

/** The room page, its files list answered by `files` (a page per cursor). */
function setup(files: (call: ApiCall) => ChatRoomFilesPage | Promise<ChatRoomFilesPage>) {
  const chatRoom = room();
  const calls = stubChatApi(async (call) => {
    if (call.path === ROOMS) return ok(page([chatRoom]));
    if (call.path === `${ROOMS}/4/members`) return ok(chatRoom.members);
    if (call.path === `${ROOMS}/4/messages` && call.method === 'GET') {
      return ok(page(messages(1, 2).reverse(), 2));
    }
    if (call.path === FILES) return ok(await files(call));
    if (call.path.startsWith('/api/chat-attachments/')) {
      return new Response('png', { headers: { 'Content-Type': 'image/png' } });
    }
    if (call.path.endsWith('/last-read-refresh')) return noContent();
    return new Response(null, { status: 404 });
  });
  renderPage(
    '/ws/:workspaceId/chat/:chatId',
    <LiveProvider>
      <ChatRoomPage />
    </LiveProvider>,
    '/ws/1/chat/4',
  );
  return calls;
}

const filesCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === FILES);

async function openDrawer() {
  fireEvent.click(await screen.findByTestId('chat-files-button'));
  return screen.findByRole('dialog', { name: '이 채팅방의 파일' });
}

signedInScreenTests();

beforeEach(() => {
  let next = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => `blob:test/${++next}`),
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(),
  });
});

describe('the room’s files drawer', () => {
  it('lists images as a grid and files with name, size, sender and date, newest first, a page at a time', async () => {
    const calls = setup((call) =>
      call.query.get('cursor') === null
        ? {
            items: [shared(4, 'image', 'd.png', 5), shared(3, 'file', '회의록.txt', 4)],
            nextCursor: '103.0',
          }
        : {
            items: [shared(2, 'image', 'b.png', 3), shared(1, 'file', '예산.xlsx')],
            nextCursor: null,
          },
    );
    const drawer = await openDrawer();
    await within(drawer).findByTestId('chat-files-list');
    const grid = within(drawer).getByTestId('chat-files-images');
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByTestId('chat-attachment-image')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['d.png']),
    );
    const rows = () => within(drawer).getAllByTestId('chat-files-file');
    expect(rows().map((row) => row.textContent)).toEqual([
      '회의록.txt2 KB · 이서연 · 2026년 3월 4일다운로드',
    ]);
    expect(filesCalls(calls)[0]?.query.get('limit')).toBe('30');

    fireEvent.click(within(drawer).getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(filesCalls(calls)[1]?.query.get('cursor')).toBe('103.0');
    expect(within(drawer).getByRole('button', { name: /^예산\.xlsx .*다운로드$/ })).toBe(rows()[1]);
    await waitFor(() =>
      expect(within(grid).getAllByTestId('chat-attachment-image')).toHaveLength(2),
    );
    expect(within(drawer).queryByRole('button', { name: '더 보기' })).toBeNull();

    // A thumbnail opens the drawer's images large.
    fireEvent.click(within(grid).getByRole('button', { name: 'b.png 크게 보기' }));
    await waitFor(() =>
      expect(screen.getByTestId('chat-lightbox-image').getAttribute('alt')).toBe('b.png'),
    );
    expect(screen.getByTestId('chat-lightbox-position').textContent).toBe('2 / 2');
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const seen: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          seen.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const calls = setup((call) =>
      call.query.get('cursor') === null
        ? { items: [shared(3, 'file', '첫 쪽.txt')], nextCursor: '103.0' }
        : { items: [shared(1, 'file', '둘째 쪽.txt')], nextCursor: null },
    );
    const drawer = await openDrawer();
    await within(drawer).findByText('첫 쪽.txt');
    expect(filesCalls(calls)).toHaveLength(1);
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    act(() => seen.at(-1)?.([{ isIntersecting: true }]));
    await within(drawer).findByText('둘째 쪽.txt');
    expect(filesCalls(calls)[1]?.query.get('cursor')).toBe('103.0');
  });

  it('asks for images only or other files only', async () => {
    const calls = setup((call) =>
      call.query.get('kind') === 'image'
        ? { items: [shared(2, 'image', 'b.png')], nextCursor: null }
        : { items: [shared(1, 'file', 'a.txt')], nextCursor: null },
    );
    const drawer = await openDrawer();
    await within(drawer).findByTestId('chat-files-list');
    fireEvent.click(within(drawer).getByText('이미지'));
    await within(drawer).findByTestId('chat-files-images');
    expect(within(drawer).queryByTestId('chat-files-list')).toBeNull();
    expect(filesCalls(calls).at(-1)?.query.get('kind')).toBe('image');
  });

  it('says when nothing was shared; a file sent meanwhile shows up', async () => {
    let answered: ChatRoomFilesPage = { items: [], nextCursor: null };
    const calls = setup(() => answered);
    const drawer = await openDrawer();
    await within(drawer).findByText('아직 공유된 파일이 없습니다');
    expect(filesCalls(calls)).toHaveLength(1);

    answered = { items: [shared(1, 'file', '새 자료.pdf')], nextCursor: null };
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    const sent = newMessageEvent(9, {
      attachments: [answered.items[0]!.attachment],
    });
    act(() => FakeEventSource.latest().emit(sent));
    await within(drawer).findByText('새 자료.pdf');
  });

  it('shows that it is loading; opens with a button and closes with Esc', async () => {
    const answer = deferred<ChatRoomFilesPage>();
    setup(() => answer.promise);
    const button = await screen.findByTestId('chat-files-button');
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: '이 채팅방의 파일' });
    expect(within(drawer).getByRole('status', { name: '파일 목록을 불러오는 중' })).toBeTruthy();
    answer.resolve({ items: [], nextCursor: null });
    await within(drawer).findByText('아직 공유된 파일이 없습니다');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('dropping files onto the room', () => {
  const dataTransfer = (files: File[]) => ({ types: ['Files'], files, dropEffect: 'none' });

  it('shows the drop overlay while files are over the room and adds them to the message', async () => {
    setup(() => ({ items: [], nextCursor: null }));
    const roomView = await screen.findByTestId('chat-room');
    const files = [
      new File(['a'], '도면.png', { type: 'image/png' }),
      new File(['b'], '메모.txt', { type: 'text/plain' }),
    ];
    expect(screen.queryByTestId('chat-drop-overlay')).toBeNull();
    fireEvent.dragEnter(roomView, { dataTransfer: dataTransfer(files) });
    expect(screen.getByTestId('chat-drop-overlay').textContent).toBe('여기에 놓아 파일 보내기');
    // Moving over a child and back does not hide it.
    const list = screen.getByTestId('chat-input');
    fireEvent.dragEnter(list, { dataTransfer: dataTransfer(files) });
    fireEvent.dragLeave(list, { dataTransfer: dataTransfer(files) });
    expect(screen.getByTestId('chat-drop-overlay')).toBeTruthy();
    fireEvent.drop(roomView, { dataTransfer: dataTransfer(files) });
    expect(screen.queryByTestId('chat-drop-overlay')).toBeNull();
    const chips = screen.getAllByTestId('chat-file-chip').map((chip) => chip.textContent);
    expect(chips).toEqual([
      expect.stringContaining('도면.png'),
      expect.stringContaining('메모.txt'),
    ]);
  });

  it('ignores dragged text', async () => {
    setup(() => ({ items: [], nextCursor: null }));
    const roomView = await screen.findByTestId('chat-room');
    fireEvent.dragEnter(roomView, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(screen.queryByTestId('chat-drop-overlay')).toBeNull();
  });
});
