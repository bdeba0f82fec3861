import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pathOf } from '@teamup/contracts/endpoint';
import { videoEndpoints, type VideoChannel } from '@teamup/contracts/video';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectControlsOnFirstScreen, fakeMedia } from './support/meeting';
import { startStack, type Stack } from './support/stack';

/** The other participants' tiles as this page plays them: picture size, clock, sound tracks. */
function remoteTiles(page: Page) {
  return page.$$eval(
    '[data-testid="meeting-tile"][data-self="false"] video[data-testid="meeting-tile-video"]',
    (videos) =>
      videos.map((element) => {
        const video = element as HTMLVideoElement;
        const stream = video.srcObject as MediaStream | null;
        return {
          userId: Number(
            video.closest('[data-testid="meeting-tile"]')?.getAttribute('data-user-id'),
          ),
          width: video.videoWidth,
          time: video.currentTime,
          audio:
            stream?.getAudioTracks().filter((track) => track.readyState === 'live').length ?? 0,
        };
      }),
  );
}

/**
 * Waits until `count` remote tiles play a picture (size known, clock moving) with sound; when
 * they do not, says what each tile had.
 */
async function seesOthers(page: Page, count: number) {
  await waitForOthers(page, count).catch(async (error: unknown) => {
    const tiles = await remoteTiles(page).catch(() => 'unreadable');
    const me = await page
      .locator('[data-testid="meeting-tile"][data-self="true"]')
      .getAttribute('data-user-id', { timeout: 1000 })
      .catch(() => '?');
    throw new Error(
      `user ${me} saw ${JSON.stringify(tiles)} (want ${count} with a picture and sound)`,
      { cause: error },
    );
  });
}

function waitForOthers(page: Page, count: number) {
  return page.waitForFunction(
    (expected) => {
      const videos = Array.from(
        document.querySelectorAll<HTMLVideoElement>(
          '[data-testid="meeting-tile"][data-self="false"] video[data-testid="meeting-tile-video"]',
        ),
      );
      const playing = videos.filter((video) => {
        const stream = video.srcObject as MediaStream | null;
        return (
          video.videoWidth > 0 &&
          video.currentTime > 0 &&
          (stream?.getAudioTracks().length ?? 0) > 0
        );
      });
      return playing.length >= expected;
    },
    count,
    { timeout: SLOW_STEP_MS * 2, polling: 250 },
  );
}

/**
 * Four browsers each encoding a camera for three others, and a fifth decoding four, load the two
 * CI cores to a load average of 20 and more on a slow day: each page then answers a click or a
 * route change in seconds rather than milliseconds. The journey gives its steps that much.
 */
const SLOW_STEP_MS = 45_000;

