import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { SearchHit, SearchKind, SearchResult } from '@teamup/contracts/search';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderPage } from '../../../test/render';
import {
  deferred,
  signedInScreenTests,
  message,
  ME,
  page,
  room,
  stubChatApi,
} from '../../chat/test/fixtures';
import { ok, problem, type ApiCall } from '../../../test/stub-api';
import { LiveProvider } from '../../live/components/live-provider';
import { SearchBox } from './search-box';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const counts = (partial: Partial<Record<SearchKind, number>>) =>
  ({
    message: 0,
    announcement: 0,
    post: 0,
    comment: 0,
    task: 0,
    schedule: 0,
    file: 0,
    person: 0,
    team: 0,
    room: 0,
    ...partial,
  }) satisfies Record<SearchKind, number>;

const hits: SearchHit[] = [
  {
    kind: 'message',
    key: 'message:0:11',
    id: 11,
    title: '김민지',
    context: '회의방',
    snippet: '내일 회의록을 정리해서 올릴게요',
    highlights: [{ start: 3, end: 6 }],
    titleHighlights: [],
    createdAt: '2026-03-02T09:00:00.000Z',
    target: { roomId: 5, messageId: 11 },
  },
  {
    kind: 'post',
    key: 'post:1:21',
    id: 21,
    title: '주간회의 회의록',
    context: '디자인팀',
    snippet: '이번 주 회의록을 공유합니다.',
    highlights: [{ start: 5, end: 8 }],
    titleHighlights: [{ start: 5, end: 8 }],
    createdAt: '2026-03-01T09:00:00.000Z',
    target: { teamId: 3, postId: 21 },
  },
  {
    kind: 'message',
    key: 'message:0:12',
    id: 12,
    title: '이도윤',
    context: '회의방',
    snippet: '회의록 확인했어요',
    highlights: [{ start: 0, end: 3 }],
    titleHighlights: [],
    createdAt: '2026-02-28T09:00:00.000Z',
    target: { roomId: 5, messageId: 12 },
  },
];

function result(items: SearchHit[], extra: Partial<SearchResult> = {}): SearchResult {
  return {
    query: '회의록',
    counts: counts({ message: 2, post: 1 }),
    cappedKinds: [],
    items,
    page: 0,
    size: 20,
    total: 3,
    totalCapped: false,
    hasMore: false,
    partial: false,
    ...extra,
  };
}

function setup(answer: (call: ApiCall) => Response | Promise<Response> | undefined) {
  const calls = stubChatApi((call) =>
    call.path === '/api/workspaces/1/search' ? answer(call) : undefined,
  );
  renderPage(
    '*',
    <LiveProvider>
      <SearchBox workspaceId={1} />
      <LocationProbe />
    </LiveProvider>,
    '/ws/1',
  );
  return calls;
}

async function openAndType(text: string) {
  fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
  const input = await screen.findByRole('combobox', { name: '검색어' });
  fireEvent.change(input, { target: { value: text } });
  return input;
}

signedInScreenTests();

