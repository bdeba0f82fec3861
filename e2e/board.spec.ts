import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  announcementEndpoints,
  postEndpoints,
  type AnnouncementPage,
  type Post,
  type PostSummary,
} from '@teamup/contracts/board';
import type { Page as ListPage } from '@teamup/contracts/common';
import { teamEndpoints, type Team } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { login, sharedWorkspace, signUpAll } from './support/accounts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startStack, type ApiAs, type Stack } from './support/stack';
import { expectAccessible } from './support/a11y';

const pdfName = '최종 보고서 (수정본).pdf';
const imageName = '회의 사진.png';
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A workspace of A with a team that B has joined, made through the API. */
async function teamOfTwo(apiA: ApiAs, apiB: ApiAs) {
  const workspace = await sharedWorkspace(apiA, '게시판 수업', [apiB]);
  const team = (
    await apiA.send<Team>('POST', pathOf(teamEndpoints.create), {
      name: '기획팀',
      workspaceId: workspace.id,
    })
  ).data;
  expect((await apiB.send('POST', pathOf(teamEndpoints.join, { id: team.id }), {})).status).toBe(
    200,
  );
  return { workspace, team };
}

async function openTab(page: Page, workspaceId: number, teamId: number, tab: string) {
  await page.goto(`/#/ws/${workspaceId}/team/${teamId}?tab=${tab}`);
  await page.getByTestId(`team-tab-${tab}`).waitFor();
}

