import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Chromium's fake camera and microphone, taken without a prompt, playing without a gesture. */
export const fakeMedia = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * The meeting's controls are on the first screen at the page's size (issue 41: at 360x740 as at
 * 1280x800), each whole and inside the viewport without scrolling.
 */
export async function expectControlsOnFirstScreen(page: Page) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no viewport size');
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const id of ['meeting-mic', 'meeting-camera', 'meeting-screen', 'meeting-leave']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    if (!box) continue;
    expect(box.y, id).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${id} at ${viewport.width}x${viewport.height}`).toBeLessThanOrEqual(
      viewport.height,
    );
    expect(box.x + box.width, id).toBeLessThanOrEqual(viewport.width);
  }
}