describe('meeting in discussion mode (issue 47)', () => {
  let stack: Stack;
  let browser: Browser;
  /** Five browsers sending video load a small machine: a failed attempt's go before a retry. */
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser(fakeMedia);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('four see and hear each other, a fifth publisher is refused, a leaver’s tile goes', async () => {
    // A retry starts with the failed attempt's browsers closed (its failure report has been made).
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const stamp = Date.now();
    const emails = [1, 2, 3, 4, 5].map((n) => `mesh${n}-${stamp}@example.com`);
    const apis = await signUpAll(stack, emails);
    const [owner, ...members] = apis;
    if (!owner) throw new Error('no owner');
    const workspace = await sharedWorkspace(owner, '토론 수업', members);
    const created = await owner.send<VideoChannel>(
      'POST',
      pathOf(videoEndpoints.createChannel, { workspaceId: workspace.id }),
      { name: '조별 토론', mode: 'DISCUSSION' },
    );
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ mode: 'DISCUSSION', publisherLimit: 4 });
    const room = created.data;

    const pages: Page[] = [];
    for (const email of emails) {
      const { context, page } = await newPage(browser, stack.baseUrl);
      contexts.push(context);
      await context.grantPermissions(['camera', 'microphone']);
      page.setDefaultTimeout(SLOW_STEP_MS);
      await login(page, email);
      pages.push(page);
    }
    const [first] = pages;
    if (!first) throw new Error('no page');

    // The side panel marks the room as a discussion.
    await first
      .getByTestId('side-panel-video-room')
      .filter({ hasText: '조별 토론' })
      .getByTestId('video-room-discussion')
      .waitFor();

    const meetingUrl = `/#/ws/${workspace.id}/video/live?roomId=${room.id}&roomName=${encodeURIComponent(room.name)}`;
    const joinAll = pages.slice(0, 4).map(async (page) => {
      await page.goto(meetingUrl);
      // A discussion's pre-join screen says so and starts with the camera and microphone on.
      await page.getByTestId('meeting-prejoin-mode').getByText('회의 모드').waitFor();
      expect(
        await page.getByTestId('meeting-prejoin-with-camera').isChecked({ timeout: 20_000 }),
      ).toBe(true);
      await page.getByTestId('meeting-prejoin-join').click();
      await page.locator('[data-testid="meeting-mode"][data-mode="DISCUSSION"]').waitFor();
    });
    const joinedAt = Date.now();
    await Promise.all(joinAll);

    // Everyone receives three others: pictures whose clocks move, and three sound tracks.
    for (const page of pages.slice(0, 4)) await seesOthers(page, 3);
    const tookMs = Date.now() - joinedAt;
    for (const page of pages.slice(0, 4)) {
      const before = await remoteTiles(page);
      await page.waitForTimeout(1000);
      const after = await remoteTiles(page);
      expect(before).toHaveLength(3);
      expect(after.every((tile) => tile.width > 0)).toBe(true);
      expect(after.reduce((sum, tile) => sum + tile.audio, 0)).toBe(3);
      for (const tile of after) {
        const earlier = before.find((one) => one.userId === tile.userId);
        expect(tile.time, `tile ${tile.userId}`).toBeGreaterThan(earlier?.time ?? Infinity);
      }
      // Oneself is in the gallery too, mirrored.
      const self = page.locator('[data-testid="meeting-tile"][data-self="true"] video');
      expect(await self.evaluate((video) => getComputedStyle(video).transform)).not.toBe('none');
    }
    console.log(`discussion: four publishers saw each other ${tookMs} ms after joining`);

    // The meeting chat works in a discussion as in a presentation.
    await first.getByTestId('meeting-chat-input').fill('다들 들리나요?');
    await first.getByTestId('meeting-chat-input').press('Enter');
    await pages[2]?.getByText('다들 들리나요?').waitFor();
    await screenshot(first, 'meeting-discussion-1280');

    // The fifth joins: sees and hears the four, but may not publish in a built-in mesh.
    const fifth = pages[4];
    if (!fifth) throw new Error('no fifth page');
    await fifth.goto(meetingUrl);
    await fifth.getByTestId('meeting-prejoin-mode').getByText('회의 모드').waitFor();
    await fifth.getByTestId('meeting-prejoin-join').click();
    const refusal = fifth.getByTestId('meeting-alert');
    await refusal.getByText(/최대 4명/).waitFor();
    expect(await refusal.textContent()).toContain('LiveKit');
    expect(await fifth.getByTestId('meeting-camera').getAttribute('aria-pressed')).toBe('false');
    await seesOthers(fifth, 4);
    await screenshot(fifth, 'meeting-discussion-fifth-1280');

    // At 360 px the gallery leaves the controls on screen.
    await first.setViewportSize({ width: 360, height: 740 });
    await first.waitForTimeout(500);
    await expectControlsOnFirstScreen(first);
    await screenshot(first, 'meeting-discussion-360');
    await first.setViewportSize({ width: 1280, height: 800 });

    // The fourth leaves: everyone else loses the tile within 2 s.
    const leaver = pages[3];
    if (!leaver) throw new Error('no fourth page');
    const leaverId = Number(
      await leaver
        .locator('[data-testid="meeting-tile"][data-self="true"]')
        .getAttribute('data-user-id'),
    );
    await leaver.getByTestId('meeting-leave').click();
    const leftAt = Date.now();
    await Promise.all(
      [...pages.slice(0, 3), fifth].map((page) =>
        page
          .locator(`[data-testid="meeting-tile"][data-user-id="${leaverId}"]`)
          .waitFor({ state: 'detached', timeout: 2000 }),
      ),
    );
    console.log(`discussion: the leaver's tile went ${Date.now() - leftAt} ms after the click`);
  }, 300_000);
});
