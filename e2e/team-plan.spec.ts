import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { kanbanEndpoints, type Kanban } from '@teamup/contracts/kanban';
import { scheduleEndpoints, type Schedule } from '@teamup/contracts/schedules';
import { teamEndpoints, type Team } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';
import { expectAccessible } from './support/a11y';

async function openTab(page: Page, workspaceId: number, teamId: number, tab: string) {
  await page.goto(`/#/ws/${workspaceId}/team/${teamId}?tab=${tab}`);
  await page.getByTestId(`team-tab-${tab}`).waitFor();
}

/** Drags with the mouse in small steps, as a person would (dnd-kit needs real movement). */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, {
    steps: 5,
  });
  await page.mouse.move(end.x + end.width / 2, end.y + Math.min(end.height / 2, 80), { steps: 20 });
  await page.mouse.up();
}

/** The 15th of the month the calendar opens on, in the browser's time zone (Asia/Seoul). */
function fifteenthOfThisMonth(): string {
  const now = new Date(Date.now() + 9 * 3_600_000);
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-15`;
}

/**
 * The open date picker of `field` covers neither the dialog's title nor the labels of the
 * fields above and beside it (a popover that flipped up hid what was being filled in).
 */
async function expectClearOf(page: Page, field: Locator, dialog: Locator, name: string) {
  const dropdownId = await field.getAttribute('aria-controls');
  const dropdown = page.locator(`[id="${dropdownId}"]`);
  await dropdown.waitFor();
  const box = await dropdown.boundingBox();
  const fieldBox = await field.boundingBox();
  if (!box || !fieldBox) throw new Error('no picker');
  await screenshot(page, name);
  const heads = [
    page.locator('.mantine-Modal-title').filter({ visible: true }).last(),
    ...(await dialog.locator('label').filter({ visible: true }).all()),
  ];
  for (const head of heads) {
    const other = await head.boundingBox();
    // Labels below the field may sit under its dropdown; those above and beside may not.
    if (!other || other.y > fieldBox.y + fieldBox.height) continue;
    const overlaps =
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height;
    expect(overlaps, `${name}: the picker covers '${await head.textContent()}'`).toBe(false);
  }
}

describe('calendar and kanban journey', () => {
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

  it('a member plans on the calendar and the board; the leader approves; progress moves', async () => {
    const stamp = Date.now();
    const emailLeader = `leader${stamp}@example.com`;
    const emailMember = `member${stamp}@example.com`;
    const [apiLeader, apiMember] = await signUpAll(stack, [emailLeader, emailMember]);
    const workspace = await sharedWorkspace(apiLeader, '기획 수업', [apiMember]);
    const team = (
      await apiLeader.send<Team>('POST', pathOf(teamEndpoints.create), {
        name: '일정팀',
        workspaceId: workspace.id,
      })
    ).data;
    expect(
      (await apiMember.send('POST', pathOf(teamEndpoints.join, { id: team.id }), {})).status,
    ).toBe(200);

    // The member adds an event on the 15th through the calendar.
    const { page } = await newPage(browser, stack.baseUrl);
    await login(page, emailMember);
    await openTab(page, workspace.id, team.id, 'calendar');
    // The whole month fits a 1280x800 screen under the (compact) team header.
    const grid = await page.getByTestId('calendar-grid').boundingBox();
    expect((grid?.y ?? 0) + (grid?.height ?? 0)).toBeLessThanOrEqual(800);
    const day = fifteenthOfThisMonth();
    const cell = page.locator(`[data-testid="calendar-cell"][data-date="${day}"]`);
    await cell.click();
    const form = page.getByTestId('schedule-form');
    await form.getByTestId('schedule-title-input').fill('킥오프 회의');
    // Korean date-time pickers: the day's 09:00 to 10:00, moved to 10:00 in the picker; the
    // end keeps the hour the schedule lasts.
    const start = form.getByTestId('schedule-start-input');
    const end = form.getByTestId('schedule-end-input');
    const [year, month] = day.split('-').map(Number);
    expect(await start.textContent()).toBe(`${year}. ${month}. 15. 오전 9:00`);
    await start.click();
    // The picker opens clear of the dialog's title and of the labels above and beside it.
    await expectClearOf(page, start, form, 'calendar-form-picker-1280');
    // A window that crosses the phone width with the picker open (a tablet turned) makes it a
    // modal and back: the form must come back with it, not stay hidden under the page.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('dialog', { name: '시작' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('dialog', { name: '시작' }).waitFor({ state: 'detached' });
    await page.getByTestId('schedule-start-input-hours').fill('10');
    await page.getByTestId('schedule-start-input-submit').click();
    await start.getByText(`${year}. ${month}. 15. 오전 10:00`).waitFor();
    await end.getByText(`${year}. ${month}. 15. 오전 11:00`).waitFor();
    expect(await form.getAttribute('data-hidden')).toBeNull();
    await screenshot(page, 'calendar-form-1280');
    await expectAccessible(page, 'calendar-form-1280');
    await form.getByTestId('schedule-submit').click();
    await cell.getByText('킥오프 회의').waitFor();
    const range = `startDate=${day}T00:00:00%2B09:00&endDate=${day}T23:59:59%2B09:00`;
    const [created] = await apiMember.get<Schedule[]>(
      `${pathOf(scheduleEndpoints.range, { teamId: team.id })}?${range}`,
    );
    expect(created).toMatchObject({ title: '킥오프 회의', type: 'MEETING' });
    expect(new Date(created?.startDate ?? '').toISOString()).toBe(
      new Date(`${day}T10:00:00+09:00`).toISOString(),
    );
    expect(new Date(created?.endDate ?? '').toISOString()).toBe(
      new Date(`${day}T11:00:00+09:00`).toISOString(),
    );

    // Three more on that day: the cell shows three and '+1'.
    for (const [i, title] of ['디자인 리뷰', '코드 리뷰', '회고'].entries()) {
      await apiMember.send('POST', pathOf(scheduleEndpoints.create, { teamId: team.id }), {
        title,
        startDate: `${day}T${11 + i}:00:00+09:00`,
        endDate: `${day}T${12 + i}:00:00+09:00`,
        type: 'OTHER',
      });
    }
    await page.reload();
    await cell.getByTestId('calendar-more').getByText('+1').waitFor();
    expect(await cell.getByTestId('calendar-event').count()).toBe(3);
    // A full day still offers 'add': the + button shown when the pointer is over the cell.
    await cell.hover();
    await screenshot(page, 'calendar-1280');
    await expectAccessible(page, 'calendar-1280');
    await cell.getByTestId('calendar-cell-add').click();
    await form.getByTestId('schedule-title-input').waitFor();
    expect(await form.getByTestId('schedule-start-input').textContent()).toBe(
      `${year}. ${month}. 15. 오전 9:00`,
    );
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await cell.getByTestId('calendar-more').click();
    const dayModal = page.getByTestId('calendar-day-modal');
    await dayModal.getByText('회고').waitFor();
    expect(await dayModal.getByTestId('calendar-event').count()).toBe(4);
    await page.keyboard.press('Escape');

    // The member builds a board: two lists, '완료' marked as the done list by the leader.
    await openTab(page, workspace.id, team.id, 'kanban');
    await page.getByTestId('kanban-empty').waitFor();
    for (const name of ['할 일', '완료']) {
      await page.getByTestId('kanban-add-list-input').fill(name);
      await page.getByTestId('kanban-add-list-submit').click();
      await page.getByTestId('kanban-list-name').getByText(name, { exact: true }).waitFor();
    }
    // By the list's name: a card's "완료 요청됨" badge must not make '할 일' a '완료' list.
    const memberList = (name: string) =>
      page.getByTestId('kanban-list').filter({
        has: page.getByTestId('kanban-list-name').getByText(name, { exact: true }),
      });
    const todo = memberList('할 일');
    const done = memberList('완료');
    const doneListOnServer = (
      await apiMember.get<Kanban>(pathOf(kanbanEndpoints.team, { teamId: team.id }))
    ).kanbanLists.find((l) => l.kanbanListName === '완료');
    if (!doneListOnServer) throw new Error('the board has no list 완료');
    await apiLeader.send('PUT', pathOf(kanbanEndpoints.updateList, { id: doneListOnServer.id }), {
      isDoneList: true,
    });
    await done.getByTestId('kanban-done-list-mark').waitFor();

    // A card dragged into 완료 by a member is not done: it is a completion request (decision
    // 0040). The card stays in '할 일' with its pending badge; the board says why.
    await todo.getByTestId('kanban-add-task-input').fill('보고서 작성');
    await todo.getByTestId('kanban-add-task-submit').click();
    const card = page.getByTestId('kanban-task').filter({ hasText: '보고서 작성' });
    await card.waitFor();
    await drag(page, card, done);
    await page
      .getByText("완료 요청을 보냈습니다. 팀장이 승인하면 '완료' 리스트로 옮겨집니다.")
      .waitFor();
    const taskOnServer = async (subject: string) => {
      const board = await apiMember.get<Kanban>(pathOf(kanbanEndpoints.team, { teamId: team.id }));
      const list = board.kanbanLists.find((l) => l.tasks.some((t) => t.subject === subject));
      const found = list?.tasks.find((t) => t.subject === subject);
      return `${list?.kanbanListName} ${found?.completionRequested ? 'requested' : 'normal'}`;
    };
    await expect.poll(() => taskOnServer('보고서 작성')).toBe('할 일 requested');
    await todo
      .getByTestId('kanban-task')
      .filter({ hasText: '보고서 작성' })
      .getByText('완료 요청됨')
      .waitFor();
    expect(await done.getByTestId('kanban-task').count()).toBe(0);
    await screenshot(page, 'kanban-member-drop-request-1280');
    await page.reload();
    await todo.getByTestId('kanban-task').filter({ hasText: '보고서 작성' }).waitFor();
    expect(await done.getByTestId('kanban-task').count()).toBe(0);
    // The team's progress agrees with the column: nothing approved, nothing in 완료.
    expect((await apiMember.get<Team>(pathOf(teamEndpoints.get, { id: team.id }))).progress).toBe(
      0,
    );
    await screenshot(page, 'kanban-member-1280');
    await expectAccessible(page, 'kanban-member-1280');

    // The same move by keyboard only: Space picks a card up, an arrow key moves it to the next
    // list, Space drops it; again a request.
    await todo.getByTestId('kanban-add-task-input').fill('발표 자료');
    await todo.getByTestId('kanban-add-task-submit').click();
    const slides = page.getByTestId('kanban-task').filter({ hasText: '발표 자료' });
    await slides.focus();
    // Each key waits for the sensor to have taken the one before (a fixed pause was too short on
    // a loaded machine): the card is pressed once picked up, and dnd-kit's live region tells a
    // screen reader where it is, then where it landed.
    const liveRegion = page.locator('[id^="DndLiveRegion"]');
    const announced = async () => (await liveRegion.allTextContents()).join(' ');
    // The card just added may be drawn again as the server's answer replaces it, taking the focus
    // with it: on a loaded machine the first Space went nowhere. Focus and press again until the
    // card is picked up.
    for (let presses = 0; (await slides.getAttribute('aria-pressed')) !== 'true'; presses += 1) {
      expect(presses, 'the card was never picked up').toBeLessThan(5);
      await slides.focus();
      await page.keyboard.press('Space');
      await expect
        .poll(() => slides.getAttribute('aria-pressed'), { timeout: 2_000 })
        .toBe('true')
        .catch(() => undefined);
    }
    // dnd-kit's keyboard sensor starts hearing arrows in a timer after the pick-up: on a loaded
    // machine an arrow pressed at once is lost. '완료' is the last list, so an arrow pressed again
    // while the card still sits in '할 일' can only take it there.
    for (let presses = 0; !(await announced()).includes("'완료' 리스트의"); presses += 1) {
      expect(presses, 'the card never moved to 완료').toBeLessThan(8);
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(announced, { timeout: 2_000 })
        .toContain("'완료' 리스트의")
        .catch(() => undefined);
    }
    await page.keyboard.press('Space');
    await expect.poll(announced).toContain('놓았습니다');
    await screenshot(page, 'kanban-keyboard-move');
    await expect.poll(() => taskOnServer('발표 자료')).toBe('할 일 requested');
    await todo.getByTestId('kanban-task').filter({ hasText: '발표 자료' }).waitFor();

    // The member asks for completion of a third card from its detail, with a message.
    await todo.getByTestId('kanban-add-task-input').fill('회의록');
    await todo.getByTestId('kanban-add-task-submit').click();
    await todo.getByTestId('kanban-task').filter({ hasText: '회의록' }).click();
    const detail = page.getByTestId('task-detail');
    const due = detail.getByTestId('task-deadline-input');
    await due.click();
    await expectClearOf(page, due, detail, 'kanban-deadline-picker-1280');
    await due.click();
    await page.locator(`[id="${await due.getAttribute('aria-controls')}"]`).waitFor({
      state: 'hidden',
    });
    await detail.getByTestId('task-complete-button').click();
    await page.getByTestId('task-complete-message').fill('확인 부탁드립니다');
    await page.getByTestId('task-complete-submit').click();
    await expect.poll(() => taskOnServer('회의록')).toBe('할 일 requested');
    await page.keyboard.press('Escape');

    // The leader approves two cards (they move from '할 일' to '완료') and rejects one with a
    // reason the card then shows, in '할 일'; progress is 2 of 3, as the done column shows.
    const { page: leaderPage } = await newPage(browser, stack.baseUrl);
    await login(leaderPage, emailLeader);
    await leaderPage.goto(`/#/ws/${workspace.id}`);
    const teamCard = leaderPage.locator(`[data-testid="team-card"][data-team-id="${team.id}"]`);
    await teamCard.getByText('0%').waitFor();
    await openTab(leaderPage, workspace.id, team.id, 'kanban');
    const leaderLists = leaderPage.getByTestId('kanban-list');
    const listNamed = (name: string) =>
      leaderLists.filter({
        has: leaderPage.getByTestId('kanban-list-name').getByText(name, { exact: true }),
      });
    const leaderTodo = listNamed('할 일');
    const leaderDone = listNamed('완료');
    await leaderDone.getByTestId('kanban-done-list-mark').waitFor();
    const pending = leaderPage.getByTestId('kanban-pending-panel');
    await pending.getByText('보고서 작성').waitFor();
    await screenshot(leaderPage, 'kanban-leader-pending-1280');
    await expectAccessible(leaderPage, 'kanban-leader-pending-1280');
    const pendingItem = (subject: string) =>
      pending.getByTestId('pending-item').filter({ hasText: subject });
    await pendingItem('보고서 작성').getByTestId('pending-approve').click();
    await pendingItem('보고서 작성').waitFor({ state: 'detached' });
    await pendingItem('회의록').getByTestId('pending-approve').click();
    await leaderDone.getByTestId('kanban-task').filter({ hasText: '회의록' }).waitFor();
    await leaderDone.getByTestId('kanban-task').filter({ hasText: '보고서 작성' }).waitFor();
    await pendingItem('발표 자료')
      .getByTestId('pending-message-input')
      .fill('출처 표기를 추가해 주세요');
    await pendingItem('발표 자료').getByTestId('pending-reject').click();
    const rejectedCard = leaderTodo.getByTestId('kanban-task').filter({ hasText: '발표 자료' });
    await rejectedCard
      .getByTestId('task-rejection')
      .getByText('출처 표기를 추가해 주세요')
      .waitFor();
    expect(await leaderTodo.getByTestId('kanban-task').count()).toBe(1);
    expect(await leaderDone.getByTestId('kanban-task').count()).toBe(2);
    await leaderPage.waitForTimeout(300);
    await screenshot(leaderPage, 'kanban-leader-reviewed-1280');
    await expectAccessible(leaderPage, 'kanban-leader-reviewed-1280');
    await leaderPage.setViewportSize({ width: 360, height: 740 });
    await rejectedCard.scrollIntoViewIfNeeded();
    await leaderPage.waitForTimeout(300);
    await screenshot(leaderPage, 'kanban-leader-reviewed-360');
    await expectAccessible(leaderPage, 'kanban-leader-reviewed-360');
    await leaderPage.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(
        async () =>
          (await apiLeader.get<Team>(pathOf(teamEndpoints.get, { id: team.id }))).progress,
      )
      .toBe(67);
    await leaderPage.goto(`/#/ws/${workspace.id}`);
    await teamCard.getByText('67%').waitFor();

    // The same screens on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await openTab(page, workspace.id, team.id, 'calendar');
    await page.getByTestId('calendar-grid').waitFor();
    await screenshot(page, 'calendar-360');
    await expectAccessible(page, 'calendar-360');
    // A day says what is on it: its count and first titles, in readable type; no bar to hit.
    await cell.getByTestId('calendar-cell-count').getByText('4건').waitFor();
    const firstTitle = cell.getByTestId('calendar-cell-title').first();
    expect(await firstTitle.textContent()).toBe('킥오프 회의');
    expect(await firstTitle.isVisible()).toBe(true);
    const fontSize = await firstTitle.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(10);
    expect(await cell.getByTestId('calendar-event').count()).toBe(0);
    // A tap on the day, even on a title, opens the day's list; its add button the form there.
    await firstTitle.click();
    await dayModal.getByText('회고').waitFor();
    expect(await dayModal.getByTestId('calendar-event').count()).toBe(4);
    // Once faded in (the screenshot is for a person to look at).
    await expect.poll(() => dayModal.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'calendar-day-360');
    await expectAccessible(page, 'calendar-day-360');
    await dayModal.getByTestId('calendar-day-add').click();
    await form.getByTestId('schedule-title-input').fill('최종 보고서 마감');
    expect(await form.getByTestId('schedule-start-input').textContent()).toBe(
      `${year}. ${month}. 15. 오전 9:00`,
    );
    // A deadline is one moment: no end is asked.
    await form.getByTestId('schedule-type-select').selectOption('DEADLINE');
    await form.getByText('마감 일시').waitFor();
    expect(await form.getByTestId('schedule-end-input').count()).toBe(0);
    await screenshot(page, 'calendar-form-deadline-360');
    // On a phone the picker is a dialog of its own over the form; Escape closes only it.
    await form.getByTestId('schedule-start-input').click();
    await page.getByTestId('schedule-start-input-submit').waitFor();
    await screenshot(page, 'calendar-form-picker-360');
    await page.keyboard.press('Escape');
    await page.getByTestId('schedule-start-input-submit').waitFor({ state: 'detached' });
    expect(await form.getByTestId('schedule-title-input').inputValue()).toBe('최종 보고서 마감');
    await expectAccessible(page, 'calendar-form-deadline-360');
    await form.getByTestId('schedule-submit').click();
    // A deadline already past is asked about first (the 15th may be behind us this month).
    if (Date.now() > Date.parse(`${day}T09:00:00+09:00`)) {
      await page.getByText(/이미 지났습니다/).waitFor();
      await screenshot(page, 'calendar-past-deadline-360');
      await page.getByTestId('confirm-action').click();
    }
    await form.waitFor({ state: 'detached' });
    await cell.getByTestId('calendar-cell-count').getByText('5건').waitFor();
    const deadline = (
      await apiMember.get<Schedule[]>(
        `${pathOf(scheduleEndpoints.range, { teamId: team.id })}?${range}`,
      )
    ).find((schedule) => schedule.title === '최종 보고서 마감');
    expect(deadline).toMatchObject({ type: 'DEADLINE' });
    expect(deadline?.endDate).toBe(deadline?.startDate);
    await openTab(page, workspace.id, team.id, 'kanban');
    await page.getByTestId('kanban-board').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'kanban-360');
    await expectAccessible(page, 'kanban-360');
  });
});
