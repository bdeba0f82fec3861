import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { announcement, announcementPage, installBoardShims, ME } from '../test/fixtures';
import { noContent, ok, problem, stubApi, type ApiCall } from '../../../test/stub-api';
import { AnnouncementsTab } from './announcements-tab';

const LIST = '/api/workspaces/1/announcement';

function renderTab() {
  return renderPage('/', <AnnouncementsTab workspaceId={1} teamId={7} userId={ME} mayPost />);
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === LIST);

beforeEach(() => {
  installBoardShims();
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnnouncementsTab', () => {
  it('pages through the list five at a time', async () => {
    const calls = stubApi((call) => {
      if (call.path !== LIST) return undefined;
      const pageNumber = Number(call.query.get('page'));
      const ids = pageNumber === 0 ? [7, 6, 5, 4, 3] : [2, 1];
      return ok(
        announcementPage(
          ids.map((id) => announcement(id)),
          pageNumber,
          7,
        ),
      );
    });
    renderTab();
    expect(await screen.findByText('총 7개, 1-5')).toBeTruthy();
    expect(screen.getAllByTestId('announcement-item')).toHaveLength(5);
    expect(listCalls(calls)[0]?.query.toString()).toBe('teamId=7&page=0&size=5');

    fireEvent.click(screen.getByRole('button', { name: '2 페이지' }));
    expect(await screen.findByText('총 7개, 6-7')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('announcement-item')).toHaveLength(2));
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('1');
    expect(
      screen.getAllByTestId('announcement-item').map((item) => item.dataset.announcementId),
    ).toEqual(['2', '1']);
  });

  it('keeps line breaks of the content and shows a friendly empty state', async () => {
    stubApi((call) => (call.path === LIST ? ok(announcementPage([], 0, 0)) : undefined));
    renderTab();
    expect(await screen.findByTestId('announcements-empty')).toBeTruthy();
    expect(screen.getByText('아직 공지사항이 없습니다.')).toBeTruthy();
    expect(screen.queryByTestId('announcement-item')).toBeNull();
    expect(screen.getByTestId('announcement-create-button')).toBeTruthy();
  });

  it('offers edit and delete on my announcements only', async () => {
    stubApi((call) =>
      call.path === LIST
        ? ok(
            announcementPage(
              [
                announcement(2, { accountId: ME, content: '첫 줄\n둘째 줄' }),
                announcement(1, { accountId: 9 }),
              ],
              0,
              2,
            ),
          )
        : undefined,
    );
    renderTab();
    const [mine, theirs] = await screen.findAllByTestId('announcement-item');
    expect(within(mine!).getByTestId('announcement-edit')).toBeTruthy();
    expect(within(mine!).getByTestId('announcement-delete')).toBeTruthy();
    expect(within(theirs!).queryByTestId('announcement-edit')).toBeNull();
    expect(within(theirs!).queryByTestId('announcement-delete')).toBeNull();
    const content = within(mine!).getByText(/첫 줄/);
    expect(content.textContent).toBe('첫 줄\n둘째 줄');
    expect(content.style.whiteSpace).toBe('pre-wrap');
  });

  it('asks for title and content, then creates and shows the first page', async () => {
    let created = false;
    const calls = stubApi((call) => {
      if (call.path === LIST && call.method === 'POST') {
        created = true;
        return ok(announcement(8, { accountId: ME, title: '새 공지' }), 201);
      }
      if (call.path === LIST) {
        const items = created ? [announcement(8, { accountId: ME, title: '새 공지' })] : [];
        return ok(announcementPage(items, 0, items.length));
      }
      return undefined;
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('announcement-create-button'));
    fireEvent.change(await screen.findByTestId('announcement-title-input'), {
      target: { value: '새 공지' },
    });
    fireEvent.click(screen.getByTestId('announcement-submit'));
    expect(await screen.findByText('제목과 내용을 모두 입력해주세요.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const content = screen.getByTestId('announcement-content-input');
    fireEvent.change(content, { target: { value: '줄 하나\n줄 둘' } });
    // Ctrl+Enter in the content sends the form.
    fireEvent.keyDown(content, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      teamId: 7,
      title: '새 공지',
      content: '줄 하나\n줄 둘',
    });
    expect(await screen.findByTestId('announcement-item')).toBeTruthy();
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('0');
  });

  it('steps back a page after deleting the last announcement of a page', async () => {
    let deleted = false;
    const calls = stubApi((call) => {
      if (call.method === 'DELETE' && call.path === `${LIST}/1`) {
        deleted = true;
        return noContent();
      }
      if (call.path !== LIST) return undefined;
      const pageNumber = Number(call.query.get('page'));
      const total = deleted ? 5 : 6;
      if (pageNumber === 0) {
        return ok(
          announcementPage(
            [6, 5, 4, 3, 2].map((id) => announcement(id)),
            0,
            total,
          ),
        );
      }
      return ok(announcementPage(deleted ? [] : [announcement(1, { accountId: ME })], 1, total));
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: '2 페이지' }));
    fireEvent.click(await screen.findByTestId('announcement-delete'));
    fireEvent.click(await screen.findByTestId('confirm-action'));
    expect(await screen.findByText('총 5개, 1-5')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('0');
    expect(screen.queryByRole('button', { name: '2 페이지' })).toBeNull();
  });

  it("shows the spec's load failure with a retry", async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path !== LIST) return undefined;
      return fail ? problem(500, 'INTERNAL') : ok(announcementPage([announcement(1)], 0, 1));
    });
    renderTab();
    expect(await screen.findByText('공지사항을 불러오는데 실패했습니다')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('announcement-item')).toBeTruthy();
  });
});
