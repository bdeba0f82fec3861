import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { login, password, signUp } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type Stack } from './support/stack';

const teamsShown = (page: Page) => page.getByTestId('formation-team').allInnerTexts();

describe('team formation journey', () => {
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

  it('a ladder run by the owner is seen the same by a member, and confirming makes the teams', async () => {
    const stamp = Date.now();
    const ownerEmail = `formation-owner${stamp}@example.com`;
    const memberEmails = [1, 2, 3].map((n) => `formation-m${n}-${stamp}@example.com`);
    for (const email of [ownerEmail, ...memberEmails]) await signUp(stack, email);
    const ownerApi = stack.api(ownerEmail, password);
    const workspace = (
      await ownerApi.send<Workspace>('POST', '/api/workspaces', { name: '사다리 수업' })
    ).data;
    for (const email of memberEmails) {
      await stack
        .api(email, password)
        .send('POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    }

    const { page: owner } = await newPage(browser, stack.baseUrl);
    await login(owner, ownerEmail);
    await owner.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await owner.getByTestId('open-team-formation').click();
    await owner.getByTestId('formation-method-auto-ladder').click();
    await owner.getByTestId('formation-team-count').fill('2');
    await owner.getByTestId('formation-start').click();
    await owner.getByTestId('formation-session').waitFor();
    const sessionUrl = owner.url();
    expect(sessionUrl).toMatch(/team-formation\/auto-ladder\?ws=\d+&session=\d+/);

    const { page: member } = await newPage(browser, stack.baseUrl);
    await login(member, memberEmails[0] ?? '');
    await member.waitForURL(new RegExp(`#/ws/${workspace.id}`));
    await member.goto(sessionUrl);
    await member.getByTestId('formation-session').waitFor();
    const hashBefore = await member.getByTestId('formation-seed-hash').innerText();

    await owner.getByTestId('formation-draw').click();
    // The member's screen follows live.
    await member.getByTestId('formation-ladder').waitFor({ timeout: 10_000 });
    await owner.getByTestId('formation-ladder').waitFor();
    await expect.poll(() => teamsShown(member)).toEqual(await teamsShown(owner));
    expect(await member.getByTestId('formation-seed-hash').innerText()).toBe(hashBefore);
    await member.getByTestId('formation-verify').click();
    await member.getByTestId('formation-verdict').getByText('일치합니다').waitFor();
    await owner.waitForTimeout(1500);
    await screenshot(owner, 'formation-ladder-1280');

    await owner.getByTestId('formation-confirm').click();
    await owner.getByTestId('formation-created-teams').waitFor();
    const teams = await ownerApi.get<Team[]>(`/api/teams/workspace/${workspace.id}`);
    expect(teams.map((team) => team.name).sort()).toEqual(['팀 1', '팀 2']);
    expect(teams.reduce((sum, team) => sum + team.memberCount, 0)).toBe(4);
    await member.getByTestId('formation-status').getByText('확정됨').waitFor();

    await member.setViewportSize({ width: 360, height: 740 });
    await member.waitForTimeout(300);
    await screenshot(member, 'formation-ladder-360');
  });
});
