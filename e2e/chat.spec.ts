import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chatEndpoints, type ChatMessage, type ChatRoom } from '@teamup/contracts/chat';
import type { Page as ListPage } from '@teamup/contracts/common';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { authEndpoints } from '@teamup/contracts/auth';
import { login, password, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';
import { expectAccessible } from './support/a11y';

/** The texts of the messages on screen, in the order shown. */
function messageTexts(page: Page) {
  return page.getByTestId('chat-message').allInnerTexts();
}

/** A drawer has finished sliding in: its right edge is the window's. */
function slidIn(drawer: ReturnType<Page['getByRole']>) {
  return drawer.evaluate(
    (element) => Math.abs(element.getBoundingClientRect().right - window.innerWidth) < 1,
  );
}

async function say(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
}

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A one-colour PNG of `width` x `height` px, built here (a phone screenshot is tall). */
function picture(width: number, height: number, [r, g, b]: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sends a message with pictures through the API (multipart), as `email`. */
async function sendPictures(
  stack: Stack,
  email: string,
  room: { workspaceId: number; id: number },
  pictures: { name: string; data: Buffer }[],
  content: string,
) {
  const login = await fetch(stack.apiUrl(pathOf(authEndpoints.login)), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const form = new FormData();
  form.append('content', content);
  for (const { name, data: bytes } of pictures) {
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  }
  const path = pathOf(chatEndpoints.sendWithFile, {
    workspaceId: room.workspaceId,
    roomId: room.id,
  });
  const sent = await fetch(stack.apiUrl(path), {
    method: 'POST',
    headers: { authorization: `Bearer ${data.token}` },
    body: form,
  });
  expect(sent.status).toBe(201);
}

/**
 * Waits until every picture in the message list has loaded (no spinner left, each image
 * decoded) and two frames more have been drawn, so whatever follows a change of size has run.
 */
async function picturesSettled(page: Page) {
  const list = page.getByTestId('chat-message-list');
  await expect
    .poll(() =>
      list.evaluate((element) => {
        const images = Array.from(element.querySelectorAll('img'));
        const spinners = element.querySelectorAll('[data-testid="chat-message"] [role="status"]');
        return (
          spinners.length === 0 && images.every((image) => image.complete && image.naturalWidth > 0)
        );
      }),
    )
    .toBe(true);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The list is scrolled to its end and the newest message (with `text`) is wholly on screen. */
async function expectAtNewest(page: Page, text: string, where: string) {
  await picturesSettled(page);
  const list = page.getByTestId('chat-message-list');
  const state = await list.evaluate((element) => {
    const rows = element.querySelectorAll<HTMLElement>('[data-testid="chat-message"]');
    const newest = rows[rows.length - 1];
    const box = element.getBoundingClientRect();
    const row = newest?.getBoundingClientRect();
    return {
      below: Math.round(element.scrollHeight - element.scrollTop - element.clientHeight),
      newestText: newest?.innerText ?? '',
      newestInView: row !== undefined && row.top >= box.top - 1 && row.bottom <= box.bottom + 1,
    };
  });
  await screenshot(page, `chat-pictures-${where}`);
  const seen = { where, ...state, newestText: state.newestText.includes(text) };
  // Within 3 px of the end, the newest message (the one expected) wholly in view.
  expect(seen.below <= 3 && seen.newestText && seen.newestInView, JSON.stringify(seen)).toBe(true);
}

describe('live chat journey', () => {
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

  it('two people chat both ways live; messages sent while one is offline arrive once, in order', async () => {
    const stamp = Date.now();
    const emailA = `chat-a${stamp}@example.com`;
    const emailB = `chat-b${stamp}@example.com`;
    const [apiA, apiB] = await signUpAll(stack, [emailA, emailB]);
    const workspace = await sharedWorkspace(apiA, '채팅 수업', [apiB]);
    const me = await apiB.get<{ id: number }>(pathOf(userEndpoints.me));
    const room = (
      await apiA.send<ChatRoom>(
        'POST',
        pathOf(chatEndpoints.createDm, { workspaceId: workspace.id }),
        {
          chatMemberIdList: [me.id],
        },
      )
    ).data;
    const roomPath = `/#/ws/${workspace.id}/chat/${room.id}`;

    const { page: pageA } = await newPage(browser, stack.baseUrl);
    const { context: contextB, page: pageB } = await newPage(browser, stack.baseUrl);
    await login(pageA, emailA);
    await login(pageB, emailB);
    // Let the once-per-session redirect to the workspace land before opening the room.
    await pageA.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await pageB.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    // The tab names the workspace, with the unread chat count once a message waits.
    await expect.poll(() => pageB.title()).toBe('채팅 수업');
    await pageB.locator('[data-testid="live-status"][data-state="open"]').waitFor();
    await apiA.send(
      'POST',
      pathOf(chatEndpoints.send, { workspaceId: workspace.id, roomId: room.id }),
      {
        content: '먼저 보내 둔 메시지',
      },
    );
    await expect.poll(() => pageB.title()).toBe('(1) 채팅 수업');
    await pageA.goto(roomPath);
    await pageB.goto(roomPath);
    try {
      await pageA.getByTestId('chat-room').waitFor();
      await pageB.getByTestId('chat-room').waitFor();
    } catch (error) {
      await screenshot(pageA, 'chat-open-failed-a');
      await screenshot(pageB, 'chat-open-failed-b');
      throw error;
    }
    await pageA.locator('[data-testid="live-status"][data-state="open"]').waitFor();
    await pageB.locator('[data-testid="live-status"][data-state="open"]').waitFor();
    // In the room: the room's name, then the workspace's; read, so no count.
    await expect.poll(() => pageB.title()).toMatch(/^[^(].+ · 채팅 수업$/);

    // Both ways, live.
    await say(pageA, '안녕하세요! 회의록 봤어요?');
    await pageB.getByTestId('chat-message').getByText('안녕하세요! 회의록 봤어요?').waitFor();
    await say(pageB, '네, 방금 읽었어요.');
    await pageA.getByTestId('chat-message').getByText('네, 방금 읽었어요.').waitFor();
    const own = pageA.locator('[data-testid="chat-message"][data-own="true"]');
    expect(await own.count()).toBe(2);

    // Typing and presence (decision 0021): B sees A online in the DM's header, and A typing
    // until A's message arrives.
    const partnerDot = pageB.getByTestId('chat-room').getByTestId('presence-dot');
    await expect.poll(() => partnerDot.getAttribute('aria-label')).toBe('온라인');
    await pageA.getByTestId('chat-input').fill('지금 쓰는 중');
    await pageB
      .getByTestId('chat-typing')
      .getByText(/님이 입력 중…$/)
      .waitFor();
    await pageA.getByTestId('chat-input').press('Enter');
    await pageB.getByTestId('chat-message').getByText('지금 쓰는 중').waitFor();
    await expect.poll(() => pageB.getByTestId('chat-typing').innerText()).toBe('');
    await screenshot(pageA, 'chat-1280');
    await expectAccessible(pageA, 'chat-1280');

    // Received bubbles are as wide as their text needs, like the sender's own copy: a two-line
    // message keeps each line whole, a sentence sits on one line, and so does a deletion.
    await pageB.getByTestId('chat-input').fill('첫째 줄');
    await pageB.getByTestId('chat-input').press('Shift+Enter');
    await pageB.getByTestId('chat-input').pressSequentially('둘째 줄');
    await pageB.getByTestId('chat-input').press('Enter');
    const sentence = '다음 주 화요일 발표 자료는 제가 정리해서 오늘 밤까지 공유드릴게요';
    await say(pageB, sentence);
    await say(pageB, '이 메시지는 곧 지웁니다');
    const bubble = (page: Page, own: boolean, text: string) =>
      page
        .locator(`[data-testid="chat-message"][data-own="${own}"]`)
        .getByTestId('chat-message-content')
        .filter({ hasText: text });
    await bubble(pageA, false, sentence).waitFor();
    await bubble(pageA, false, '이 메시지는 곧 지웁니다').waitFor();
    const toDelete = pageA
      .locator('[data-testid="chat-message"][data-own="false"]')
      .filter({ hasText: '이 메시지는 곧 지웁니다' });
    const deletedId = Number(await toDelete.getAttribute('data-message-id'));
    await apiB.send(
      'PATCH',
      pathOf(chatEndpoints.deleteMessage, {
        workspaceId: workspace.id,
        roomId: room.id,
        messageId: deletedId,
      }),
    );
    await bubble(pageA, false, '삭제된 메시지입니다.').waitFor();
    /** The bubble's width and how many lines its text takes. */
    const measure = (locator: ReturnType<typeof bubble>) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        const lineHeight = parseFloat(style.lineHeight);
        const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
        const border = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
        const box = element.getBoundingClientRect();
        return {
          width: box.width,
          lines: Math.round((box.height - padding - border) / lineHeight),
        };
      });
    const twoLines = await measure(bubble(pageA, false, '첫째 줄'));
    expect(twoLines.lines).toBe(2);
    const received = await measure(bubble(pageA, false, sentence));
    const sent = await measure(bubble(pageB, true, sentence));
    expect(received.lines).toBe(1);
    expect(sent.lines).toBe(1);
    expect(Math.abs(received.width - sent.width)).toBeLessThanOrEqual(2);
    expect((await measure(bubble(pageA, false, '삭제된 메시지입니다.'))).lines).toBe(1);
    await screenshot(pageA, 'chat-received-1280');
    await expectAccessible(pageA, 'chat-received-1280');
    await screenshot(pageB, 'chat-sent-1280');
    await expectAccessible(pageB, 'chat-sent-1280');

    // B goes offline; A sends three.
    await contextB.setOffline(true);
    const offlineTexts = ['첫 번째 메시지', '두 번째 메시지', '세 번째 메시지'];
    for (const text of offlineTexts) {
      await say(pageA, text);
      await pageA.getByTestId('chat-message').getByText(text).waitFor();
    }
    await expect
      .poll(async () => {
        const page = await apiA.get<ListPage<ChatMessage>>(
          `${pathOf(chatEndpoints.messages, { workspaceId: workspace.id, roomId: room.id })}?sort=createdAt,desc&size=3`,
        );
        return page.content.map((message) => message.content).reverse();
      })
      .toEqual(offlineTexts);

    // Back online: each of the three appears once, in order.
    await contextB.setOffline(false);
    for (const text of offlineTexts) {
      await pageB.getByTestId('chat-message').getByText(text).waitFor({ timeout: 45_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const shown = (await messageTexts(pageB)).join('\n');
    for (const text of offlineTexts) expect(shown.split(text).length - 1).toBe(1);
    const positions = offlineTexts.map((text) => shown.indexOf(text));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await screenshot(pageB, 'chat-after-reconnect-1280');

    // A sends a picture with a caption, then a file alone: B sees both live.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHRwzEcQCxYxBB16puEAAAAABJRU5ErkJggg==',
      'base64',
    );
    await pageA
      .getByTestId('chat-file-input')
      .setInputFiles({ name: '회의 사진.png', mimeType: 'image/png', buffer: png });
    const preview = pageA.getByTestId('chat-attachment-preview');
    await preview.getByText('회의 사진.png').waitFor();
    expect(await preview.innerText()).toMatch(/KB/);
    await say(pageA, '오늘 화이트보드');
    await preview.waitFor({ state: 'detached' });
    const pictureOnB = pageB.getByTestId('chat-attachment-image');
    await pictureOnB.waitFor();
    await expect
      .poll(() => pictureOnB.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await pageB.getByTestId('chat-message').getByText('오늘 화이트보드').waitFor();
    await pageA
      .getByTestId('chat-file-input')
      .setInputFiles({ name: '회의록.txt', mimeType: 'text/plain', buffer: Buffer.from('회의록') });
    await pageA.getByTestId('chat-send').click();
    await pageB.getByTestId('chat-attachment-file').getByText('회의록.txt').waitFor();

    // Several files in one message: B sees the pictures as a grid, opens them large and steps
    // through them with the keyboard, and finds every file in the room's 파일 drawer.
    await pageA.getByTestId('chat-file-input').setInputFiles([
      { name: '첫 장.png', mimeType: 'image/png', buffer: png },
      { name: '둘째 장.png', mimeType: 'image/png', buffer: png },
      { name: '목록.txt', mimeType: 'text/plain', buffer: Buffer.from('목록') },
    ]);
    await expect.poll(() => pageA.getByTestId('chat-file-chip').count()).toBe(3);
    await pageA.getByTestId('chat-send').click();
    await pageB.getByRole('button', { name: '둘째 장.png 크게 보기' }).click();
    const lightbox = pageB.getByRole('dialog');
    await lightbox.getByRole('img', { name: '둘째 장.png' }).waitFor();
    await pageB.keyboard.press('ArrowRight');
    await lightbox.getByRole('img', { name: '첫 장.png' }).waitFor();
    await screenshot(pageB, 'chat-lightbox-1280');
    await pageB.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    await pageB.getByTestId('chat-files-button').click();
    const drawer = pageB.getByRole('dialog', { name: '이 채팅방의 파일' });
    await drawer.getByText('목록.txt').waitFor();
    await drawer.getByText('회의록.txt').waitFor();
    await expect.poll(() => drawer.getByTestId('chat-files-image').count()).toBe(3);
    await expect.poll(() => slidIn(drawer)).toBe(true);
    await screenshot(pageB, 'chat-files-drawer-1280');
    await expectAccessible(pageB, 'chat-files-drawer-1280');
    await pageB.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await screenshot(pageB, 'chat-attachments-1280');
    await expectAccessible(pageB, 'chat-attachments-1280');

    // The same room fits a phone.
    await pageB.setViewportSize({ width: 360, height: 740 });
    await pageB.getByTestId('chat-input').waitFor();
    // The side panel slides away over 200 ms when the layout turns narrow.
    await pageB.waitForTimeout(500);
    const overflow = await pageB.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(pageB, 'chat-360');
    await expectAccessible(pageB, 'chat-360');
    // The files drawer takes the whole width of a phone and still lists everything.
    await pageB.getByTestId('chat-files-button').click();
    const phoneDrawer = pageB.getByRole('dialog', { name: '이 채팅방의 파일' });
    await phoneDrawer.getByText('목록.txt').waitFor();
    await expect.poll(() => slidIn(phoneDrawer)).toBe(true);
    const drawerWidth = await phoneDrawer.evaluate(
      (element) => element.getBoundingClientRect().width,
    );
    expect(drawerWidth).toBeLessThanOrEqual(360);
    await screenshot(pageB, 'chat-files-drawer-360');
    await expectAccessible(pageB, 'chat-files-drawer-360');
  });

  it('a team talks it through: mention, read count, reply, reaction, edit, notice, dropped and pasted files', async () => {
    const stamp = Date.now();
    const emailA = `talk-a${stamp}@example.com`;
    const emailB = `talk-b${stamp}@example.com`;
    const [apiA, apiB] = await signUpAll(stack, [emailA, emailB]);
    const workspace = await sharedWorkspace(apiA, '토론 수업', [apiB]);
    const personB = await apiB.get<{ id: number; name: string }>(pathOf(userEndpoints.me));
    const room = (
      await apiA.send<ChatRoom>(
        'POST',
        pathOf(chatEndpoints.createGroup, { workspaceId: workspace.id }),
        {
          name: '발표 준비',
          chatMemberIdList: [personB.id],
        },
      )
    ).data;
    const roomPath = `/#/ws/${workspace.id}/chat/${room.id}`;
    const { page: pageA } = await newPage(browser, stack.baseUrl);
    const { page: pageB } = await newPage(browser, stack.baseUrl);
    await login(pageA, emailA);
    await login(pageB, emailB);
    await pageA.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await pageB.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await pageA.goto(roomPath);
    await pageA.getByTestId('chat-room').waitFor();
    await pageA.locator('[data-testid="live-status"][data-state="open"]').waitFor();

    // A mentions B through the autocomplete: '@' and the start of the name, Enter picks it.
    const input = pageA.getByTestId('chat-input');
    await input.fill(`@${personB.name.slice(0, 4)}`);
    await pageA.getByTestId('chat-mention-option').filter({ hasText: personB.name }).waitFor();
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(`@${personB.name} `);
    await input.pressSequentially('자료 부탁해요');
    await input.press('Enter');
    // The first such message: a reply quoting it comes later.
    const asked = pageA.getByTestId('chat-message').filter({ hasText: '자료 부탁해요' }).first();
    await asked.getByTestId('chat-mention').filter({ hasText: personB.name }).waitFor();
    // Nobody has read it yet: "1" beside it, gone once B opens the room.
    await expect.poll(() => asked.getByTestId('chat-read-count').innerText()).toBe('1');
    await pageB.goto(roomPath);
    await pageB.getByTestId('chat-room').waitFor();
    await asked.getByTestId('chat-read-count').waitFor({ state: 'detached', timeout: 10_000 });

    // B answers it with a reply; A sees the quote.
    const onB = pageB.getByTestId('chat-message').filter({ hasText: '자료 부탁해요' }).first();
    await onB.hover();
    await onB.getByTestId('chat-message-reply').click();
    await pageB.getByTestId('chat-reply-preview').waitFor();
    // Mentioning while replying: the member list opens above the reply bar, not over it.
    await pageB.getByTestId('chat-input').fill('@');
    await pageB.getByTestId('chat-mention-list').waitFor();
    const boxOnB = (id: string) =>
      pageB
        .getByTestId(id)
        .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
    const listBox = await boxOnB('chat-mention-list');
    const replyBox = await boxOnB('chat-reply-preview');
    expect(listBox.bottom, JSON.stringify({ listBox, replyBox })).toBeLessThanOrEqual(
      replyBox.top + 1,
    );
    await say(pageB, '네 보낼게요');
    const reply = pageA.getByTestId('chat-message').filter({ hasText: '네 보낼게요' });
    await reply.getByTestId('chat-reply-quote').waitFor();

    // A reacts to the reply; B sees the count live.
    await reply.hover();
    await reply.getByTestId('chat-reaction-add').click();
    await pageA.getByTestId('chat-reaction-pick').filter({ hasText: '👍' }).click();
    const thumbOnB = pageB
      .getByTestId('chat-message')
      .filter({ hasText: '네 보낼게요' })
      .locator('[data-testid="chat-reaction"][data-emoji="👍"]');
    await expect.poll(() => thumbOnB.innerText()).toContain('1');

    // B edits the reply; A sees the new text marked (수정됨).
    const replyOnB = pageB.getByTestId('chat-message').filter({ hasText: '네 보낼게요' });
    await replyOnB.hover();
    await replyOnB.getByTestId('chat-message-edit').click();
    await pageB.getByTestId('chat-edit-banner').waitFor();
    await pageB.getByTestId('chat-input').fill('네 지금 보낼게요');
    await pageB.getByTestId('chat-input').press('Enter');
    const edited = pageA.getByTestId('chat-message').filter({ hasText: '네 지금 보낼게요' });
    await edited.getByTestId('chat-message-edited').waitFor();
    // Hovered, the message's toolbar leaves its "(수정됨)" in view and clickable.
    await edited.hover();
    const boxOf = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
    const toolbarBox = await boxOf(edited.getByTestId('chat-message-actions'));
    const markBox = await boxOf(edited.getByTestId('chat-message-edited'));
    const overlaps =
      toolbarBox.left < markBox.right &&
      markBox.left < toolbarBox.right &&
      toolbarBox.top < markBox.bottom &&
      markBox.top < toolbarBox.bottom;
    expect(overlaps, JSON.stringify({ toolbarBox, markBox })).toBe(false);

    // A (who made the room) pins the request as the room's notice; B sees it on top.
    await asked.hover();
    await asked.getByTestId('chat-message-pin').click();
    await pageB.getByTestId('chat-notice').getByText('자료 부탁해요').waitFor();

    // B drops two files onto the room and sends them, then pastes a screenshot.
    await pageB.getByTestId('chat-room').evaluate((room) => {
      const dropped = new DataTransfer();
      dropped.items.add(new File(['첫 자료'], '자료 1.txt', { type: 'text/plain' }));
      dropped.items.add(new File(['둘째 자료'], '자료 2.txt', { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        room.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dropped }),
        );
      }
    });
    await expect.poll(() => pageB.getByTestId('chat-file-chip').count()).toBe(2);
    await pageB.getByTestId('chat-send').click();
    const files = pageA.getByTestId('chat-attachment-file');
    await files.filter({ hasText: '자료 1.txt' }).waitFor();
    await files.filter({ hasText: '자료 2.txt' }).waitFor();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHRwzEcQCxYxBB16puEAAAAABJRU5ErkJggg==',
      'base64',
    ).toString('base64');
    await pageB.getByTestId('chat-input').evaluate((field, data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const pasted = new DataTransfer();
      pasted.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      field.dispatchEvent(
        new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: pasted }),
      );
    }, png);
    await pageB.getByTestId('chat-file-chip').filter({ hasText: '붙여넣은 이미지' }).waitFor();
    await pageB.getByTestId('chat-send').click();
    await pageA.getByTestId('chat-attachment-image').waitFor();

    // Everything shared is in A's files drawer.
    await pageA.getByTestId('chat-files-button').click();
    const drawer = pageA.getByRole('dialog', { name: '이 채팅방의 파일' });
    await drawer.getByText('자료 1.txt').waitFor();
    await drawer.getByText('자료 2.txt').waitFor();
    await expect.poll(() => drawer.getByTestId('chat-files-image').count()).toBe(1);
    await pageA.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await screenshot(pageA, 'chat-conversation-1280');
    await expectAccessible(pageA, 'chat-conversation-1280');
    await pageB.setViewportSize({ width: 360, height: 740 });
    await pageB.waitForTimeout(300);
    await screenshot(pageB, 'chat-conversation-360');
    await expectAccessible(pageB, 'chat-conversation-360');
  });
  it.each([
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ])('the list stays at the newest message while pictures load, at $width px', async (viewport) => {
    const stamp = Date.now();
    const emailA = `pics-a${stamp}@example.com`;
    const emailB = `pics-b${stamp}@example.com`;
    const [apiA, apiB] = await signUpAll(stack, [emailA, emailB]);
    const workspace = await sharedWorkspace(apiA, '사진 수업', [apiB]);
    const personB = await apiB.get<{ id: number }>(pathOf(userEndpoints.me));
    const makeRoom = async (name: string) =>
      (
        await apiA.send<ChatRoom>(
          'POST',
          pathOf(chatEndpoints.createGroup, { workspaceId: workspace.id }),
          { name, chatMemberIdList: [personB.id] },
        )
      ).data;
    const photos = await makeRoom('사진 방');
    const other = await makeRoom('다른 방');
    const tall = picture(300, 600, [40, 120, 200]);
    const wide = picture(600, 400, [200, 90, 40]);
    // The room already holds talk and pictures, the newest a tall one.
    for (let index = 1; index <= 6; index += 1) {
      await apiB.send(
        'POST',
        pathOf(chatEndpoints.send, { workspaceId: workspace.id, roomId: photos.id }),
        { content: `앞선 이야기 ${index}` },
      );
    }
    await sendPictures(stack, emailB, photos, [{ name: '칠판.png', data: wide }], '칠판 사진');
    await sendPictures(stack, emailB, photos, [{ name: '화면.png', data: tall }], '화면 캡처');

    const { page } = await newPage(browser, stack.baseUrl, viewport);
    await login(page, emailA);
    await page.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await page.goto(`/#/ws/${workspace.id}/chat/${other.id}`);
    await page.getByTestId('chat-room').waitFor();
    await page.locator('[data-testid="live-status"][data-state="open"]').waitFor();
    const openFromSidePanel = async ({ id: roomId }: ChatRoom) => {
      if (viewport.width < 768) await page.getByRole('button', { name: '메뉴 열기' }).click();
      await page.locator(`[data-testid="chat-room-link"][data-room-id="${roomId}"]`).click();
      await page.waitForURL(new RegExp(`/chat/${roomId}$`));
    };

    // Opened from the side panel: the newest picture is on screen once it has loaded.
    await openFromSidePanel(photos);
    await page.getByTestId('chat-message').filter({ hasText: '화면 캡처' }).waitFor();
    await expectAtNewest(page, '화면 캡처', `side-panel-${viewport.width}`);
    // A phone's composer gives no keyboard advice (no Enter or Shift+Enter on its keyboard).
    await expect
      .poll(() => page.getByTestId('chat-input').getAttribute('placeholder'))
      .toBe(
        viewport.width < 768
          ? '메시지를 입력하세요'
          : '메시지를 입력하세요 (Enter 전송, Shift+Enter 줄바꿈)',
      );

    // The other member sends pictures: one, then three at once.
    await sendPictures(stack, emailB, photos, [{ name: '세로.png', data: tall }], '방금 찍은 것');
    await page.getByTestId('chat-message').filter({ hasText: '방금 찍은 것' }).waitFor();
    await expectAtNewest(page, '방금 찍은 것', `received-${viewport.width}`);
    await sendPictures(
      stack,
      emailB,
      photos,
      [
        { name: '하나.png', data: tall },
        { name: '둘.png', data: wide },
        { name: '셋.png', data: tall },
      ],
      '세 장 더',
    );
    await page.getByTestId('chat-message').filter({ hasText: '세 장 더' }).waitFor();
    await expectAtNewest(page, '세 장 더', `received-three-${viewport.width}`);

    // The user sends a tall picture, then three files: each lands in view once delivered.
    const sendOwn = async (files: { name: string; buffer: Buffer }[], caption: string) => {
      await page
        .getByTestId('chat-file-input')
        .setInputFiles(files.map((file) => ({ ...file, mimeType: 'image/png' })));
      await expect.poll(() => page.getByTestId('chat-file-chip').count()).toBe(files.length);
      await say(page, caption);
      const own = page
        .locator('[data-testid="chat-message"][data-own="true"]')
        .filter({ hasText: caption });
      await expect
        .poll(async () => Number(await own.getAttribute('data-message-id')))
        .toBeGreaterThan(0);
    };
    await sendOwn([{ name: '내 사진.png', buffer: tall }], '제가 찍은 사진');
    await expectAtNewest(page, '제가 찍은 사진', `sent-${viewport.width}`);
    await sendOwn(
      [
        { name: '첫.png', buffer: wide },
        { name: '둘째.png', buffer: tall },
        { name: '셋째.png', buffer: wide },
      ],
      '세 장 보냅니다',
    );
    await expectAtNewest(page, '세 장 보냅니다', `sent-three-${viewport.width}`);

    // Away to the other room and back through the side panel; then a reload.
    await openFromSidePanel(other);
    await page.getByTestId('chat-empty').waitFor();
    await openFromSidePanel(photos);
    await page.getByTestId('chat-message').filter({ hasText: '세 장 보냅니다' }).waitFor();
    await expectAtNewest(page, '세 장 보냅니다', `back-${viewport.width}`);
    await page.reload();
    await page.getByTestId('chat-message').filter({ hasText: '세 장 보냅니다' }).waitFor();
    await expectAtNewest(page, '세 장 보냅니다', `reload-${viewport.width}`);
    await page.context().close();
  });
});
