import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { VideoMessages, type VideoChannel } from '@teamup/contracts/video';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, problem, stubApi, testUser, type ApiCall } from '../../../test/stub-api';
import { VideoRoomLinks } from './video-room-links';

const ME = testUser.id;
const OTHER = 9;
const LIST = '/api/workspaces/5/video-channels';

const channel = (id: number, name: string, patch: Partial<VideoChannel> = {}): VideoChannel => ({
  id,
  name,
  workspaceId: 5,
  createdBy: OTHER,
  createdAt: '2026-11-29T10:00:00.000Z',
  participantCount: 0,
  broadcasterId: null,
  teamId: null,
  teamName: null,
  mode: 'PRESENTATION',
  publisherLimit: 1,
  ...patch,
});

const lecture = channel(7, '주간 발표');
const talk = channel(8, '조별 토론', {
  mode: 'DISCUSSION',
  publisherLimit: 4,
  participantCount: 2,
});
const mine = channel(10, '내 회의실', { createdBy: ME });

let calls: ApiCall[] = [];
const patches = () => calls.filter((call) => call.method === 'PATCH');

/** The list answers `rooms`; each PATCH is answered by `answer`. */
function setup({
  rooms = [lecture, talk],
  canModerate = false,
  answer = (call: ApiCall) => ok({ ...lecture, ...(call.body as object) }),
}: {
  rooms?: VideoChannel[];
  canModerate?: boolean;
  answer?: (call: ApiCall) => Response;
} = {}) {
  calls = stubApi((call) => {
    if (call.method === 'GET' && call.path === LIST) return ok(rooms);
    if (call.method === 'PATCH') return answer(call);
    return undefined;
  });
  renderPage(
    '/ws/:workspaceId',
    <VideoRoomLinks
      workspaceId={5}
      isOwner={false}
      canModerate={canModerate}
      myId={ME}
      emptyText="회의실이 없습니다."
    />,
    '/ws/5',
  );
}

const roomRow = async (roomId: number) => {
  const link = (await screen.findAllByTestId('side-panel-video-room')).find(
    (element) => element.dataset.roomId === String(roomId),
  );
  if (!link) throw new Error(`no room ${roomId}`);
  return link.closest('li') as HTMLElement;
};

/** Opens the room's mode menu and answers its dropdown, the one the button says it controls. */
async function openModeMenu(roomId: number) {
  const button = within(await roomRow(roomId)).getByTestId('video-room-mode-menu');
  expect(button.getAttribute('aria-haspopup')).toBe('menu');
  fireEvent.click(button);
  const menu = await screen.findByRole('menu', { hidden: true });
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(button.getAttribute('aria-controls')).toBe(menu.id);
  return menu;
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
  // In jsdom the menu's focus trap looks for an item before the dropdown is shown, and says so.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VideoRoomLinks', () => {
  it('marks a discussion and each room with its mode icon', async () => {
    setup();
    const presentation = await roomRow(lecture.id);
    const discussion = await roomRow(talk.id);
    expect(within(presentation).queryByTestId('video-room-discussion')).toBeNull();
    expect(within(presentation).getByRole('img', { name: '발표 모드' })).toBeTruthy();
    expect(within(presentation).queryByRole('img', { name: '회의 모드' })).toBeNull();
    expect(within(discussion).getByTestId('video-room-discussion').getAttribute('aria-label')).toBe(
      '회의 모드',
    );
    expect(within(discussion).getByRole('img', { name: '회의 모드' })).toBeTruthy();
    expect(within(discussion).queryByRole('img', { name: '발표 모드' })).toBeNull();
    expect(within(discussion).getByLabelText('2명 참여 중').textContent).toBe('2');
    expect(within(discussion).getByTestId('side-panel-video-room').getAttribute('href')).toContain(
      'roomId=8',
    );
  });

  it("offers the mode menu on the rooms one made, not on another member's", async () => {
    setup({ rooms: [lecture, mine] });
    expect(within(await roomRow(mine.id)).getByTestId('video-room-mode-menu')).toBeTruthy();
    expect(within(await roomRow(lecture.id)).queryByTestId('video-room-mode-menu')).toBeNull();
    expect(screen.getAllByTestId('video-room-mode-menu')).toHaveLength(1);
  });

  it('offers the mode menu on every room to a moderator', async () => {
    setup({ rooms: [lecture, talk], canModerate: true });
    await roomRow(lecture.id);
    expect(screen.getAllByTestId('video-room-mode-menu')).toHaveLength(2);
    expect(
      within(await roomRow(talk.id))
        .getByTestId('video-room-mode-menu')
        .getAttribute('aria-label'),
    ).toBe('조별 토론 회의 방식 바꾸기');
  });

  it('changes a presentation to a discussion and says so', async () => {
    setup({ rooms: [lecture], canModerate: true });
    const menu = await openModeMenu(lecture.id);
    const current = within(menu).getByTestId('video-room-set-presentation');
    expect(current.textContent).toBe('발표 모드 (현재)');
    const discussion = within(menu).getByTestId('video-room-set-discussion');
    expect(discussion.textContent).toBe('회의 모드');
    fireEvent.click(discussion);
    expect(await screen.findByText('회의 방식을 회의 모드로 바꿨습니다.')).toBeTruthy();
    expect(patches()).toHaveLength(1);
    expect(patches()[0]?.path).toBe(`${LIST}/7`);
    expect(patches()[0]?.body).toEqual({ mode: 'DISCUSSION' });
  });

  it('sends nothing when the current mode is chosen again', async () => {
    setup({ rooms: [mine] });
    const menu = await openModeMenu(mine.id);
    fireEvent.click(within(menu).getByTestId('video-room-set-presentation'));
    // The list is asked for again only on a change; give a request the time to go out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(patches()).toHaveLength(0);
  });

  it('offers no other mode while people are in the meeting, and says why', async () => {
    setup({ rooms: [talk], canModerate: true });
    const menu = await openModeMenu(talk.id);
    expect(within(menu).getByTestId('video-room-mode-locked').textContent).toBe(
      '회의가 진행 중일 때는 회의 방식을 바꿀 수 없습니다. 모두 나간 뒤에 바꿔주세요.',
    );
    const presentation = within(menu).getByTestId('video-room-set-presentation');
    expect(presentation.hasAttribute('disabled') || presentation.dataset.disabled === 'true').toBe(
      true,
    );
    fireEvent.click(presentation);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(patches()).toHaveLength(0);
  });

  it("shows the server's reason when the meeting is in progress (409)", async () => {
    setup({
      rooms: [mine],
      answer: () => problem(409, ErrorCode.VIDEO_MODE_LOCKED, VideoMessages.modeLocked),
    });
    const menu = await openModeMenu(mine.id);
    fireEvent.click(within(menu).getByTestId('video-room-set-discussion'));
    expect(
      await screen.findByText(
        '회의가 진행 중일 때는 회의 방식을 바꿀 수 없습니다. 모두 나간 뒤에 바꿔주세요.',
      ),
    ).toBeTruthy();
    expect(patches().map((call) => call.body)).toEqual([{ mode: 'DISCUSSION' }]);
    expect(screen.queryByText('회의 방식을 회의 모드로 바꿨습니다.')).toBeNull();
  });
});
