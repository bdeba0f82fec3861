import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { VideoMessages } from '@teamup/contracts/video';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, problem, stubApi, testUser } from '../../../test/stub-api';
import { VideoLivePage } from './video-live-page';

/** The signed-in user the stubbed session answers with. */
const ME = testUser.id;

const PATH = '/ws/:workspaceId/video/live';
const workspace = { id: 5, name: '기획 수업', myRole: 'MEMBER' };

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
  // The failure is logged for developers; the page shows it.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a meeting that cannot be shown', () => {
  it("shows a stale link as the not-found card with the server's reason and the way back", async () => {
    stubApi((call) => {
      if (call.path === '/api/workspaces') return ok([workspace]);
      if (call.path.startsWith('/api/workspaces/5/video-channels/99')) {
        return problem(404, ErrorCode.VIDEO_CHANNEL_NOT_FOUND, VideoMessages.channelNotFound);
      }
      return undefined;
    });
    renderPage(PATH, <VideoLivePage />, '/ws/5/video/live?roomId=99&roomName=old');
    const card = await screen.findByTestId('meeting-unavailable');
    expect(card.querySelector('[role="alert"]')?.textContent).toBe(
      '화상회의 방을 찾을 수 없습니다.',
    );
    expect(card.textContent).toContain('오래된 링크일 수 있습니다');
    expect(screen.getByTestId('meeting-unavailable-back').getAttribute('href')).toBe('/ws/5');
    // Nothing to retry for a room that is gone.
    expect(screen.queryByTestId('meeting-unavailable-retry')).toBeNull();
  });

  it('offers a retry with the reason for any other failure, and retries', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/workspaces') return ok([workspace]);
      if (call.path.startsWith('/api/workspaces/5/video-channels/99')) {
        return problem(503, ErrorCode.VIDEO_MEDIA_UNAVAILABLE, VideoMessages.mediaUnavailable);
      }
      return undefined;
    });
    renderPage(PATH, <VideoLivePage />, '/ws/5/video/live?roomId=99');
    const card = await screen.findByTestId('meeting-unavailable');
    expect(card.querySelector('[role="alert"]')?.textContent).toBe('회의에 참가하지 못했습니다.');
    expect(card.textContent).toContain(VideoMessages.mediaUnavailable);
    const before = calls.length;
    fireEvent.click(screen.getByTestId('meeting-unavailable-retry'));
    // Joined again from the start: asked the server again, and the card is back.
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
    expect(await screen.findByTestId('meeting-unavailable')).toBeTruthy();
  });

  it('says a link without a room is not valid, as the same card', async () => {
    stubApi((call) => (call.path === '/api/workspaces' ? ok([workspace]) : undefined));
    renderPage(PATH, <VideoLivePage />, '/ws/5/video/live?roomId=abc');
    const card = await screen.findByTestId('meeting-unavailable');
    expect(card.textContent).toContain('회의실 링크가 올바르지 않습니다.');
    expect(screen.getByTestId('meeting-unavailable-back').getAttribute('href')).toBe('/ws/5');
  });
});

describe('the check before joining', () => {
  it('checks the camera and microphone first, and joins only when asked', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/workspaces') return ok([workspace]);
      if (call.path === '/api/workspaces/5/video-channels/7') {
        return ok({
          id: 7,
          name: '주간 회의',
          workspaceId: 5,
          createdBy: ME,
          createdAt: '2026-11-29T10:00:00.000Z',
          participantCount: 0,
          broadcasterId: null,
          mode: 'PRESENTATION',
        });
      }
      return undefined;
    });
    renderPage(PATH, <VideoLivePage />, '/ws/5/video/live?roomId=7&roomName=old');
    const check = await screen.findByTestId('meeting-prejoin');
    await waitFor(() => expect(check.textContent).toContain('참여 전 확인: 주간 회의'));
    // jsdom has no camera or microphone: both say so, and joining to watch stays possible.
    await waitFor(() =>
      expect(screen.getByTestId('meeting-prejoin-camera').dataset.state).toBe('unavailable'),
    );
    expect(screen.getByTestId('meeting-prejoin-mic').dataset.state).toBe('unavailable');
    expect(check.textContent).toContain('카메라나 마이크를 쓸 수 없습니다');
    // Who is inside is looked up meanwhile (a read); nobody joins before the click.
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'GET' && call.path.endsWith('/7/video-members')),
      ).toBe(true),
    );
    const joinCalls = () =>
      calls.filter(
        (call) => call.method === 'POST' && call.path === '/api/workspaces/5/video-channels/7',
      ).length;
    expect(joinCalls()).toBe(0);
    // The join waits for the room's mode (what a discussion joins with depends on it).
    const join = screen.getByTestId<HTMLButtonElement>('meeting-prejoin-join');
    await waitFor(() => expect(join.disabled).toBe(false));
    fireEvent.click(join);
    await waitFor(() => expect(joinCalls()).toBeGreaterThan(0));
    expect(screen.queryByTestId('meeting-prejoin')).toBeNull();
  });
});