describe('announcements and bulletin board journey', () => {
  let stack: Stack;
  let browser: Browser;
  let files: string;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    files = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-board-'));
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (files) await fs.rm(files, { recursive: true, force: true });
  });

  it('A posts an announcement and a post with an image and a PDF; B reads, previews, downloads and comments', async () => {
    const stamp = Date.now();
    const emailA = `writer${stamp}@example.com`;
    const emailB = `reader${stamp}@example.com`;
    const [apiA, apiB] = await signUpAll(stack, [emailA, emailB]);
    const { workspace, team } = await teamOfTwo(apiA, apiB);

    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 120, b: 220 } },
    })
      .png()
      .toBuffer();
    const imagePath = path.join(files, imageName);
    const pdfPath = path.join(files, pdfName);
    await fs.writeFile(imagePath, png);
    await fs.writeFile(pdfPath, pdfBytes);

    // A writes an announcement.
    const { page: pageA } = await newPage(browser, stack.baseUrl);
    await login(pageA, emailA);
    await openTab(pageA, workspace.id, team.id, 'announcements');
    await pageA.getByTestId('announcement-create-button').click();
    const form = pageA.getByTestId('announcement-form');
    await form.getByTestId('announcement-submit').click();
    await form.getByText('제목과 내용을 모두 입력해주세요.').first().waitFor();
    await form.getByTestId('announcement-title-input').fill('중간 발표 일정');
    await form.getByTestId('announcement-content-input').fill('다음 주 화요일 3시\n강의실 301호');
    await form.getByTestId('announcement-submit').click();
    await pageA.getByTestId('announcement-item').getByText('중간 발표 일정').waitFor();
    await screenshot(pageA, 'announcements-1280');
    await expectAccessible(pageA, 'announcements-1280');

    // A writes a post with an image and a PDF.
    await pageA.getByTestId('team-tab-bulletin').click();
    await pageA.getByTestId('post-create-button').click();
    const postForm = pageA.getByTestId('post-form');
    await postForm.getByTestId('post-title-input').fill('회의록과 자료');
    await postForm.getByTestId('post-content-input').fill('회의 사진과 보고서를 올립니다.');
    await postForm.getByTestId('post-files-input').setInputFiles([imagePath, pdfPath]);
    await postForm.getByText(pdfName).first().waitFor();
    await screenshot(pageA, 'post-form-1280');
    await expectAccessible(pageA, 'post-form-1280');
    await postForm.getByTestId('post-submit').click();
    await expect
      .poll(
        async () =>
          (await apiA.get<ListPage<PostSummary>>(pathOf(postEndpoints.list, { teamId: team.id })))
            .content.length,
      )
      .toBe(1);
    const [summary] = (
      await apiA.get<ListPage<PostSummary>>(pathOf(postEndpoints.list, { teamId: team.id }))
    ).content;
    expect(summary).toMatchObject({ title: '회의록과 자료', attachmentCount: 2 });
    const post = await apiA.get<Post>(pathOf(postEndpoints.get, { id: summary?.id ?? 0 }));
    const pdf = post.attachments.find((a) => a.originalFileName === pdfName);
    expect(pdf).toBeDefined();

    // B sees the announcement.
    const { page: pageB } = await newPage(browser, stack.baseUrl);
    await login(pageB, emailB);
    await openTab(pageB, workspace.id, team.id, 'announcements');
    const announcement = pageB.getByTestId('announcement-item').first();
    await announcement.getByText('중간 발표 일정').waitFor();
    await announcement.getByText('강의실 301호').waitFor();
    expect(await announcement.getByTestId('announcement-edit').count()).toBe(0);
    expect(await announcement.getByTestId('announcement-delete').count()).toBe(0);
    const announcements = await apiB.get<AnnouncementPage>(
      `${pathOf(announcementEndpoints.list, { workspaceId: workspace.id })}?teamId=${team.id}`,
    );
    expect(announcements.totalElements).toBe(1);

    // B opens the post: the image previews, the PDF downloads under its own name.
    await pageB.getByTestId('team-tab-bulletin').click();
    await pageB.locator(`[data-testid="post-item"][data-post-id="${post.id}"]`).click();
    const detail = pageB.getByTestId('post-detail');
    await detail.getByText('회의 사진과 보고서를 올립니다.').waitFor();
    const preview = detail.getByTestId('attachment-preview').first();
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(320);
    expect(await detail.getByTestId('post-edit').count()).toBe(0);
    expect(await detail.getByTestId('post-delete').count()).toBe(0);
    expect(await detail.getByTestId('attachment-delete').count()).toBe(0);
    await screenshot(pageB, 'post-detail-reader-1280');
    await expectAccessible(pageB, 'post-detail-reader-1280');

    const pdfRow = detail.locator(
      `[data-testid="attachment-item"][data-attachment-id="${pdf?.id}"]`,
    );
    const [download] = await Promise.all([
      pageB.waitForEvent('download'),
      pdfRow.getByTestId('attachment-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(pdfName);
    const saved = path.join(files, 'downloaded.pdf');
    await download.saveAs(saved);
    expect((await fs.readFile(saved)).equals(pdfBytes)).toBe(true);

    // B comments.
    await pageB.getByTestId('comment-input').fill('보고서 잘 봤습니다!');
    await pageB.getByTestId('comment-submit').click();
    await pageB.getByTestId('comment-item').getByText('보고서 잘 봤습니다!').waitFor();

    // B cannot edit A's post, not even past the hidden buttons.
    const refused = await apiB.send('PATCH', pathOf(postEndpoints.update, { id: post.id }), {
      title: '바꿔치기',
    });
    expect(refused.status).toBe(403);
    expect((await apiA.get<Post>(pathOf(postEndpoints.get, { id: post.id }))).title).toBe(
      '회의록과 자료',
    );

    // A sees B's comment and can edit the post.
    await openTab(pageA, workspace.id, team.id, 'bulletin');
    await pageA.locator(`[data-testid="post-item"][data-post-id="${post.id}"]`).click();
    const detailA = pageA.getByTestId('post-detail');
    await pageA.getByTestId('comment-item').getByText('보고서 잘 봤습니다!').waitFor();
    await detailA.getByTestId('post-edit').waitFor();
    await screenshot(pageA, 'post-detail-author-1280');
    await expectAccessible(pageA, 'post-detail-author-1280');

    // The same screens fit a phone.
    await pageB.setViewportSize({ width: 360, height: 740 });
    await pageB.reload();
    await pageB.getByTestId('post-detail').waitFor();
    await pageB.getByTestId('attachment-preview').first().waitFor();
    const overflow = await pageB.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(pageB, 'post-detail-360');
    await expectAccessible(pageB, 'post-detail-360');
    await openTab(pageB, workspace.id, team.id, 'announcements');
    await pageB.getByTestId('announcement-item').first().waitFor();
    await screenshot(pageB, 'announcements-360');
    await expectAccessible(pageB, 'announcements-360');

    // A, the leader, keeps announcements to the leader (issue 41), in the team settings on a phone.
    await pageA.setViewportSize({ width: 360, height: 740 });
    await openTab(pageA, workspace.id, team.id, 'announcements');
    await pageA.getByTestId('team-settings-menu').click();
    await pageA.getByTestId('team-edit').click();
    const edit = pageA.getByTestId('team-edit-modal');
    const posting = edit.getByTestId('team-edit-announcement-posting');
    await posting.getByText('팀장만', { exact: true }).click();
    await screenshot(pageA, 'team-edit-posting-360');
    await expectAccessible(pageA, 'team-edit-posting-360');
    await edit.getByTestId('team-edit-submit').click();
    await edit.waitFor({ state: 'detached' });
    expect(
      (await apiB.get<Team>(pathOf(teamEndpoints.get, { id: team.id }))).announcementPosting,
    ).toBe('LEADER');
    // The leader still has the button.
    await pageA.getByTestId('announcement-create-button').waitFor();

    // B no longer gets the button, but a note saying why, at both sizes.
    await pageB.reload();
    const note = pageB.getByTestId('announcement-leader-only');
    await note.getByText('팀장만 공지를 작성할 수 있습니다.').waitFor();
    expect(await pageB.getByTestId('announcement-create-button').count()).toBe(0);
    await screenshot(pageB, 'announcements-leader-only-360');
    await pageB.setViewportSize({ width: 1280, height: 800 });
    await note.waitFor();
    await screenshot(pageB, 'announcements-leader-only-1280');
    await expectAccessible(pageB, 'announcements-leader-only-1280');
  });
});
