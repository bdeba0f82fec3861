import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pathOf } from '@teamup/contracts/endpoint';
import { videoEndpoints } from '@teamup/contracts/video';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectControlsOnFirstScreen, fakeMedia } from './support/meeting';
import { startStack, type Stack } from './support/stack';
import { expectAccessible } from './support/a11y';

async function say(page: Page, text: string) {
  await page.getByTestId('meeting-chat-input').fill(text);
  await page.getByTestId('meeting-chat-input').press('Enter');
}

/** The stage's remote video: its size and play position. */
function remoteVideoState(page: Page) {
  return page.getByTestId('meeting-stage-remote').evaluate((element) => {
    const video = element as HTMLVideoElement;
    return { width: video.videoWidth, time: video.currentTime };
  });
}

/** Waits until the video element with this test id plays a picture (its clock moves). */
function videoPlays(page: Page, testId: string) {
  return page.waitForFunction(
    (id) => {
      const video = document.querySelector<HTMLVideoElement>(`[data-testid="${id}"]`);
      return video !== null && video.videoWidth > 0 && video.currentTime > 0;
    },
    testId,
    { timeout: 20_000 },
  );
}

describe('video meeting journey', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser(fakeMedia);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('A broadcasts, B watches and is refused a second broadcast, they chat, A removes B', async () => {
    const stamp = Date.now();
    const emailA = `video-a${stamp}@example.com`;
    const emailB = `video-b${stamp}@example.com`;
    const [apiA, apiB] = await signUpAll(stack, [emailA, emailB]);
    const workspace = await sharedWorkspace(apiA, '화상 수업', [apiB]);

    const { context: contextA, page: pageA } = await newPage(browser, stack.baseUrl);
    const { context: contextB, page: pageB } = await newPage(browser, stack.baseUrl);
    for (const context of [contextA, contextB]) {
      await context.grantPermissions(['camera', 'microphone']);
    }
    await login(pageA, emailA);
    await login(pageB, emailB);
    await pageA.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await pageB.waitForURL(new RegExp(`#/ws/${workspace.id}`));

    // A creates a room from the side panel's plus button; an empty name is refused first.
    await pageA.getByRole('button', { name: '화상 회의 추가' }).click();
    await pageA.getByTestId('video-room-create').click();
    await pageA.getByText('회의실 이름을 입력해주세요.').waitFor();
    await pageA.getByTestId('video-room-name').fill('주간 회의');
    await pageA.getByTestId('video-room-create').click();
    await pageA.waitForURL(/video\/live\?roomId=\d+/);

    // Before joining, a check of the camera and microphone (issue 41): the fake camera's picture
    // plays in the preview and the fake microphone's tone moves the meter.
    const check = pageA.getByTestId('meeting-prejoin');
    await check.getByText('참여 전 확인: 주간 회의').waitFor();
    await videoPlays(pageA, 'meeting-prejoin-preview');
    await pageA.locator('[data-testid="meeting-prejoin-camera"][data-state="ok"]').waitFor();
    await pageA.locator('[data-testid="meeting-prejoin-level"][data-heard="true"]').waitFor();
    await check.getByText('소리가 들립니다').waitFor();
    await screenshot(pageA, 'video-prejoin-1280');
    await expectAccessible(pageA, 'video-prejoin-1280');
    await pageA.setViewportSize({ width: 360, height: 740 });
    await pageA.waitForTimeout(500);
    const join = await pageA.getByTestId('meeting-prejoin-join').boundingBox();
    expect(join && join.y + join.height).toBeLessThanOrEqual(740);
    await screenshot(pageA, 'video-prejoin-360');
    await expectAccessible(pageA, 'video-prejoin-360');
    await pageA.setViewportSize({ width: 1280, height: 800 });
    await pageA.getByTestId('meeting-prejoin-join').click();
    await pageA.getByTestId('meeting-title').getByText('주간 회의').waitFor();
    await pageA.getByTestId('meeting-stage-empty').waitFor();

    // The control bar (mic, camera, share, leave) is on the first screen at 1280x800 and at
    // 360x740 (issue 41: at 360 it was below the fold).
    await pageA.setViewportSize({ width: 1280, height: 800 });
    await expectControlsOnFirstScreen(pageA);
    await pageA.setViewportSize({ width: 360, height: 740 });
    // The shell's side panel slides away on the phone layout: let it finish.
    await pageA.waitForTimeout(500);
    await expectControlsOnFirstScreen(pageA);
    await screenshot(pageA, 'video-controls-360');
    await pageA.setViewportSize({ width: 1280, height: 800 });

    // A turns the camera on and sees it on the stage.
    await pageA.getByTestId('meeting-camera').click();
    await pageA.getByTestId('meeting-stage-camera').waitFor();
    expect(await pageA.getByTestId('meeting-camera').getAttribute('aria-pressed')).toBe('true');

    // The device picker lists Chromium's fake camera and microphone; choosing the camera again
    // by name keeps the broadcast on.
    await pageA.getByTestId('meeting-devices').click();
    const devices = pageA.getByTestId('meeting-devices-panel');
    await devices.getByTestId('meeting-device-camera').click();
    const fakeCamera = pageA.getByRole('option', { name: /fake/i }).first();
    await fakeCamera.waitFor();
    await screenshot(pageA, 'video-devices-1280');
    await expectAccessible(pageA, 'video-devices-1280');
    await fakeCamera.click();
    await expect
      .poll(() => devices.getByTestId('meeting-device-camera').inputValue())
      .toMatch(/fake/i);
    await pageA.keyboard.press('Escape');
    await pageA.getByTestId('meeting-stage-camera').waitFor();
    expect(await pageA.getByTestId('meeting-camera').getAttribute('aria-pressed')).toBe('true');

    // Sharing the screen puts it on the stage; A's own camera stays in view as a small tile.
    await pageA.getByTestId('meeting-screen').click();
    await pageA.getByTestId('meeting-stage-screen').waitFor();
    await pageA.getByTestId('meeting-self-view').waitFor();
    await screenshot(pageA, 'video-self-view-1280');
    await expectAccessible(pageA, 'video-self-view-1280');
    await pageA.setViewportSize({ width: 360, height: 780 });
    // The shell's side panel slides away on the phone layout: let it finish.
    await pageA.waitForTimeout(500);
    await screenshot(pageA, 'video-self-view-360');
    await expectAccessible(pageA, 'video-self-view-360');
    await pageA.setViewportSize({ width: 1280, height: 800 });
    await pageA.getByTestId('meeting-screen').click();
    await pageA.getByTestId('meeting-stage-camera').waitFor();
    expect(await pageA.getByTestId('meeting-self-view').count()).toBe(0);

    // The same account in a second tab: the broadcast is A's, from elsewhere, said as such in
    // the list and on the stage (not 'nobody is broadcasting').
    const secondTab = await contextA.newPage();
    await secondTab.goto(pageA.url());
    await secondTab.getByTestId('meeting-prejoin-join').click();
    await secondTab.getByTestId('meeting-stage-elsewhere').waitFor({ timeout: 20_000 });
    await secondTab
      .getByTestId('meeting-broadcasting-badge')
      .getByText('다른 탭/기기에서 방송 중')
      .waitFor();
    await screenshot(secondTab, 'video-a-second-tab-1280');
    await expectAccessible(secondTab, 'video-a-second-tab-1280');
    await secondTab.close();

    // B finds the room in the side panel (polled) and joins; the stage plays A's video.
    await pageB.getByTestId('side-panel-video-room').filter({ hasText: '주간 회의' }).click();
    await pageB.getByTestId('meeting-prejoin-join').click();
    await pageB.getByTestId('meeting-stage-remote').waitFor({ timeout: 20_000 });
    await videoPlays(pageB, 'meeting-stage-remote');
    const first = await remoteVideoState(pageB);
    await pageB.waitForTimeout(1000);
    const later = await remoteVideoState(pageB);
    expect(first.width).toBeGreaterThan(0);
    expect(later.time).toBeGreaterThan(first.time);
    await pageB.getByTestId('meeting-participant').nth(1).waitFor();
    expect(await pageB.getByTestId('meeting-participant').count()).toBe(2);
    // Both side panels count the two people in the room.
    for (const page of [pageA, pageB]) {
      await page
        .getByTestId('side-panel-video-room')
        .filter({ hasText: '주간 회의' })
        .getByLabel('2명 참여 중')
        .waitFor();
    }

    // The list shows whose microphone the room hears: A's, which came with the camera.
    const micOf = (page: Page, email: string) =>
      page
        .getByTestId('meeting-participant')
        .filter({ hasText: email })
        .getByTestId('meeting-participant-mic');
    await expect.poll(() => micOf(pageB, emailA).getAttribute('data-on')).toBe('true');
    expect(await micOf(pageB, emailB).getAttribute('aria-label')).toBe('마이크 꺼짐');
    expect(await micOf(pageA, emailA).getAttribute('aria-label')).toBe('마이크 켜짐');

    // The first mic click right after the camera goes off works (issue 41): A is heard again,
    // microphone alone, though A's roster still named A the broadcaster when A clicked.
    await pageA.getByTestId('meeting-camera').click();
    await pageA.getByTestId('meeting-mic').click();
    await expect
      .poll(() => pageA.getByTestId('meeting-mic').getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => micOf(pageB, emailA).getAttribute('data-on')).toBe('true');
    await pageB.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>(
        '[data-testid="meeting-stage-remote"]',
      );
      const stream = video?.srcObject as MediaStream | null | undefined;
      return Boolean(
        stream && stream.getVideoTracks().length === 0 && stream.getAudioTracks().length > 0,
      );
    });
    await pageA.getByTestId('meeting-camera').click();
    await videoPlays(pageB, 'meeting-stage-remote');

    // B's camera is refused: A is already broadcasting.
    await pageB.getByTestId('meeting-camera').click();
    await pageB
      .getByTestId('meeting-alert')
      .getByText('다른 참가자가 이미 방송 중입니다', { exact: false })
      .waitFor();
    expect(await pageB.getByTestId('meeting-camera').getAttribute('aria-pressed')).toBe('false');

    // Meeting chat both ways.
    await say(pageA, '화면 잘 보이나요?');
    await pageB.getByTestId('meeting-chat-line').filter({ hasText: '화면 잘 보이나요?' }).waitFor();
    await say(pageB, '네, 잘 보입니다!');
    await pageA.getByTestId('meeting-chat-line').filter({ hasText: '네, 잘 보입니다!' }).waitFor();
    expect(await pageA.getByTestId('meeting-chat-input').inputValue()).toBe('');

    await screenshot(pageA, 'video-a-1280');
    await expectAccessible(pageA, 'video-a-1280');
    await screenshot(pageB, 'video-b-1280');
    await expectAccessible(pageB, 'video-b-1280');
    await pageB.setViewportSize({ width: 360, height: 780 });
    await screenshot(pageB, 'video-b-360');
    await expectAccessible(pageB, 'video-b-360');
    await pageB.setViewportSize({ width: 1280, height: 800 });

    // A removes B, who is sent back to the workspace.
    await pageA
      .locator('[data-testid="meeting-participant"]')
      .filter({ hasText: emailB })
      .getByTestId('meeting-remove')
      .click();
    await pageA.getByTestId('confirm-action').click();
    await pageB.waitForURL((url) => !url.hash.includes('video/live'), { timeout: 15_000 });
    expect(new URL(pageB.url()).hash).toBe(`#/ws/${workspace.id}`);
    await pageA
      .locator('[data-testid="meeting-participant"]')
      .filter({ hasText: emailB })
      .waitFor({ state: 'detached' });

    // A leaves: the camera is released and the room empties.
    await pageA.getByTestId('meeting-leave').click();
    await pageA.waitForURL((url) => !url.hash.includes('video/live'));
    await expect
      .poll(async () => {
        const rooms = await apiA.get<Array<{ name: string; participantCount: number }>>(
          pathOf(videoEndpoints.listChannels, { workspaceId: workspace.id }),
        );
        return rooms.find((room) => room.name === '주간 회의')?.participantCount;
      })
      .toBe(0);
    // A stale link (the room is gone) shows the not-found card with the server's reason.
    await pageB.goto(`/#/ws/${workspace.id}/video/live?roomId=999999&roomName=old`);
    const card = pageB.getByTestId('meeting-unavailable');
    await card.getByText('화상회의 방을 찾을 수 없습니다.').waitFor();
    await screenshot(pageB, 'video-stale-link-1280');
    await expectAccessible(pageB, 'video-stale-link-1280');
    await card.getByTestId('meeting-unavailable-back').click();
    await pageB.waitForURL((url) => url.hash === `#/ws/${workspace.id}`);
    await contextA.close();
    await contextB.close();
  });
});
