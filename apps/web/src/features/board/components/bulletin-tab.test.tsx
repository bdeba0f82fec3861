import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Post } from '@teamup/contracts/board';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { attachment, comment, installBoardShims, ME, page, postSummary } from '../test/fixtures';
import { noContent, ok, problem, stubApi } from '../../../test/stub-api';
import { BulletinTab } from './bulletin-tab';

const MB = 1024 * 1024;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderTab(entry = '/ws/1/team/7?tab=bulletin') {
  return renderPage(
    '/ws/:workspaceId/team/:teamId',
    <>
      <BulletinTab teamId={7} boardId={7} userId={ME} />
      <LocationProbe />
    </>,
    entry,
  );
}

function post(overrides: Partial<Post> = {}): Post {
  const { excerpt: _excerpt, ...summary } = postSummary(11, { attachmentCount: 3 });
  return {
    ...summary,
    content: '첫 줄\n둘째 줄',
    authorProfileImageUrl: null,
    attachments: [
      attachment(21, {
        originalFileName: '회의 사진.png',
        contentType: 'image/png',
        isImage: true,
        previewUrl: '/api/files/21/preview',
      }),
      attachment(22, { originalFileName: '회의록.pdf', contentType: 'application/pdf' }),
      // An image by name, but not raster bytes: no preview.
      attachment(23, { originalFileName: 'logo.svg', contentType: 'application/octet-stream' }),
    ],
    ...overrides,
  };
}

/** A file of the given size without allocating it. */
function fakeFile(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const itemOf = (id: number) =>
  screen.getAllByTestId('attachment-item').find((item) => item.dataset.attachmentId === String(id));

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BulletinTab list', () => {
  it('marks posts with attachments by a paperclip and their count', async () => {
    installBoardShims();
    const calls = stubApi((call) =>
      call.path === '/api/teams/7/posts'
        ? ok(
            page(
              [
                postSummary(12, { attachmentCount: 2, commentCount: 4 }),
                postSummary(11, { attachmentCount: 0 }),
              ],
              0,
              2,
              5,
            ),
          )
        : undefined,
    );
    renderTab();
    const [withFiles, withoutFiles] = await screen.findAllByTestId('post-item');
    const indicator = within(withFiles!).getByTestId('post-attachment-indicator');
    expect(indicator.getAttribute('aria-label')).toBe('첨부파일 2개');
    expect(indicator.textContent).toBe('2');
    expect(within(withFiles!).getByLabelText('댓글 4개')).toBeTruthy();
    expect(within(withoutFiles!).queryByTestId('post-attachment-indicator')).toBeNull();
    expect(calls.find((call) => call.path === '/api/teams/7/posts')?.query.toString()).toBe(
      'boardId=7&page=0&size=5',
    );
  });

  it("shows the spec's load failure and a friendly empty list", async () => {
    installBoardShims();
    let fail = true;
    stubApi((call) => {
      if (call.path !== '/api/teams/7/posts') return undefined;
      return fail ? problem(500, 'INTERNAL') : ok(page([], 0, 0, 5));
    });
    renderTab();
    expect(await screen.findByText('게시글을 불러오는데 실패했습니다')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('posts-empty')).toBeTruthy();
  });
});

