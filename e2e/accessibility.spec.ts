import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Result } from 'axe-core';
import { chatEndpoints, type ChatRoom } from '@teamup/contracts/chat';
import { kanbanEndpoints, type Kanban, type KanbanList, type Task } from '@teamup/contracts/kanban';
import { teamEndpoints, type Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { announcementEndpoints, postEndpoints } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { scheduleEndpoints } from '@teamup/contracts/schedules';
import { userEndpoints } from '@teamup/contracts/users';
import { videoEndpoints } from '@teamup/contracts/video';
import { axeViolations, formatViolations, seriousViolations } from './support/a11y';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { fakeMedia } from './support/meeting';
import { startStack, type Stack } from './support/stack';

const viewports = [
  { name: '1280', width: 1280, height: 800 },
  { name: '360', width: 360, height: 740 },
] as const;

/** The ids made through the API that the walk visits. */
type World = {
  workspace: Workspace;
  team: Team;
  groupRoom: ChatRoom;
  dmRoom: ChatRoom;
  channelId: number;
  memberId: number;
  ownerEmail: string;
  loneEmail: string;
};

describe('accessibility: axe-core on every screen at 1280 and 360 px', () => {
  let stack: Stack;
  let browser: Browser;
  /** Serious and critical violations per screen; the test fails at the end listing them all. */
  const found = new Map<string, Result[]>();

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser(fakeMedia);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** Audits the page as it is, keeps what axe finds, and saves a screenshot to look at. */
  async function audit(page: Page, label: string) {
    const violations = await seriousViolations(page);
    if (violations.length > 0) found.set(label, violations);
    // A11Y_LOG=1 also lists the moderate and minor findings and axe's best practices.
    if (process.env.A11Y_LOG) {
      const all = await axeViolations(page, ['best-practice']);
      if (all.length > 0) console.log(formatViolations(label, all, 3));
    }
    await screenshot(page, `a11y-${label}`);
  }

  /** A workspace of the owner with a member, a team with content, rooms and a notification. */
  async function makeWorld(stamp: number): Promise<World> {
    const ownerEmail = `a11y-owner${stamp}@example.com`;
    const memberEmail = `a11y-member${stamp}@example.com`;
    const loneEmail = `a11y-lone${stamp}@example.com`;
    const [owner, member] = await signUpAll(stack, [ownerEmail, memberEmail, loneEmail]);
    const workspace = await sharedWorkspace(owner, '캡스톤 디자인', [member]);
    const memberId = (await member.get<{ id: number }>(pathOf(userEndpoints.me))).id;
    const team = (
      await owner.send<Team>('POST', pathOf(teamEndpoints.create), {
        name: '발표팀',
        workspaceId: workspace.id,
      })
    ).data;
    await member.send('POST', pathOf(teamEndpoints.join, { id: team.id }), {});

    await owner.send('POST', pathOf(announcementEndpoints.create, { workspaceId: workspace.id }), {
      teamId: team.id,
      title: '중간 발표 일정',
      content: '다음 주 화요일 3시, 강의실 301호',
    });
    await owner.send('POST', pathOf(postEndpoints.create, { teamId: team.id }), {
      title: '회의록',
      content: '오늘 회의에서 정한 것들을 정리했습니다.',
    });
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    await owner.send('POST', pathOf(scheduleEndpoints.create, { teamId: team.id }), {
      title: '킥오프 회의',
      startDate: `${today}T10:00:00+09:00`,
      endDate: `${today}T11:00:00+09:00`,
      type: 'MEETING',
    });
    const kanban = await owner.get<Kanban>(pathOf(kanbanEndpoints.team, { teamId: team.id }));
    const list =
      kanban.kanbanLists[0] ??
      (
        await owner.send<KanbanList>('POST', pathOf(kanbanEndpoints.createList), {
          kanbanListName: '할 일',
          kanbanId: kanban.id,
        })
      ).data;
    const task = (
      await member.send<Task>('POST', pathOf(kanbanEndpoints.createTask), {
        subject: '발표 자료 만들기',
        kanbanListId: list.id,
      })
    ).data;
    // The owner leads the team: the completion request is a notification in the bell.
    await member.send('POST', pathOf(kanbanEndpoints.requestCompletion, { id: task.id }), {
      message: '확인 부탁드립니다',
    });

    const inWorkspace = { workspaceId: workspace.id };
    const groupRoom = (
      await owner.send<ChatRoom>('POST', pathOf(chatEndpoints.createGroup, inWorkspace), {
        name: '발표 준비 단톡방',
        chatMemberIdList: [memberId],
      })
    ).data;
    const dmRoom = (
      await owner.send<ChatRoom>('POST', pathOf(chatEndpoints.createDm, inWorkspace), {
        chatMemberIdList: [memberId],
      })
    ).data;
    // In each room the answers quote the first message, which the group room pins as its
    // notice: reply quotes and the pinned notice are on the chat screens too.
    for (const room of [groupRoom, dmRoom]) {
      const inRoom = { ...inWorkspace, roomId: room.id };
      let first: number | undefined;
      for (const [api, content] of [
        [owner, '안녕하세요! 회의록 봤어요?'],
        [member, '네, 방금 읽었어요. 발표 자료는 오늘 밤까지 공유드릴게요.'],
        [owner, '좋아요, 고마워요!'],
      ] as const) {
        const sent = await api.send<{ id: number }>('POST', pathOf(chatEndpoints.send, inRoom), {
          content,
          ...(first === undefined ? {} : { replyTo: first }),
        });
        first ??= sent.data.id;
      }
      if (room === groupRoom) {
        await owner.send('PUT', pathOf(chatEndpoints.setNotice, inRoom), { messageId: first });
      }
    }
    const channel = (
      await owner.send<{ id: number }>(
        'POST',
        pathOf(videoEndpoints.createChannel, { workspaceId: workspace.id }),
        {
          name: '주간 회의',
        },
      )
    ).data;
    return {
      workspace,
      team,
      groupRoom,
      dmRoom,
      channelId: channel.id,
      memberId,
      ownerEmail,
      loneEmail,
    };
  }

  /** Opens the side panel on a phone (it hides behind the menu button there). */
  async function openSidePanel(page: Page, narrow: boolean) {
    const menu = page.getByRole('button', { name: '메뉴 열기' });
    if (narrow && (await menu.isVisible())) await menu.click();
    await page.getByTestId('side-panel-settings').waitFor();
  }

  async function walk(world: World, viewport: (typeof viewports)[number]) {
    const at = (name: string) => `${name}-${viewport.name}`;
    const narrow = viewport.width < 600;
    const size = { width: viewport.width, height: viewport.height };
    const ws = world.workspace.id;

    // Logged out: login, sign-up, password reset.
    const { context: anonymous, page: guest } = await newPage(browser, stack.baseUrl, size);
    await guest.goto('/#/login');
    await guest.getByTestId('login-email').waitFor();
    await audit(guest, at('login'));
    await guest.goto('/#/signup');
    await guest.getByTestId('signup-email').waitFor();
    await audit(guest, at('signup'));
    await guest.goto('/#/forgot-password');
    await guest.getByTestId('reset-email').waitFor();
    await audit(guest, at('forgot-password'));
    // A user with no workspace yet lands on the onboarding page.
    await login(guest, world.loneEmail);
    await guest.getByTestId('empty-workspace-page').waitFor();
    await audit(guest, at('empty-workspace'));
    await anonymous.close();

    const { context, page } = await newPage(browser, stack.baseUrl, size);
    await context.grantPermissions(['camera', 'microphone']);
    await login(page, world.ownerEmail);
    await page.waitForURL(new RegExp(`#/ws/${ws}`));
    await page.getByTestId('workspace-home').waitFor();
    await page.getByTestId('team-card').first().waitFor();
    await audit(page, at('workspace-home'));
    await page.getByTestId('open-team-dialog').click();
    await page.getByTestId('team-dialog').getByTestId('team-dialog-join').waitFor();
    await audit(page, at('team-dialog'));
    await page.keyboard.press('Escape');
    await page.getByTestId('team-dialog').waitFor({ state: 'detached' });

    // Search (the app has no results page: the dialog is it): the quick switcher, then results
    // of several kinds (the message, the post, the schedule) for a word.
    await page.getByTestId('search-open').click();
    const searchInput = page.getByRole('combobox', { name: '검색어' });
    await page.getByTestId('search-syntax').waitFor();
    await audit(page, at('search-switcher'));
    await searchInput.fill('회의');
    await page.getByRole('option').filter({ hasText: '킥오프 회의' }).waitFor();
    await audit(page, at('search-results'));
    await page.keyboard.press('Escape');
    await searchInput.waitFor({ state: 'detached' });

    // The bell's popover and the side panel (opened from the menu on a phone).
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-popover-item').first().waitFor();
    await audit(page, at('notification-popover'));
    await page.keyboard.press('Escape');
    await page.getByTestId('notification-popover').waitFor({ state: 'hidden' });
    if (narrow) {
      await openSidePanel(page, narrow);
      await audit(page, at('side-panel'));
    }
    await page.getByTestId('side-panel-settings').click();
    const settings = page.getByTestId('workspace-settings-modal');
    await settings.waitFor();
    await audit(page, at('workspace-settings-invite'));
    if (narrow) {
      await settings.getByTestId('settings-section-select').selectOption('members');
    } else {
      await settings.getByTestId('settings-tab-members').click();
    }
    await settings.getByTestId('settings-member-row').first().waitFor();
    await audit(page, at('workspace-settings-members'));
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // The team page's tabs.
    const teamPath = `/#/ws/${ws}/team/${world.team.id}`;
    await page.goto(`${teamPath}?tab=announcements`);
    await page.getByTestId('announcement-item').first().waitFor();
    await audit(page, at('team-announcements'));
    await page.goto(`${teamPath}?tab=bulletin`);
    await page.getByTestId('post-item').first().waitFor();
    await audit(page, at('team-bulletin'));
    await page.getByTestId('post-item').first().click();
    await page.getByTestId('post-detail').waitFor();
    await page.getByTestId('comment-input').waitFor();
    await audit(page, at('team-post'));
    await page.goto(`${teamPath}?tab=calendar`);
    // A bar on a wide screen; on a phone the day cell's title (no bars there).
    await page
      .locator('[data-testid="calendar-event"], [data-testid="calendar-cell-title"]')
      .first()
      .waitFor();
    await audit(page, at('team-calendar'));
    await page.goto(`${teamPath}?tab=kanban`);
    await page.getByTestId('kanban-pending-panel').waitFor();
    await page.getByTestId('kanban-task').first().waitFor();
    await audit(page, at('team-kanban'));
    await page.getByTestId('kanban-task').first().click();
    await page.getByTestId('task-detail').waitFor();
    await audit(page, at('kanban-task-detail'));
    await page.keyboard.press('Escape');
    await page.getByTestId('task-detail').waitFor({ state: 'detached' });

    // Chat: a group room and a DM, with messages both ways.
    for (const [name, room] of [
      ['chat-room', world.groupRoom],
      ['chat-dm', world.dmRoom],
    ] as const) {
      await page.goto(`/#/ws/${ws}/chat/${room.id}`);
      await page.getByTestId('chat-room').waitFor();
      await page.getByTestId('chat-message').nth(2).waitFor();
      await audit(page, at(name));
    }

    // Video: the create dialog from the side panel, then the meeting.
    await page.goto(`/#/ws/${ws}`);
    await page.getByTestId('workspace-home').waitFor();
    await openSidePanel(page, narrow);
    await page.getByRole('button', { name: '화상 회의 추가' }).click();
    await page.getByTestId('video-room-name').waitFor();
    await audit(page, at('video-room-create'));
    await page.keyboard.press('Escape');
    await page.getByTestId('video-room-name').waitFor({ state: 'detached' });
    await page.goto(`/#/ws/${ws}/video/live?roomId=${world.channelId}&roomName=주간 회의`);
    // The camera and microphone check comes first.
    await page.locator('[data-testid="meeting-prejoin-camera"][data-state="ok"]').waitFor();
    await audit(page, at('video-prejoin'));
    await page.getByTestId('meeting-prejoin-join').click();
    await page.getByTestId('meeting-page').waitFor();
    await page.getByTestId('meeting-participant').first().waitFor();
    await audit(page, at('video-meeting'));
    await page.getByTestId('meeting-camera').click();
    await page.getByTestId('meeting-stage-camera').waitFor();
    await audit(page, at('video-meeting-camera'));
    await page.getByTestId('meeting-leave').click();
    await page.waitForURL((url) => !url.hash.includes('video'));

    // Team formation: the chooser and a method's settings.
    await page.goto(`/#/ws/${ws}/team-formation`);
    await page.getByTestId('formation-method-auto-ladder').waitFor();
    await audit(page, at('team-formation'));
    await page.getByTestId('formation-method-auto-ladder').click();
    await page.getByTestId('formation-start').waitFor();
    await audit(page, at('team-formation-ladder'));
    await page.getByTestId('formation-team-count').fill('2');
    await page.getByTestId('formation-start').click();
    await page.getByTestId('formation-session').waitFor();
    await audit(page, at('team-formation-session'));

    // The notification centre, the account pages and another member's page.
    await page.goto('/#/notifications');
    await page.getByTestId('notification-list').waitFor();
    await audit(page, at('notifications'));
    await page.goto('/#/my-page');
    await page.getByTestId('profile-menu').waitFor();
    await page.waitForLoadState('networkidle');
    await audit(page, at('my-page'));
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').waitFor();
    await audit(page, at('profile-menu'));
    await page.keyboard.press('Escape');
    await page.goto('/#/my-page/profile-edit');
    await page.getByTestId('profile-name').waitFor();
    await audit(page, at('profile-edit'));
    await page.goto('/#/my-page/account-settings');
    await page.getByText('로그인된 기기').first().waitFor();
    await audit(page, at('account-settings'));
    await page.goto(`/#/users/${world.memberId}`);
    await page.getByTestId('user-profile').waitFor();
    await audit(page, at('user-page'));
    await context.close();
  }

  let world: World;
  beforeAll(async () => {
    world = await makeWorld(Date.now());
  });

  // One test a width: each takes about half a minute here and two on a loaded CI machine (35
  // screens), and a retry walks only the width that failed.
  it.each(viewports)(
    'finds no serious or critical violation on any screen at $width px',
    async (viewport) => {
      found.clear();
      await walk(world, viewport);
      const report = [...found].map(([label, violations]) => formatViolations(label, violations));
      expect(report.join('\n\n')).toBe('');
    },
    240_000,
  );
});
