import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chatEndpoints, type ChatRoom } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { WebhookHeaders } from '@teamup/contracts/webhooks';
import { expectAccessible } from './support/a11y';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';

/*
 * Integrations as a workspace owner sets them up (issue 46): an outgoing webhook made in the
 * settings receives a signed chat message, and an incoming webhook made in a room posts into it
 * as a bot, live.
 */

type Received = { headers: http.IncomingHttpHeaders; body: string };

describe('integrations journey', () => {
  let stack: Stack;
  let browser: Browser;
  let receiver: http.Server;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    // The receiver is on loopback: an admin lets webhooks reach it.
    stack = await startStack({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('an outgoing webhook hears a chat message, signed; an incoming one posts as a bot', async () => {
    const stamp = Date.now();
    const ownerEmail = `hooks-owner${stamp}@example.com`;
    const memberEmail = `hooks-member${stamp}@example.com`;
    const [owner, member] = await signUpAll(stack, [ownerEmail, memberEmail]);
    const workspace = await sharedWorkspace(owner, '연동 수업', [member]);
    const memberId = (await member.get<{ id: number }>(pathOf(userEndpoints.me))).id;
    const room = (
      await owner.send<ChatRoom>(
        'POST',
        pathOf(chatEndpoints.createGroup, { workspaceId: workspace.id }),
        { name: '빌드 알림', chatMemberIdList: [memberId] },
      )
    ).data;
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/teamup`;

    const { page } = await newPage(browser, stack.baseUrl);
    await login(page, ownerEmail);
    await page.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await page.getByTestId('side-panel-settings').click();
    const settings = page.getByTestId('workspace-settings-modal');
    await settings.getByRole('tab', { name: '웹훅' }).click();
    await settings.getByTestId('webhooks-empty').waitFor();
    await settings.getByTestId('webhook-add').click();
    const form = page.getByTestId('webhook-form');
    await form.getByTestId('webhook-name').fill('빌드 서버');
    await form.getByTestId('webhook-url').fill(receiverUrl);
    await form.getByTestId('webhook-event-chat.message').check();
    await form.getByTestId('webhook-submit').click();
    const secret = await page.getByTestId('webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'webhook-secret-1280');
    await page.getByTestId('webhook-secret-done').click();
    await settings.getByTestId('webhook-row').filter({ hasText: '빌드 서버' }).waitFor();
    await expectAccessible(page, 'webhooks-tab-1280');

    // A member's message in the group room reaches the receiver, signed with the secret shown.
    // (A retried attempt has its own room and secret: only this attempt's delivery counts.)
    const text = `빌드를 시작합니다 ${stamp}`;
    await member.send(
      'POST',
      pathOf(chatEndpoints.send, { workspaceId: workspace.id, roomId: room.id }),
      { content: text },
    );
    const ours = () => received.filter((got) => got.body.includes(text));
    await expect.poll(() => ours().length, { timeout: 15_000 }).toBeGreaterThan(0);
    const delivery = ours()[0] as Received;
    const timestamp = String(delivery.headers[WebhookHeaders.timestamp]);
    expect(delivery.headers[WebhookHeaders.signature]).toBe(
      `v1=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`,
    );
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'chat.message',
      data: { room: { name: '빌드 알림' }, message: { text } },
    });
    // The delivery log says so.
    await settings.getByTestId('webhook-log').click();
    const log = page.getByTestId('webhook-deliveries');
    await expect
      .poll(
        async () => {
          await log.getByTestId('webhook-deliveries-refresh').click();
          return log.getByTestId('webhook-delivery-status').first().textContent();
        },
        { timeout: 15_000 },
      )
      .toContain('성공');
    // Each dialog closed and gone before the next step: the settings are not tied to the route,
    // and a keypress during a closing transition is lost on a loaded machine.
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'detached' });
    await settings.locator('.mantine-Modal-close').click();
    await settings.waitFor({ state: 'detached' });

    // An incoming webhook made in the room posts into it, and the open room shows it live.
    await page.goto(`/#/ws/${workspace.id}/chat/${room.id}`);
    await page.getByTestId('chat-room').waitFor();
    await page.locator('[data-testid="live-status"][data-state="open"]').waitFor();
    await page.getByTestId('chat-webhooks-button').click();
    await page.getByTestId('incoming-webhook-name').fill('배포 봇');
    await page.getByTestId('incoming-webhook-create').click();
    const hookUrl = await page.getByTestId('incoming-webhook-url').inputValue();
    const posted = await fetch(`${stack.baseUrl}${new URL(hookUrl).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '배포 완료 ✅' }),
    });
    expect(posted.status).toBe(200);
    await page.keyboard.press('Escape');
    await page.getByTestId('incoming-webhooks').waitFor({ state: 'detached' });
    const botMessage = page.getByTestId('chat-room').getByText('배포 완료 ✅');
    await botMessage.waitFor();
    await expect
      .poll(() => page.getByTestId('chat-room').getByText('봇').count())
      .toBeGreaterThan(0);
    await screenshot(page, 'incoming-webhook-bot-1280');
  });
});