describe('BulletinTab post detail', () => {
  it('opens a post into the address; previews raster images only; back returns', async () => {
    const { created, revoked } = installBoardShims();
    const calls = stubApi((call) => {
      if (call.path === '/api/teams/7/posts') return ok(page([postSummary(11)], 0, 1, 5));
      if (call.path === '/api/posts/11') return ok(post());
      if (call.path === '/api/posts/11/comments') return ok(page([], 0, 0, 10));
      if (call.path === '/api/files/21/preview') {
        return new Response('png-bytes', { headers: { 'Content-Type': 'image/png' } });
      }
      return undefined;
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('post-item'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/7?tab=bulletin&post=11'),
    );
    const detail = await screen.findByTestId('post-detail');
    expect(within(detail).getByTestId('post-content').textContent).toBe('첫 줄\n둘째 줄');
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(3);

    const preview = await within(itemOf(21)!).findByTestId('attachment-preview');
    await waitFor(() => expect(preview.getAttribute('src')).toBe(created[0]));
    expect(preview.getAttribute('alt')).toBe('회의 사진.png 미리보기');
    const previewCall = calls.find((call) => call.path === '/api/files/21/preview');
    expect(previewCall?.headers.get('Authorization')).toBe('Bearer access');
    expect(within(itemOf(22)!).queryByTestId('attachment-preview')).toBeNull();
    expect(within(itemOf(23)!).queryByTestId('attachment-preview')).toBeNull();
    expect(screen.getAllByTestId('attachment-download')).toHaveLength(3);
    // Long names are cut on screen and kept whole in the title.
    expect(within(itemOf(22)!).getByTitle('회의록.pdf')).toBeTruthy();

    // Someone else's post: no author actions.
    expect(screen.queryByTestId('post-edit')).toBeNull();
    expect(screen.queryByTestId('post-delete')).toBeNull();
    expect(screen.queryByTestId('attachment-delete')).toBeNull();

    fireEvent.click(screen.getByTestId('back-to-posts'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/7?tab=bulletin'),
    );
    expect(await screen.findByTestId('post-item')).toBeTruthy();
    // The preview's object URL is given back when it leaves the screen.
    expect(revoked).toContain(created[0]);
  });

  it('hides a deleted attachment at once, then asks for the post again', async () => {
    installBoardShims();
    let answerDelete: (response: Response) => void = () => undefined;
    let deleted = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/posts/11' && call.method === 'GET') {
        const current = post({ authorId: ME });
        return ok(
          deleted
            ? { ...current, attachments: current.attachments.filter((item) => item.id !== 22) }
            : current,
        );
      }
      if (call.path === '/api/posts/11/comments') return ok(page([], 0, 0, 10));
      if (call.path === '/api/files/21/preview') return new Response('png');
      if (call.path === '/api/posts/11/attachments/22' && call.method === 'DELETE') {
        return new Promise<Response>((resolve) => {
          answerDelete = (response) => {
            deleted = true;
            resolve(response);
          };
        });
      }
      return undefined;
    });
    renderTab('/ws/1/team/7?tab=bulletin&post=11');
    await screen.findByTestId('post-detail');
    expect(screen.getByTestId('post-edit')).toBeTruthy();
    fireEvent.click(within(itemOf(22)!).getByTestId('attachment-delete'));
    fireEvent.click(await screen.findByTestId('confirm-action'));

    // Gone before the server has answered.
    await waitFor(() => expect(itemOf(22)).toBeUndefined());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(2);

    const postReads = () =>
      calls.filter((call) => call.path === '/api/posts/11' && call.method === 'GET').length;
    const readsBefore = postReads();
    answerDelete(noContent());
    await waitFor(() => expect(postReads()).toBeGreaterThan(readsBefore));
    expect(itemOf(22)).toBeUndefined();
    expect(await screen.findByText('첨부파일을 삭제했습니다.')).toBeTruthy();
  });

  it('adds a comment with Ctrl+Enter and shows it', async () => {
    installBoardShims();
    const comments = [comment(31, { content: '먼저 단 댓글' })];
    const calls = stubApi((call) => {
      if (call.path === '/api/posts/11' && call.method === 'GET') return ok(post());
      if (call.path === '/api/posts/11/comments' && call.method === 'POST') {
        const { content } = call.body as { content: string };
        const created = comment(32, { authorId: ME, authorName: '김하늘', content });
        comments.push(created);
        return ok(created, 201);
      }
      if (call.path === '/api/posts/11/comments') {
        return ok(page([...comments], 0, comments.length, 10));
      }
      if (call.path === '/api/files/21/preview') return new Response('png');
      return undefined;
    });
    renderTab('/ws/1/team/7?tab=bulletin&post=11');
    expect(await screen.findByText('먼저 단 댓글')).toBeTruthy();
    const input = screen.getByTestId('comment-input');

    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('댓글 내용을 입력해주세요.')).toBeTruthy();

    fireEvent.change(input, { target: { value: '좋은 의견입니다\n동의해요' } });
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.getAllByTestId('comment-item')).toHaveLength(2));
    const post_ = calls.find((call) => call.method === 'POST');
    expect(post_?.path).toBe('/api/posts/11/comments');
    expect(post_?.body).toEqual({ content: '좋은 의견입니다\n동의해요' });
    expect((input as HTMLTextAreaElement).value).toBe('');
    // Newest last, and only mine can be edited or deleted.
    const [first, mine] = screen.getAllByTestId('comment-item');
    expect(mine!.dataset.commentId).toBe('32');
    expect(within(mine!).getByTestId('comment-edit')).toBeTruthy();
    expect(within(first!).queryByTestId('comment-edit')).toBeNull();
  });

  it('opens at the comment the address names: turns to its page, scrolls to it and marks it', async () => {
    installBoardShims();
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record the calls, for this test only.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.getAttribute('data-comment-id') ?? '');
    };
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    const first = Array.from({ length: 10 }, (_, index) =>
      comment(100 + index, { content: `앞 댓글 ${index}` }),
    );
    stubApi((call) => {
      if (call.path === '/api/posts/11' && call.method === 'GET') return ok(post());
      if (call.path === '/api/posts/11/comments') {
        return call.query.get('page') === '1'
          ? ok(page([comment(131, { content: '찾던 댓글' })], 1, 11, 10))
          : ok(page(first, 0, 11, 10));
      }
      if (call.path === '/api/files/21/preview') return new Response('png');
      return undefined;
    });
    renderTab('/ws/1/team/7?tab=bulletin&post=11&comment=131');
    const found = await screen.findByText('찾던 댓글');
    const item = found.closest('li');
    expect(item?.dataset.focused).toBe('true');
    await waitFor(() => expect(scrolled).toContain('131'));
    // Back to the list: the comment leaves the address with the post.
    fireEvent.click(screen.getByTestId('back-to-posts'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/7?tab=bulletin'),
    );
  });

  it("says '댓글 생성에 실패했습니다' when the server fails", async () => {
    installBoardShims();
    stubApi((call) => {
      if (call.path === '/api/posts/11' && call.method === 'GET') return ok(post());
      if (call.path === '/api/posts/11/comments' && call.method === 'POST') {
        return problem(500, 'INTERNAL');
      }
      if (call.path === '/api/posts/11/comments') return ok(page([], 0, 0, 10));
      if (call.path === '/api/files/21/preview') return new Response('png');
      return undefined;
    });
    renderTab('/ws/1/team/7?tab=bulletin&post=11');
    const input = await screen.findByTestId('comment-input');
    fireEvent.change(input, { target: { value: '댓글' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByText('댓글 생성에 실패했습니다')).toBeTruthy();
  });

  it('downloads under the name the answer gives, and reports a failure', async () => {
    installBoardShims();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    let fail = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/posts/11') return ok(post());
      if (call.path === '/api/posts/11/comments') return ok(page([], 0, 0, 10));
      if (call.path === '/api/files/21/preview') return new Response('png');
      if (call.path === '/api/files/22/download') {
        if (fail) return problem(404, 'ATTACHMENT_NOT_FOUND');
        return new Response('pdf-bytes', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition':
              'attachment; filename="___.pdf"; filename*=UTF-8\'\'%ED%9A%8C%EC%9D%98%EB%A1%9D%20%EC%B5%9C%EC%A2%85.pdf',
          },
        });
      }
      return undefined;
    });
    renderTab('/ws/1/team/7?tab=bulletin&post=11');
    await screen.findByTestId('post-detail');
    fireEvent.click(within(itemOf(22)!).getByTestId('attachment-download'));
    await waitFor(() => expect(saved).toEqual(['회의록 최종.pdf']));
    const download = calls.find((call) => call.path === '/api/files/22/download');
    expect(download?.headers.get('Authorization')).toBe('Bearer access');

    fail = true;
    fireEvent.click(within(itemOf(22)!).getByTestId('attachment-download'));
    expect(await screen.findByText('파일 다운로드에 실패했습니다.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});

describe('BulletinTab new post', () => {
  it('checks each file, the count and the total before sending, then sends multipart', async () => {
    installBoardShims();
    let created = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/teams/7/posts' && call.method === 'POST') {
        created = true;
        return ok({ ...post({ authorId: ME }), attachments: [] }, 201);
      }
      if (call.path === '/api/teams/7/posts') {
        return ok(page(created ? [postSummary(11, { authorId: ME })] : [], 0, created ? 1 : 0, 5));
      }
      return undefined;
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('post-create-button'));
    const input = await screen.findByTestId('post-files-input');
    const rows = () => screen.queryAllByTestId('post-file-row');

    fireEvent.change(input, { target: { files: [fakeFile('huge.zip', 20 * MB + 1)] } });
    expect(await screen.findByText('파일 하나의 크기는 20MB 이하여야 합니다.')).toBeTruthy();
    expect(rows()).toHaveLength(0);

    fireEvent.change(input, {
      target: {
        files: [fakeFile('a.bin', 20 * MB), fakeFile('b.bin', 20 * MB), fakeFile('c.bin', 10 * MB)],
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(input, { target: { files: [fakeFile('d.bin', 1)] } });
    expect(await screen.findByText('첨부파일은 게시글당 합계 50MB 이하여야 합니다.')).toBeTruthy();
    expect(rows()).toHaveLength(3);

    // Removing one makes room; eleven small files stop at ten.
    fireEvent.click(within(rows()[0]!).getByTestId('post-file-remove'));
    fireEvent.click(within(rows()[0]!).getByTestId('post-file-remove'));
    fireEvent.change(input, {
      target: { files: Array.from({ length: 10 }, (_, index) => fakeFile(`s${index}.txt`, 10)) },
    });
    expect(
      await screen.findByText('첨부파일은 게시글당 최대 10개까지 올릴 수 있습니다.'),
    ).toBeTruthy();
    expect(rows()).toHaveLength(10);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('post-title-input'), { target: { value: '회의 자료' } });
    fireEvent.change(screen.getByTestId('post-content-input'), { target: { value: '첨부합니다' } });
    fireEvent.click(screen.getByTestId('post-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toBeInstanceOf(FormData);
    const form = sent?.body as FormData;
    expect(form.get('title')).toBe('회의 자료');
    expect(form.get('content')).toBe('첨부합니다');
    expect(form.get('boardId')).toBe('7');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual([
      'c.bin',
      ...Array.from({ length: 9 }, (_, index) => `s${index}.txt`),
    ]);
    expect(await screen.findByTestId('post-item')).toBeTruthy();
  });

  it("shows the server's file refusal in the contract's words", async () => {
    installBoardShims();
    stubApi((call) => {
      if (call.path === '/api/teams/7/posts' && call.method === 'POST') {
        return problem(413, 'POST_FILES_TOO_LARGE', 'too large');
      }
      if (call.path === '/api/teams/7/posts') return ok(page([], 0, 0, 5));
      return undefined;
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('post-create-button'));
    fireEvent.change(await screen.findByTestId('post-title-input'), { target: { value: '제목' } });
    fireEvent.change(screen.getByTestId('post-content-input'), { target: { value: '내용' } });
    fireEvent.click(screen.getByTestId('post-submit'));
    expect(await screen.findByText('첨부파일은 게시글당 합계 50MB 이하여야 합니다.')).toBeTruthy();
    expect(screen.getByTestId('post-form')).toBeTruthy();
  });
});
