import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chatEndpoints, type ChatRoom } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';
import { expectAccessible } from './support/a11y';

const PHRASE = '보라색 코끼리가 회의실 화이트보드에 그려져 있었어요';

/** The message's box lies inside the list's visible part. */
function inView(page: Page, messageId: number) {
  return page.evaluate((id) => {
    const list = document.querySelector('[data-testid="chat-message-list"]');
    const target = document.querySelector(`[data-message-id="${id}"]`);
    if (!list || !target) return false;
    const outer = list.getBoundingClientRect();
    const inner = target.getBoundingClientRect();
    return inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
  }, messageId);
}

/** Ctrl+K, part of the phrase, Enter: the search result opens its room at the message. */
async function searchAndOpen(page: Page, words: string) {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: '검색어' });
  await input.fill(words);
  await page.getByRole('option').filter({ hasText: '코끼리' }).first().waitFor();
  await input.press('Enter');
}

describe('search journey', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a message found by search opens its room scrolled to it and highlighted', async () => {
    const stamp = Date.now();
    const emailA = `search-a${stamp}@example.com`;
    const emailB = `search-b${stamp}@example.com`;
    const [apiA, apiB] = await signUpAll(stack, [emailA, emailB]);
    const workspace = await sharedWorkspace(apiA, '검색 수업', [apiB]);
    const me = await apiB.get<{ id: number }>(pathOf(userEndpoints.me));
    const room = (
      await apiA.send<ChatRoom>(
        'POST',
        pathOf(chatEndpoints.createGroup, { workspaceId: workspace.id }),
        {
          name: '디자인 회의',
          type: 'GROUP',
          chatMemberIdList: [me.id],
        },
      )
    ).data;
    // ~80 messages; the phrase is the 6th, far above the newest window's bottom.
    let targetId = 0;
    for (let i = 1; i <= 80; i += 1) {
      const content = i === 6 ? PHRASE : `진행 상황 공유 ${i}번째 메시지입니다`;
      const sent = await apiA.send<{ id: number }>(
        'POST',
        pathOf(chatEndpoints.send, { workspaceId: workspace.id, roomId: room.id }),
        { content },
      );
      if (i === 6) targetId = sent.data.id;
    }
    expect(targetId).toBeGreaterThan(0);

    for (const viewport of [
      { name: '1280', width: 1280, height: 800 },
      { name: '360', width: 360, height: 740 },
    ]) {
      const { context, page } = await newPage(browser, stack.baseUrl, viewport);
      try {
        await login(page, emailB);
        await page.waitForURL(new RegExp(`#/ws/${workspace.id}`));
        await searchAndOpen(page, '코끼리가 회의실');
        await page.waitForURL(new RegExp(`#/ws/${workspace.id}/chat/${room.id}`));
        const target = page.locator(`[data-message-id="${targetId}"]`);
        await target.filter({ hasText: '보라색 코끼리' }).waitFor();
        await page.locator(`[data-message-id="${targetId}"][data-highlighted="true"]`).waitFor();
        await expect.poll(() => inView(page, targetId)).toBe(true);
        // The message leaves the address once shown; the newest is a button away.
        await expect.poll(() => page.url()).toMatch(new RegExp(`/chat/${room.id}$`));
        await screenshot(page, `search-message-${viewport.name}`);
        await expectAccessible(page, `search-message-${viewport.name}`);
        await page.getByTestId('chat-jump-latest').click();
        const newest = page.getByTestId('chat-message').filter({ hasText: '80번째' });
        const newestId = Number(await newest.getAttribute('data-message-id'));
        await expect.poll(() => inView(page, newestId)).toBe(true);
      } catch (error) {
        await screenshot(page, `search-message-failed-${viewport.name}`);
        throw error;
      } finally {
        await context.close();
      }
    }
  });
  it('a quoted phrase, in:방이름 and the room filter narrow the results; rooms are found by name', async () => {
    const stamp = Date.now();
    const emailA = `search-c${stamp}@example.com`;
    const emailB = `search-d${stamp}@example.com`;
    const [apiA, apiB] = await signUpAll(stack, [emailA, emailB]);
    const workspace = await sharedWorkspace(apiA, '검색 문법', [apiB]);
    const me = await apiB.get<{ id: number }>(pathOf(userEndpoints.me));
    const group = async (name: string, content: string) => {
      const made = (
        await apiA.send<ChatRoom>(
          'POST',
          pathOf(chatEndpoints.createGroup, { workspaceId: workspace.id }),
          { name, type: 'GROUP', chatMemberIdList: [me.id] },
        )
      ).data;
      await apiA.send(
        'POST',
        pathOf(chatEndpoints.send, { workspaceId: workspace.id, roomId: made.id }),
        { content },
      );
      return made;
    };
    await group('기획 회의방', '주간 회의록 공유합니다');
    await group('잡담방', '주간 일정과 회의록 링크');
    const adjacent = (page: Page) => page.getByRole('option').filter({ hasText: '공유합니다' });
    const apart = (page: Page) => page.getByRole('option').filter({ hasText: '일정과' });

    for (const viewport of [
      { name: '1280', width: 1280, height: 800 },
      { name: '360', width: 360, height: 740 },
    ]) {
      const { context, page } = await newPage(browser, stack.baseUrl, viewport);
      try {
        await login(page, emailB);
        await page.waitForURL(new RegExp(`#/ws/${workspace.id}`));
        await page.keyboard.press('Control+k');
        const input = page.getByRole('combobox', { name: '검색어' });
        await page.getByTestId('search-syntax').waitFor();
        await input.fill('"주간 회의록"');
        await adjacent(page).waitFor();
        expect(await apart(page).count()).toBe(0);
        await screenshot(page, `search-phrase-${viewport.name}`);

        await input.fill('회의록 in:잡담방');
        await apart(page).waitFor();
        await adjacent(page).waitFor({ state: 'detached' });
        await screenshot(page, `search-in-room-${viewport.name}`);

        await input.fill('잡담방');
        await page.getByRole('option').filter({ hasText: '잡담방' }).first().waitFor();
        await page
          .getByText(/^채팅방 1건$/u)
          .first()
          .waitFor();

        await input.fill('회의록');
        await apart(page).waitFor();
        await adjacent(page).waitFor();
        await page.getByTestId('search-filters-toggle').click();
        const rooms = page.getByTestId('search-filter-room');
        await rooms.locator('option', { hasText: '기획 회의방' }).waitFor({ state: 'attached' });
        await rooms.selectOption({ label: '기획 회의방' });
        await apart(page).waitFor({ state: 'detached' });
        await adjacent(page).waitFor();
        await screenshot(page, `search-room-filter-${viewport.name}`);
        await expectAccessible(page, `search-room-filter-${viewport.name}`);
      } catch (error) {
        await screenshot(page, `search-syntax-failed-${viewport.name}`);
        throw error;
      } finally {
        await context.close();
      }
    }
  });
});