describe('search box', () => {
  it('opens with Ctrl+K, groups results by kind with counts and marks the matched words', async () => {
    const calls = setup(() => ok(result(hits)));
    await openAndType('회의록');
    const list = await screen.findByRole('listbox', { name: '검색 결과' });
    const groups = within(list).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['메시지', '게시글']);
    expect(within(groups[0] as HTMLElement).getAllByRole('option')).toHaveLength(2);
    expect(list.textContent).toContain('메시지 2건');
    const marks = [...list.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toContain('회의록');
    expect(screen.getByRole('button', { name: '전체 3건' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const call = calls.find((each) => each.path === '/api/workspaces/1/search');
    expect(call?.query.get('q')).toBe('회의록');
  });

  it.each([
    ['a textarea (the chat composer)', 'textarea'],
    ['an input', 'input'],
    ['a contenteditable', 'div'],
  ] as const)('opens with Ctrl+K while %s has focus', async (_label, tag) => {
    setup(() => ok(result(hits)));
    const field = document.createElement(tag);
    if (tag === 'div') {
      field.contentEditable = 'true';
      field.tabIndex = 0;
    }
    document.body.append(field);
    try {
      field.focus();
      expect(document.activeElement).toBe(field);
      fireEvent.keyDown(field, { key: 'k', code: 'KeyK', ctrlKey: true });
      expect(await screen.findByRole('combobox', { name: '검색어' })).toBeTruthy();
    } finally {
      field.remove();
    }
  });

  it("shows a count past the server's cap as 1,000+, on the kind, its group and the whole", async () => {
    setup(() =>
      ok(
        result(hits, {
          counts: counts({ message: 1000, post: 1 }),
          cappedKinds: ['message'],
          total: 1001,
          totalCapped: true,
        }),
      ),
    );
    await openAndType('회의');
    const list = await screen.findByRole('listbox', { name: '검색 결과' });
    expect(list.textContent).toContain('메시지 1,000+건');
    expect(screen.getByRole('button', { name: '메시지 1,000+건' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '게시글 1건' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '전체 1,001+건' })).toBeTruthy();
  });

  it('says when the server answered only part of the results, and only then', async () => {
    let partial = true;
    setup(() => ok(result(hits, { partial })));
    await openAndType('별빛 바다');
    await screen.findByRole('listbox', { name: '검색 결과' });
    expect(screen.getByTestId('search-partial').textContent).toBe(
      '결과가 많아 일부만 표시합니다. 검색어를 더 구체적으로 입력해 보세요.',
    );
    // The results found are shown all the same.
    expect(screen.getAllByRole('option')).toHaveLength(3);
    partial = false;
    const input = screen.getByRole('combobox', { name: '검색어' });
    fireEvent.change(input, { target: { value: '회의록' } });
    await waitFor(() => expect(screen.queryByTestId('search-partial')).toBeNull());
  });

  it('walks the results with the arrow keys in the order shown and opens one with Enter', async () => {
    setup(() => ok(result(hits)));
    const input = await openAndType('회의록');
    await screen.findByRole('listbox');
    const options = screen.getAllByRole('option');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    // The second message (grouped before the post), then the post.
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    expect(options[2]?.textContent).toContain('주간회의 회의록');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/3?tab=bulletin&post=21'),
    );
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('opens a message result in its room at the message', async () => {
    setup(() => ok(result(hits)));
    const input = await openAndType('회의록');
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/ws/1/chat/5?message=12'),
    );
  });

  it('filters by kind', async () => {
    const calls = setup((call) =>
      ok(result(call.query.get('kind') === 'post' ? [hits[1] as SearchHit] : hits)),
    );
    await openAndType('회의록');
    fireEvent.click(await screen.findByRole('button', { name: '게시글 1건' }));
    await waitFor(() => expect(calls.some((call) => call.query.get('kind') === 'post')).toBe(true));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  });

  it('hides the results again when the words are cleared', async () => {
    setup(() => ok(result(hits)));
    const input = await openAndType('회의록');
    await screen.findByRole('listbox');
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByText(/찾고 싶은 단어를 입력하세요/)).toBeTruthy();
  });

  it('says when nothing is found, and when the search failed', async () => {
    let fail = false;
    setup(() =>
      fail
        ? problem(500, 'INTERNAL_ERROR', '서버 오류')
        : ok(result([], { counts: counts({}), total: 0 })),
    );
    const input = await openAndType('없는말');
    expect(await screen.findByText("'없는말'에 대한 검색 결과가 없습니다.")).toBeTruthy();
    fail = true;
    fireEvent.change(input, { target: { value: '다른말' } });
    expect(await screen.findByText('검색하지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeTruthy();
  });

  it('filters by team, person and dates, refuses a reversed range, and clears', async () => {
    const teamsAnswer = [
      { id: 3, name: '디자인팀', isMember: true },
      { id: 4, name: '개발팀', isMember: false },
    ];
    const people = [
      { id: 7, name: '김민지' },
      { id: 8, name: '이도윤' },
    ];
    const calls = stubChatApi((call) => {
      if (call.path === '/api/teams/workspace/1') return ok(teamsAnswer);
      if (call.path === '/api/workspaces/1/members') return ok(people);
      return call.path === '/api/workspaces/1/search' ? ok(result(hits)) : undefined;
    });
    renderPage(
      '*',
      <LiveProvider>
        <SearchBox workspaceId={1} />
      </LiveProvider>,
      '/ws/1',
    );
    await openAndType('회의록');
    await screen.findByRole('listbox');
    fireEvent.click(screen.getByTestId('search-filters-toggle'));
    const team = await screen.findByLabelText('팀');
    // Only my teams (not the owner): 개발팀 is not offered.
    await waitFor(() =>
      expect([...team.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
        '모든 팀',
        '디자인팀',
      ]),
    );
    fireEvent.change(team, { target: { value: '3' } });
    const person = screen.getByLabelText('작성자');
    await waitFor(() => expect(person.querySelectorAll('option')).toHaveLength(3));
    fireEvent.change(person, { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('시작 날짜'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('끝 날짜'), { target: { value: '2026-03-31' } });
    const searches = () => calls.filter((call) => call.path === '/api/workspaces/1/search');
    await waitFor(() =>
      expect(
        searches().some(
          (call) =>
            call.query.get('teamId') === '3' &&
            call.query.get('personId') === '8' &&
            call.query.get('from') === '2026-03-01' &&
            call.query.get('to') === '2026-03-31',
        ),
      ).toBe(true),
    );
    expect(screen.getByTestId('search-filters-toggle').textContent).toBe('필터 4개 적용');
    // A range ending before it starts is not asked: it says why.
    const before = searches().length;
    fireEvent.change(screen.getByLabelText('끝 날짜'), { target: { value: '2026-02-01' } });
    expect(await screen.findByText('시작 날짜가 끝 날짜보다 늦을 수 없습니다.')).toBeTruthy();
    expect(searches().some((call) => call.query.get('to') === '2026-02-01')).toBe(false);
    expect(searches().length).toBe(before);
    fireEvent.click(screen.getByTestId('search-filters-clear'));
    // Back to the unfiltered search (answered from the cache of the first one).
    expect(screen.getByTestId('search-filters-toggle').textContent).toBe('필터');
    expect(screen.getByLabelText<HTMLSelectElement>('팀').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('끝 날짜').value).toBe('');
    expect(await screen.findAllByTestId('search-result')).toHaveLength(3);
  });

  it('offers rooms, teams and people before anything is typed, walked with the keys', async () => {
    localStorage.setItem('teamup.recent-places.1', JSON.stringify([{ kind: 'room', id: 6 }]));
    stubChatApi((call) => {
      if (call.path === '/api/workspaces/1/chat-rooms') {
        return ok(page([room({ id: 4 }), room({ id: 6, type: 'GROUP', name: '디자인 회의' })]));
      }
      if (call.path === '/api/teams/workspace/1') {
        return ok([{ id: 3, name: '디자인팀', isMember: true }]);
      }
      if (call.path === '/api/workspaces/1/members') return ok([{ id: 8, name: '박지훈' }]);
      return undefined;
    });
    renderPage(
      '*',
      <LiveProvider>
        <SearchBox workspaceId={1} />
        <LocationProbe />
      </LiveProvider>,
      '/ws/1',
    );
    fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: '검색어' });
    const list = await screen.findByRole('listbox', { name: '바로 가기' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('group')
          .map((g) => g.getAttribute('aria-label')),
      ).toEqual(['최근 채팅방', '팀', '사람']),
    );
    // The room opened lately comes first.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      expect.stringContaining('디자인 회의'),
      expect.stringContaining('이서연'),
      expect.stringContaining('디자인팀'),
      expect.stringContaining('박지훈'),
    ]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ws/1/team/3'));
  });
});

describe('search box: live results', () => {
  const text = (option: HTMLElement) => option.textContent ?? '';
  const shown = () => screen.queryAllByRole('option').map(text);
  const searches = (calls: ApiCall[]) =>
    calls.filter((call) => call.path === '/api/workspaces/1/search').length;

  async function live() {
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
  }

  it('drops a deleted message at once, before the results come again without it', async () => {
    let answer = (): Promise<Response> | Response => ok(result(hits));
    const calls = setup(() => answer());
    await openAndType('회의록');
    await screen.findByRole('listbox', { name: '검색 결과' });
    expect(shown()).toEqual([
      expect.stringContaining('내일 회의록을 정리해서 올릴게요'),
      expect.stringContaining('회의록 확인했어요'),
      expect.stringContaining('주간회의 회의록'),
    ]);
    await live();
    const refetched = deferred<Response>();
    answer = () => refetched.promise;
    const before = searches(calls);

    act(() =>
      FakeEventSource.latest().emit({ type: 'CHAT_MESSAGE_DELETED', chatRoomId: 5, messageId: 11 }),
    );
    // Gone at once, while the search is being fetched again (the groups keep the order of
    // their best result: the post's now comes first).
    await waitFor(() =>
      expect(shown()).toEqual([
        expect.stringContaining('주간회의 회의록'),
        expect.stringContaining('회의록 확인했어요'),
      ]),
    );
    await waitFor(() => expect(searches(calls)).toBe(before + 1));

    act(() =>
      refetched.resolve(
        ok(result(hits.slice(1), { counts: counts({ message: 1, post: 1 }), total: 2 })),
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '메시지 1건' })).toBeTruthy());
    expect(shown()).toHaveLength(2);
    expect(shown().join()).not.toContain('내일 회의록을');
  });

  it('finds an edit by its new text, and drops the results of a room I leave', async () => {
    let served = hits;
    const calls = setup(() => ok(result(served)));
    await openAndType('회의록');
    await screen.findByRole('listbox', { name: '검색 결과' });
    await live();

    const edited = { ...(hits[2] as SearchHit), snippet: '회의록 다시 고쳤어요' };
    served = [hits[0] as SearchHit, hits[1] as SearchHit, edited];
    const before = searches(calls);
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_MESSAGE_EDITED',
        chatRoomId: 5,
        messageId: 12,
        message: message(12, { content: '회의록 다시 고쳤어요' }),
      }),
    );
    await waitFor(() => expect(shown().join()).toContain('회의록 다시 고쳤어요'));
    expect(searches(calls)).toBe(before + 1);

    // Someone else leaving the room changes nothing I may read: the results are only asked again.
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_MEMBER_LEFT',
        chatRoomId: 5,
        workspaceId: 1,
        userId: ME + 100,
        userName: '다른 사람',
      }),
    );
    await waitFor(() => expect(searches(calls)).toBe(before + 2));
    expect(shown()).toHaveLength(3);

    // I leave (or am removed from) room 5: its messages leave the results at once.
    served = [hits[1] as SearchHit];
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_MEMBER_LEFT',
        chatRoomId: 5,
        workspaceId: 1,
        userId: ME,
        userName: '나',
      }),
    );
    await waitFor(() => expect(shown()).toEqual([expect.stringContaining('주간회의 회의록')]));
  });

  it("asks again when a team's content changes (a post deleted)", async () => {
    let served = hits;
    const calls = setup(() => ok(result(served)));
    await openAndType('회의록');
    await screen.findByRole('listbox', { name: '검색 결과' });
    await live();
    served = hits.filter((hit) => hit.kind !== 'post');
    const before = searches(calls);
    act(() =>
      FakeEventSource.latest().emit({
        type: 'TEAM_CONTENT_CHANGED',
        workspaceId: 1,
        teamId: 3,
        area: 'POSTS',
      }),
    );
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(shown().join()).not.toContain('주간회의 회의록');
    expect(searches(calls)).toBe(before + 1);
  });
});
