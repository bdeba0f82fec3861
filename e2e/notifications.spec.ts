import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { kanbanEndpoints, type Kanban, type KanbanList, type Task } from '@teamup/contracts/kanban';
import { teamEndpoints, type Team } from '@teamup/contracts/teams';
import { deliveryEndpoints, type DeliverySettings } from '@teamup/contracts/delivery';
import { notificationEndpoints } from '@teamup/contracts/notifications';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';
import { expectAccessible } from './support/a11y';

describe('notifications journey', () => {
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

  it("a completion request shows up live in the leader's bell and leads to the board", async () => {
    const stamp = Date.now();
    const leaderEmail = `bell-leader${stamp}@example.com`;
    const memberEmail = `bell-member${stamp}@example.com`;
    const [leaderApi, memberApi] = await signUpAll(stack, [leaderEmail, memberEmail]);
    const workspace = await sharedWorkspace(leaderApi, '알림 수업', [memberApi]);
    const team = (
      await leaderApi.send<Team>('POST', pathOf(teamEndpoints.create), {
        name: '알림팀',
        workspaceId: workspace.id,
      })
    ).data;
    await memberApi.send('POST', pathOf(teamEndpoints.join, { id: team.id }), {});
    const kanban = await leaderApi.get<Kanban>(pathOf(kanbanEndpoints.team, { teamId: team.id }));
    const list = (
      await leaderApi.send<KanbanList>('POST', pathOf(kanbanEndpoints.createList), {
        kanbanListName: '할 일',
        kanbanId: kanban.id,
      })
    ).data;
    const task = (
      await memberApi.send<Task>('POST', pathOf(kanbanEndpoints.createTask), {
        subject: '최종 보고서',
        kanbanListId: list.id,
      })
    ).data;

    const { page } = await newPage(browser, stack.baseUrl);
    await login(page, leaderEmail);
    await page.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await page.locator('[data-testid="live-status"][data-state="open"]').waitFor();
    const badge = page.getByTestId('notification-badge');
    // The member joining the team was the first notification; read it so the count starts at 0.
    await leaderApi.send('PATCH', pathOf(notificationEndpoints.readAll));
    await expect.poll(() => badge.getAttribute('data-count')).toBe('0');

    await memberApi.send('POST', pathOf(kanbanEndpoints.requestCompletion, { id: task.id }), {
      message: '확인 부탁드립니다',
    });
    await expect.poll(() => badge.getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    await screenshot(page, 'notification-bell-1280');
    await expectAccessible(page, 'notification-bell-1280');

    // The tab's number is the bell's, on every page (issue 41).
    expect(await page.title()).toBe('(1) 알림 수업');

    // The bell opens the latest notifications over the page: the side panel stays.
    await page.getByTestId('notification-bell').click();
    const popover = page.getByTestId('notification-popover');
    const item = popover
      .getByTestId('notification-popover-item')
      .filter({ hasText: '최종 보고서' });
    await item.waitFor();
    expect(await item.innerText()).toContain('완료 승인을 요청했습니다');
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await page.getByTestId('workspace-side-panel').isVisible()).toBe(true);
    expect(await page.getByTestId('notification-bell').getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'notification-popover-1280');
    await expectAccessible(page, 'notification-popover-1280');
    // Keyboard: focus moves into the list, Escape closes and gives focus back to the bell.
    await item.focus();
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'notification-bell',
    );
    await page.keyboard.press('Enter');
    await item.waitFor();
    await item.click();
    await page.waitForURL(new RegExp(`#/ws/${workspace.id}/team/${team.id}\\?tab=kanban`));
    await page.getByTestId('kanban-pending-panel').getByText('최종 보고서').waitFor();
    await expect.poll(() => badge.getAttribute('data-count')).toBe('0');
    await expect.poll(() => page.title()).toBe('알림팀 · 알림 수업');

    // The member's page, reached from the team's member list.
    const memberMe = await memberApi.get<{ id: number; name: string }>(pathOf(userEndpoints.me));
    await page.getByTestId('team-members').locator(`[data-user-id="${memberMe.id}"]`).click();
    await page.getByTestId('member-profile-link').click();
    await page.getByTestId('user-profile').getByText(memberMe.name).first().waitFor();
    await page.getByTestId('user-profile').getByText('알림 수업').waitFor();
    await screenshot(page, 'user-page-1280');
    await expectAccessible(page, 'user-page-1280');
    await page.goto('/#/users/999999');
    await page.getByTestId('user-not-found').waitFor();

    // The bell's list on a phone, and from it the full centre.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/#/ws/${workspace.id}`);
    await page.getByTestId('notification-bell').click();
    await popover.getByTestId('notification-popover-item').first().waitFor();
    await page.waitForTimeout(300);
    const box = await popover.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    await screenshot(page, 'notification-popover-360');
    await expectAccessible(page, 'notification-popover-360');
    await popover.getByTestId('notification-popover-all').click();
    await page.waitForURL(/#\/notifications$/);
    await page.getByTestId('notification-list').waitFor();
    expect(await page.title()).toBe('알림 · TeamUp');
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'notifications-360');
    await expectAccessible(page, 'notifications-360');

    // Away from the tab: a daily digest and quiet hours that let mentions through, saved.
    await page.getByTestId('notifications-settings').click();
    const delivery = page.getByTestId('delivery-settings');
    await delivery.getByTestId('delivery-digest').selectOption('DAILY_9AM');
    await delivery.getByRole('switch', { name: '방해금지 시간' }).check();
    await delivery
      .getByRole('checkbox', { name: '나를 언급한 메시지는 방해금지 중에도 알림' })
      .check();
    await delivery.getByTestId('delivery-save').click();
    await page.getByText('알림 전달 설정을 저장했습니다.').waitFor();
    expect(await leaderApi.get<DeliverySettings>(pathOf(deliveryEndpoints.settings))).toEqual({
      digest: 'DAILY_9AM',
      quietHours: { enabled: true, start: '23:00', end: '08:00', allowMentions: true },
      // The task reminders (issue 44) keep their defaults: both.
      taskReminders: ['24H', '1H'],
      timeZone: 'Asia/Seoul',
    });
    await delivery.scrollIntoViewIfNeeded();
    await screenshot(page, 'notification-delivery-360');
    await expectAccessible(page, 'notification-delivery-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await delivery.getByTestId('delivery-time-zone').click();
    await page.getByRole('option', { name: 'Asia/Seoul' }).waitFor();
    await screenshot(page, 'notification-delivery-1280');
    await page.keyboard.press('Escape');
  });
});
