import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Announcement,
  AnnouncementPage,
  Attachment,
  Comment,
  Post,
  PostSummary,
} from '@teamup/contracts/board';
import type { Page } from '@teamup/contracts/common';
import { Limits } from '@teamup/contracts/limits';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import {
  call,
  createUser,
  dataOf,
  expectProblem,
  multipartBody,
  type MultipartPart,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { attachments } from '../../db/schema';

let app: TestApp;
let png: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  png = await sharp({
    create: { width: 4, height: 3, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await app.close();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type People = Record<'owner' | 'author' | 'reader' | 'outsider' | 'stranger', TestUser>;
let people: People;
let workspace: Workspace;
let teamCounter = 0;

/** Someone who joined the shared workspace. */
async function workspaceMember(name: string) {
  const person = await createUser(app, name);
  const joined = await call(app, person, 'POST', '/api/workspaces/join', {
    inviteCode: workspace.inviteCode,
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return person;
}

beforeAll(async () => {
  // One workspace for the whole file (logins are rate limited per address); a team per test.
  const owner = await createUser(app, '소유자');
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '게시판 수업' }),
  );
  people = {
    owner,
    author: await workspaceMember('작성자'),
    reader: await workspaceMember('독자'),
    outsider: await workspaceMember('다른팀'),
    stranger: await createUser(app, '외부인'),
  };
});

/**
 * A new team in the shared workspace (owned by `owner`), led by `author`, which `reader` also
 * joined; `outsider` is in the workspace but not the team; `stranger` is in neither.
 */
async function teamSpace() {
  teamCounter += 1;
  const name = `게시판팀 ${teamCounter}`;
  const created = await call(app, people.author, 'POST', '/api/teams', {
    name,
    workspaceId: workspace.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const team = dataOf<Team>(created);
  const joined = await call(app, people.reader, 'POST', `/api/teams/${team.id}/join`, {});
  expect(joined.statusCode, joined.body).toBe(200);
  return { ...people, workspace, team };
}

function upload(user: TestUser, url: string, parts: MultipartPart[]) {
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${user.token}` },
  });
}

const postParts = (title: string, content: string, files: MultipartPart[] = []) => [
  { name: 'title', value: title },
  { name: 'content', value: content },
  ...files,
];

const fileRows = (postId: number) =>
  app.context.database.db.select().from(attachments).where(eq(attachments.postId, postId));

const download = (user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });

describe('board: announcements', () => {
  it('requires authentication on every call', async () => {
    const calls: Array<[Parameters<typeof call>[2], string]> = [
      ['GET', '/api/workspaces/1/announcement?teamId=1'],
      ['POST', '/api/workspaces/1/announcement'],
      ['PATCH', '/api/workspaces/1/announcement/1'],
      ['DELETE', '/api/workspaces/1/announcement/1'],
      ['GET', '/api/teams/1/posts'],
      ['POST', '/api/teams/1/posts'],
      ['GET', '/api/posts/1'],
      ['PATCH', '/api/posts/1'],
      ['DELETE', '/api/posts/1'],
      ['GET', '/api/posts/1/comments'],
      ['POST', '/api/posts/1/comments'],
      ['PATCH', '/api/comments/1'],
      ['DELETE', '/api/comments/1'],
      ['GET', '/api/posts/1/attachments'],
      ['POST', '/api/posts/1/attachments'],
      ['DELETE', '/api/posts/1/attachments/1'],
      ['GET', '/api/files/1/download'],
      ['GET', '/api/files/1/preview'],
    ];
    for (const [method, url] of calls) {
      expectProblem(await call(app, null, method, url, {}), 401, 'AUTH_REQUIRED');
    }
  });

  it('pages a team’s announcements, newest first, five at a time', async () => {
    const { author, reader, workspace, team } = await teamSpace();
    const base = `/api/workspaces/${workspace.id}/announcement`;
    const empty = dataOf<AnnouncementPage>(
      await call(app, reader, 'GET', `${base}?teamId=${team.id}`),
    );
    expect(empty).toMatchObject({
      announcements: [],
      currentPage: 0,
      totalPages: 1,
      totalElements: 0,
      size: Limits.announcementPageSize,
      hasNext: false,
      hasPrevious: false,
    });

    for (let i = 1; i <= 7; i += 1) {
      const created = await call(app, author, 'POST', base, {
        teamId: team.id,
        title: `공지 ${i}`,
        content: `첫 줄\n둘째 줄 ${i}`,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const first = dataOf<AnnouncementPage>(
      await call(app, reader, 'GET', `${base}?teamId=${team.id}`),
    );
    expect(first.announcements.map((a) => a.title)).toEqual([
      '공지 7',
      '공지 6',
      '공지 5',
      '공지 4',
      '공지 3',
    ]);
    expect(first).toMatchObject({ totalPages: 2, totalElements: 7, hasNext: true });
    expect(first.announcements[0]).toMatchObject({
      content: '첫 줄\n둘째 줄 7',
      teamId: team.id,
      accountId: author.userId,
      authorName: '작성자',
    });
    const last = dataOf<AnnouncementPage>(
      await call(app, reader, 'GET', `${base}?teamId=${team.id}&page=1`),
    );
    expect(last.announcements.map((a) => a.title)).toEqual(['공지 2', '공지 1']);
    expect(last).toMatchObject({ currentPage: 1, hasNext: false, hasPrevious: true });
    const beyond = dataOf<AnnouncementPage>(
      await call(app, reader, 'GET', `${base}?teamId=${team.id}&page=5`),
    );
    expect(beyond.announcements).toEqual([]);
  });

  it('refuses blank and overlong announcements with the spec’s message', async () => {
    const { author, workspace, team } = await teamSpace();
    const base = `/api/workspaces/${workspace.id}/announcement`;
    const blank = await call(app, author, 'POST', base, {
      teamId: team.id,
      title: ' ',
      content: 'x',
    });
    expectProblem(blank, 400, 'VALIDATION_FAILED');
    expect(blank.json<{ detail: string }>().detail).toBe('제목과 내용을 모두 입력해주세요.');
    const noContent = await call(app, author, 'POST', base, { teamId: team.id, title: '제목' });
    expectProblem(noContent, 400, 'VALIDATION_FAILED');
    const long = await call(app, author, 'POST', base, {
      teamId: team.id,
      title: '가'.repeat(Limits.titleMax + 1),
      content: '내용',
    });
    expectProblem(long, 400, 'VALIDATION_FAILED');
    const atLimit = await call(app, author, 'POST', base, {
      teamId: team.id,
      title: '가'.repeat(Limits.titleMax),
      content: '내용',
    });
    expect(atLimit.statusCode).toBe(201);
  });

  it('lets only the author edit and delete; edits set updatedAt', async () => {
    const { owner, author, reader, workspace, team } = await teamSpace();
    const base = `/api/workspaces/${workspace.id}/announcement`;
    const created = dataOf<Announcement>(
      await call(app, author, 'POST', base, { teamId: team.id, title: '원래', content: '내용' }),
    );
    expect(created.updatedAt).toBe(created.createdAt);
    for (const other of [reader, owner]) {
      expectProblem(
        await call(app, other, 'PATCH', `${base}/${created.id}`, { title: '남의 글' }),
        403,
        'AUTHOR_ONLY',
      );
      expectProblem(await call(app, other, 'DELETE', `${base}/${created.id}`), 403, 'AUTHOR_ONLY');
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = dataOf<Announcement>(
      await call(app, author, 'PATCH', `${base}/${created.id}`, { title: '고친 제목' }),
    );
    expect(edited).toMatchObject({ title: '고친 제목', content: '내용' });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(created.createdAt));
    expect((await call(app, author, 'DELETE', `${base}/${created.id}`)).statusCode).toBe(204);
    expectProblem(
      await call(app, author, 'DELETE', `${base}/${created.id}`),
      404,
      'ANNOUNCEMENT_NOT_FOUND',
    );
  });

  it('lets the leader alone post announcements when the leader says so', async () => {
    // `author` leads the team; `reader` is a member; `owner` owns the workspace.
    const { owner, author, reader, workspace, team } = await teamSpace();
    const base = `/api/workspaces/${workspace.id}/announcement`;
    const teamUrl = `/api/teams/${team.id}`;
    const post = (user: TestUser, title: string) =>
      call(app, user, 'POST', base, { teamId: team.id, title, content: '내용' });
    // By default every member posts, as the spec lets them.
    expect(team.announcementPosting).toBe('EVERYONE');
    expect((await post(reader, '모두 작성')).statusCode).toBe(201);

    // Only the leader changes it: not a member, and not the workspace owner who edits the team.
    for (const other of [reader, owner]) {
      const refused = await call(app, other, 'PUT', teamUrl, { announcementPosting: 'LEADER' });
      expectProblem(refused, 403, 'TEAM_FORBIDDEN');
    }
    const owned = await call(app, owner, 'PUT', teamUrl, { announcementPosting: 'LEADER' });
    expect(owned.json<{ detail: string }>().detail).toBe(
      '공지 작성 권한은 팀장만 바꿀 수 있습니다.',
    );
    // The owner may still edit what else the team has, sending the option unchanged.
    const renamed = await call(app, owner, 'PUT', teamUrl, {
      name: team.name,
      announcementPosting: 'EVERYONE',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const set = await call(app, author, 'PUT', teamUrl, { announcementPosting: 'LEADER' });
    expect(dataOf<Team>(set).announcementPosting).toBe('LEADER');
    expect(dataOf<Team>(await call(app, reader, 'GET', teamUrl)).announcementPosting).toBe(
      'LEADER',
    );

    const refused = await post(reader, '팀원 작성');
    expectProblem(refused, 403, 'ANNOUNCEMENT_LEADER_ONLY');
    expect(refused.json<{ detail: string }>().detail).toBe(
      '이 팀은 팀장만 공지를 작성할 수 있습니다.',
    );
    expectProblem(await post(owner, '소유자 작성'), 403, 'ANNOUNCEMENT_LEADER_ONLY');
    expect((await post(author, '팀장 작성')).statusCode).toBe(201);
    const page = dataOf<AnnouncementPage>(
      await call(app, reader, 'GET', `${base}?teamId=${team.id}`),
    );
    expect(page.announcements.map((item) => item.title)).toEqual(['팀장 작성', '모두 작성']);

    // Back to everyone: the member posts again.
    await call(app, author, 'PUT', teamUrl, { announcementPosting: 'EVERYONE' });
    expect((await post(reader, '다시 모두')).statusCode).toBe(201);
  });

  it('keeps people outside the team out, but lets the workspace owner in', async () => {
    const { owner, author, outsider, stranger, workspace, team } = await teamSpace();
    const base = `/api/workspaces/${workspace.id}/announcement`;
    const list = `${base}?teamId=${team.id}`;
    expectProblem(await call(app, outsider, 'GET', list), 403, 'TEAM_NOT_MEMBER');
    expectProblem(
      await call(app, outsider, 'POST', base, { teamId: team.id, title: '끼어들기', content: 'x' }),
      403,
      'TEAM_NOT_MEMBER',
    );
    expectProblem(await call(app, stranger, 'GET', list), 403, 'WORKSPACE_FORBIDDEN');
    // The owner is not in the team, yet may read and write its announcements.
    const byOwner = await call(app, owner, 'POST', base, {
      teamId: team.id,
      title: '소유자 공지',
      content: '모두 읽어주세요',
    });
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect((await call(app, owner, 'GET', list)).statusCode).toBe(200);
    // The team must belong to the workspace named in the address.
    const other = dataOf<Workspace>(
      await call(app, author, 'POST', '/api/workspaces', { name: '다른 곳' }),
    );
    expectProblem(
      await call(app, author, 'GET', `/api/workspaces/${other.id}/announcement?teamId=${team.id}`),
      404,
      'TEAM_NOT_FOUND',
    );
    // An accountId that names someone else never changes who acts.
    expectProblem(
      await call(app, author, 'GET', `${list}&accountId=${owner.userId}`),
      403,
      'ACCOUNT_MISMATCH',
    );
  });

  it('shuts out a kicked member at once', async () => {
    const { owner, author, workspace, team } = await teamSpace();
    const reader = await workspaceMember('곧 나갈 사람');
    expect((await call(app, reader, 'POST', `/api/teams/${team.id}/join`, {})).statusCode).toBe(
      200,
    );
    const list = `/api/workspaces/${workspace.id}/announcement?teamId=${team.id}`;
    const post = dataOf<Post>(
      await call(app, author, 'POST', `/api/teams/${team.id}/posts`, {
        title: '글',
        content: '본문',
      }),
    );
    expect((await call(app, reader, 'GET', list)).statusCode).toBe(200);
    const kicked = await call(
      app,
      owner,
      'DELETE',
      `/api/workspaces/${workspace.id}/members/${reader.userId}`,
    );
    expect(kicked.statusCode, kicked.body).toBe(204);
    expectProblem(await call(app, reader, 'GET', list), 403, 'WORKSPACE_FORBIDDEN');
    expectProblem(
      await call(app, reader, 'GET', `/api/posts/${post.id}`),
      403,
      'WORKSPACE_FORBIDDEN',
    );
  });
});

describe('board: posts and files', () => {
  it('creates a post with files whose Korean names survive, and lists it', async () => {
    const { author, reader, team } = await teamSpace();
    const created = await upload(
      author,
      `/api/teams/${team.id}/posts`,
      postParts('회의록 공유', '첫 줄\n\n셋째 줄', [
        { name: 'files', filename: '회의 사진 1.png', type: 'image/png', content: png },
        {
          name: 'files',
          filename: '최종 보고서 (수정본).pdf',
          type: 'application/pdf',
          content: pdf,
        },
        { name: 'files', filename: '빈 파일.txt', type: 'text/plain', content: Buffer.alloc(0) },
        { name: 'boardId', value: String(team.bulletinBoardId) },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const post = dataOf<Post>(created);
    expect(post).toMatchObject({
      title: '회의록 공유',
      content: '첫 줄\n\n셋째 줄',
      boardId: team.bulletinBoardId,
      teamId: team.id,
      authorId: author.userId,
      authorName: '작성자',
      attachmentCount: 3,
      commentCount: 0,
    });
    const [image, report, empty] = post.attachments as [Attachment, Attachment, Attachment];
    expect(image).toMatchObject({
      originalFileName: '회의 사진 1.png',
      size: png.length,
      isImage: true,
      contentType: 'image/png',
      downloadUrl: `/api/files/${image.id}/download`,
      previewUrl: `/api/files/${image.id}/preview`,
    });
    expect(report).toMatchObject({
      originalFileName: '최종 보고서 (수정본).pdf',
      isImage: false,
      previewUrl: null,
      contentType: 'application/octet-stream',
    });
    expect(empty).toMatchObject({ originalFileName: '빈 파일.txt', size: 0 });

    const listed = dataOf<Page<PostSummary>>(
      await call(app, reader, 'GET', `/api/teams/${team.id}/posts?boardId=${team.bulletinBoardId}`),
    );
    expect(listed.totalElements).toBe(1);
    expect(listed.content[0]).toMatchObject({
      id: post.id,
      attachmentCount: 3,
      excerpt: '첫 줄\n\n셋째 줄',
    });

    // The reader downloads the PDF under its own name, byte for byte.
    const got = await download(reader, report.downloadUrl);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="__ ___ (___).pdf"; filename*=UTF-8''${encodeURIComponent('최종 보고서 ')}%28${encodeURIComponent('수정본')}%29.pdf`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const zero = await download(reader, empty.downloadUrl);
    expect(zero.statusCode).toBe(200);
    expect(zero.rawPayload.length).toBe(0);
    // The image previews inline as itself.
    const preview = await download(reader, image.previewUrl ?? '');
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline; /);
    expect(preview.rawPayload.equals(png)).toBe(true);
    expectProblem(
      await download(reader, `/api/files/${report.id}/preview`),
      415,
      'FILE_NOT_PREVIEWABLE',
    );
  });

  it('serves HTML, SVG and disguised uploads only as downloads', async () => {
    const { author, reader, team } = await teamSpace();
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const created = await upload(
      author,
      `/api/teams/${team.id}/posts`,
      postParts('위험한 파일', '열어보지 마세요', [
        { name: 'files', filename: 'page.html', type: 'text/html', content: html },
        { name: 'files', filename: 'logo.svg', type: 'image/svg+xml', content: svg },
        { name: 'files', filename: 'photo.png', type: 'image/png', content: html },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    for (const file of dataOf<Post>(created).attachments) {
      expect(file, file.originalFileName).toMatchObject({ isImage: false, previewUrl: null });
      const got = await download(reader, file.downloadUrl);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/octet-stream');
      expect(String(got.headers['content-disposition'])).toMatch(/^attachment; /);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(String(got.headers['content-security-policy'])).toContain('sandbox');
      expectProblem(
        await download(reader, `/api/files/${file.id}/preview`),
        415,
        'FILE_NOT_PREVIEWABLE',
      );
    }
  });

  it('refuses an oversize file with 413 and stores nothing', async () => {
    const { author, reader, team } = await teamSpace();
    const big = Buffer.alloc(Limits.attachmentMaxBytes + 1, 1);
    const refused = await upload(
      author,
      `/api/teams/${team.id}/posts`,
      postParts('큰 파일', '올라가면 안 됩니다', [
        { name: 'files', filename: 'small.txt', content: Buffer.from('작은 파일') },
        { name: 'files', filename: 'big.bin', content: big },
      ]),
    );
    expectProblem(refused, 413, 'FILE_TOO_LARGE');
    const listed = dataOf<Page<PostSummary>>(
      await call(app, reader, 'GET', `/api/teams/${team.id}/posts`),
    );
    expect(listed.totalElements).toBe(0);
    expect(await app.context.database.db.select().from(attachments)).not.toContainEqual(
      expect.objectContaining({ originalName: 'small.txt' }),
    );
    // Exactly at the limit is fine.
    const atLimit = await upload(
      author,
      `/api/teams/${team.id}/posts`,
      postParts('딱 맞는 파일', '20MB', [
        {
          name: 'files',
          filename: 'exact.bin',
          content: big.subarray(0, Limits.attachmentMaxBytes),
        },
      ]),
    );
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('holds a post to its file count and total size', async () => {
    const { author, team } = await teamSpace();
    const many = Array.from({ length: Limits.attachmentsPerPost + 1 }, (_, i) => ({
      name: 'files',
      filename: `${i}.txt`,
      content: Buffer.from(String(i)),
    }));
    expectProblem(
      await upload(author, `/api/teams/${team.id}/posts`, postParts('많은 파일', 'x', many)),
      400,
      'POST_FILES_TOO_MANY',
    );
    const chunk = Buffer.alloc(Limits.attachmentMaxBytes - 1024, 2);
    const count = Math.floor(Limits.postFilesMaxBytes / chunk.length) + 1;
    const heavy = Array.from({ length: count }, (_, i) => ({
      name: 'files',
      filename: `${i}.bin`,
      content: chunk,
    }));
    expectProblem(
      await upload(author, `/api/teams/${team.id}/posts`, postParts('무거운 글', 'x', heavy)),
      413,
      'POST_FILES_TOO_LARGE',
    );
  });

  it('pages posts and refuses another team’s board', async () => {
    const { author, reader, team, workspace } = await teamSpace();
    const url = `/api/teams/${team.id}/posts`;
    const empty = dataOf<Page<PostSummary>>(await call(app, reader, 'GET', url));
    expect(empty).toMatchObject({ content: [], totalElements: 0, first: true, last: true });
    for (let i = 1; i <= 6; i += 1) {
      const made = await call(app, author, 'POST', url, { title: `글 ${i}`, content: '본문' });
      expect(made.statusCode, made.body).toBe(201);
    }
    const first = dataOf<Page<PostSummary>>(await call(app, reader, 'GET', url));
    expect(first.content.map((p) => p.title)).toEqual(['글 6', '글 5', '글 4', '글 3', '글 2']);
    expect(first).toMatchObject({ totalPages: 2, first: true, last: false });
    const last = dataOf<Page<PostSummary>>(await call(app, reader, 'GET', `${url}?page=1`));
    expect(last.content.map((p) => p.title)).toEqual(['글 1']);
    expect(last).toMatchObject({ pageable: { pageNumber: 1 }, first: false, last: true });

    const otherTeam = dataOf<Team>(
      await call(app, author, 'POST', '/api/teams', { name: '옆 팀', workspaceId: workspace.id }),
    );
    expect(otherTeam.bulletinBoardId).not.toBe(team.bulletinBoardId);
    expectProblem(
      await call(app, author, 'GET', `${url}?boardId=${otherTeam.bulletinBoardId}`),
      400,
      'BOARD_MISMATCH',
    );
    expectProblem(
      await call(app, author, 'POST', url, {
        title: '잘못된 게시판',
        content: 'x',
        boardId: otherTeam.bulletinBoardId,
      }),
      400,
      'BOARD_MISMATCH',
    );
    const blank = await upload(author, url, postParts('', '본문'));
    expectProblem(blank, 400, 'VALIDATION_FAILED');
    expect(blank.json<{ detail: string }>().detail).toBe('제목과 내용을 모두 입력해주세요.');
  });

  it('lets only the author edit or delete a post and manage its files', async () => {
    const { owner, author, reader, team } = await teamSpace();
    const post = dataOf<Post>(
      await upload(
        author,
        `/api/teams/${team.id}/posts`,
        postParts('작성자 글', '본문', [{ name: 'files', filename: 'a.pdf', content: pdf }]),
      ),
    );
    const [file] = post.attachments as [Attachment];
    for (const other of [reader, owner]) {
      expectProblem(
        await call(app, other, 'PATCH', `/api/posts/${post.id}`, { title: '남의 글' }),
        403,
        'AUTHOR_ONLY',
      );
      expectProblem(await call(app, other, 'DELETE', `/api/posts/${post.id}`), 403, 'AUTHOR_ONLY');
      expectProblem(
        await call(app, other, 'DELETE', `/api/posts/${post.id}/attachments/${file.id}`),
        403,
        'AUTHOR_ONLY',
      );
      expectProblem(
        await upload(other, `/api/posts/${post.id}/attachments`, [
          { name: 'file', filename: 'b.pdf', content: pdf },
        ]),
        403,
        'AUTHOR_ONLY',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = dataOf<Post>(
      await call(app, author, 'PATCH', `/api/posts/${post.id}`, { content: '고친 본문' }),
    );
    expect(edited).toMatchObject({ title: '작성자 글', content: '고친 본문' });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(edited.createdAt));

    // The author adds a file, then removes the first one: it is gone from storage too.
    const added = await upload(author, `/api/posts/${post.id}/attachments`, [
      { name: 'file', filename: '추가 자료.png', content: png },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    expect(dataOf<Attachment>(added)).toMatchObject({
      originalFileName: '추가 자료.png',
      isImage: true,
    });
    const [stored] = await fileRows(post.id);
    expect(await app.context.storage.exists(stored?.storageKey ?? '')).toBe(true);
    const removed = await call(
      app,
      author,
      'DELETE',
      `/api/posts/${post.id}/attachments/${file.id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(await app.context.storage.exists(stored?.storageKey ?? '')).toBe(false);
    const left = dataOf<Attachment[]>(
      await call(app, reader, 'GET', `/api/posts/${post.id}/attachments`),
    );
    expect(left.map((a) => a.originalFileName)).toEqual(['추가 자료.png']);
    expectProblem(await download(reader, file.downloadUrl), 404, 'ATTACHMENT_NOT_FOUND');
  });

  it('deletes a post with its comments and its files in storage', async () => {
    const { author, reader, team } = await teamSpace();
    const post = dataOf<Post>(
      await upload(
        author,
        `/api/teams/${team.id}/posts`,
        postParts('지울 글', '본문', [
          { name: 'files', filename: '1.png', content: png },
          { name: 'files', filename: '2.pdf', content: pdf },
        ]),
      ),
    );
    await call(app, reader, 'POST', `/api/posts/${post.id}/comments`, { content: '댓글' });
    const keys = (await fileRows(post.id)).map((row) => row.storageKey);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await app.context.storage.exists(key)).toBe(true);

    expect((await call(app, author, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    for (const key of keys) expect(await app.context.storage.exists(key)).toBe(false);
    expect(await fileRows(post.id)).toEqual([]);
    expectProblem(await call(app, reader, 'GET', `/api/posts/${post.id}`), 404, 'POST_NOT_FOUND');
    expectProblem(
      await call(app, reader, 'GET', `/api/posts/${post.id}/comments`),
      404,
      'POST_NOT_FOUND',
    );
  });

  it('keeps an outsider of the team away from posts and files', async () => {
    const { owner, author, outsider, stranger, team } = await teamSpace();
    const post = dataOf<Post>(
      await upload(
        author,
        `/api/teams/${team.id}/posts`,
        postParts('팀 내부 자료', '비공개', [{ name: 'files', filename: 's.pdf', content: pdf }]),
      ),
    );
    const [file] = post.attachments as [Attachment];
    for (const [user, code] of [
      [outsider, 'TEAM_NOT_MEMBER'],
      [stranger, 'WORKSPACE_FORBIDDEN'],
    ] as const) {
      expectProblem(await call(app, user, 'GET', `/api/teams/${team.id}/posts`), 403, code);
      expectProblem(await call(app, user, 'GET', `/api/posts/${post.id}`), 403, code);
      expectProblem(await download(user, file.downloadUrl), 403, code);
      expectProblem(
        await call(app, user, 'POST', `/api/posts/${post.id}/comments`, { content: '몰래' }),
        403,
        code,
      );
      // An outsider's upload is refused before any byte is stored.
      expectProblem(
        await upload(
          user,
          `/api/teams/${team.id}/posts`,
          postParts('침입', 'x', [{ name: 'files', filename: 'x.bin', content: pdf }]),
        ),
        403,
        code,
      );
    }
    expect((await download(owner, file.downloadUrl)).statusCode).toBe(200);
    expect(await app.context.database.db.select().from(attachments)).not.toContainEqual(
      expect.objectContaining({ originalName: 'x.bin' }),
    );
  });

  it('removes a deleted team’s files from storage', async () => {
    const { author, team } = await teamSpace();
    const post = dataOf<Post>(
      await upload(
        author,
        `/api/teams/${team.id}/posts`,
        postParts('팀 자료', '본문', [{ name: 'files', filename: 'k.pdf', content: pdf }]),
      ),
    );
    const [row] = await fileRows(post.id);
    const key = row?.storageKey ?? '';
    expect(await app.context.storage.exists(key)).toBe(true);
    const deleted = await call(app, author, 'DELETE', `/api/teams/${team.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await app.context.storage.exists(key)).toBe(false);
  });
});

describe('board: workspace deletion', () => {
  it('removes the files of every team of a deleted workspace', async () => {
    const { author } = people;
    const own = dataOf<Workspace>(
      await call(app, author, 'POST', '/api/workspaces', { name: '지울 워크스페이스' }),
    );
    const team = dataOf<Team>(
      await call(app, author, 'POST', '/api/teams', { name: '임시 팀', workspaceId: own.id }),
    );
    const post = dataOf<Post>(
      await upload(
        author,
        `/api/teams/${team.id}/posts`,
        postParts('자료', '본문', [{ name: 'files', filename: 'w.pdf', content: pdf }]),
      ),
    );
    const [row] = await fileRows(post.id);
    const key = row?.storageKey ?? '';
    expect(await app.context.storage.exists(key)).toBe(true);
    const deleted = await call(app, author, 'DELETE', `/api/workspaces/${own.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await app.context.storage.exists(key)).toBe(false);
  });
});

describe('board: comments', () => {
  it('pages comments oldest first; only the author edits or deletes', async () => {
    const { author, reader, outsider, team } = await teamSpace();
    const post = dataOf<Post>(
      await call(app, author, 'POST', `/api/teams/${team.id}/posts`, {
        title: '글',
        content: '본문',
      }),
    );
    const url = `/api/posts/${post.id}/comments`;
    const empty = dataOf<Page<Comment>>(await call(app, reader, 'GET', url));
    expect(empty).toMatchObject({ content: [], totalElements: 0, last: true });
    for (let i = 1; i <= 12; i += 1) {
      const made = await call(app, i % 2 ? reader : author, 'POST', url, { content: `댓글 ${i}` });
      expect(made.statusCode, made.body).toBe(201);
    }
    const first = dataOf<Page<Comment>>(await call(app, reader, 'GET', url));
    expect(first.content).toHaveLength(Limits.commentPageSize);
    expect(first.content[0]).toMatchObject({
      content: '댓글 1',
      authorName: '독자',
      postId: post.id,
    });
    const last = dataOf<Page<Comment>>(await call(app, reader, 'GET', `${url}?page=1`));
    expect(last.content.map((c) => c.content)).toEqual(['댓글 11', '댓글 12']);
    expect(last).toMatchObject({ totalElements: 12, totalPages: 2, last: true });
    expect(dataOf<Post>(await call(app, reader, 'GET', `/api/posts/${post.id}`)).commentCount).toBe(
      12,
    );

    const blank = await call(app, reader, 'POST', url, { content: '   ' });
    expectProblem(blank, 400, 'VALIDATION_FAILED');
    expectProblem(
      await call(app, reader, 'POST', url, { content: '가'.repeat(Limits.commentMax + 1) }),
      400,
      'VALIDATION_FAILED',
    );

    const mine = first.content[0] as Comment;
    expectProblem(
      await call(app, author, 'PATCH', `/api/comments/${mine.id}`, { content: '남의 댓글' }),
      403,
      'AUTHOR_ONLY',
    );
    expectProblem(
      await call(app, author, 'DELETE', `/api/comments/${mine.id}`),
      403,
      'AUTHOR_ONLY',
    );
    expectProblem(await call(app, outsider, 'GET', url), 403, 'TEAM_NOT_MEMBER');
    const edited = dataOf<Comment>(
      await call(app, reader, 'PATCH', `/api/comments/${mine.id}`, { content: '고친 댓글' }),
    );
    expect(edited.content).toBe('고친 댓글');
    expect((await call(app, reader, 'DELETE', `/api/comments/${mine.id}`)).statusCode).toBe(204);
    expectProblem(
      await call(app, reader, 'DELETE', `/api/comments/${mine.id}`),
      404,
      'COMMENT_NOT_FOUND',
    );
  });
});
