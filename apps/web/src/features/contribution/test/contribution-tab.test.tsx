import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Page } from '@teamup/contracts/common';
import type {
  ContributionItem,
  ContributionMember,
  TeamContribution,
} from '@teamup/contracts/contribution';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, stubApi, testUser, type ApiCall } from '../../../test/stub-api';
import { ContributionTab } from '../components/contribution-tab';

const member = (over: Partial<ContributionMember>): ContributionMember => ({
  userId: 1,
  name: '가영',
  profileImageUrl: null,
  isLeader: false,
  assigned: 0,
  approved: 0,
  completionRequests: 0,
  posts: 0,
  comments: 0,
  files: 0,
  messages: 0,
  meetings: 0,
  meetingMinutes: 0,
  activeDays: 0,
  lastActiveAt: null,
  ...over,
});

const TEAM: TeamContribution = {
  teamId: 7,
  teamName: '1조',
  workspaceId: 3,
  from: '2026-03-02',
  to: '2026-03-08',
  timeZone: 'Asia/Seoul',
  teamCreatedOn: '2026-03-02',
  members: [
    member({
      userId: 1,
      name: '가영',
      isLeader: true,
      assigned: 2,
      approved: 1,
      posts: 4,
      messages: 3,
      meetings: 1,
      meetingMinutes: 50,
      activeDays: 3,
      lastActiveAt: '2026-03-07T11:40:00.000Z',
    }),
    member({ userId: 2, name: '나래', comments: 5 }),
  ],
};

const page = (content: ContributionItem[]): Page<ContributionItem> => ({
  content,
  totalPages: 1,
  totalElements: content.length,
  size: 50,
  pageable: { pageNumber: 0, pageSize: 50 },
  first: true,
  last: true,
});

function serve() {
  return stubApi((call: ApiCall) => {
    if (call.path === '/api/teams/7/contribution') return ok(TEAM);
    if (call.path === '/api/teams/7/contribution/items') {
      const kind = call.query.get('kind');
      if (kind === 'MESSAGE') {
        return ok(
          page([
            {
              kind: 'MESSAGE',
              id: 20260305,
              source: 'MESSAGE',
              label: '2026-03-05',
              at: '2026-03-04T15:00:00.000Z',
              approvedAt: null,
              count: 1,
              link: { area: 'chat', roomId: 9, messageId: null },
            },
            {
              kind: 'MESSAGE',
              id: 20260302,
              source: 'MESSAGE',
              label: '2026-03-02',
              at: '2026-03-01T15:00:00.000Z',
              approvedAt: null,
              count: 2,
              link: { area: 'chat', roomId: 9, messageId: null },
            },
          ]),
        );
      }
      return ok(
        page([
          {
            kind: 'POST',
            id: 11,
            source: 'POST',
            label: '요구사항 정리',
            at: '2026-03-02T01:00:00.000Z',
            approvedAt: null,
            count: null,
            link: { area: 'post', postId: 11, commentId: null },
          },
        ]),
      );
    }
    return undefined;
  });
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: testUser.id });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const numberButton = (userId: number, kind: string) => {
  const found = screen
    .getAllByTestId(`contribution-number-${kind}`)
    .find((element) => element.dataset['userId'] === String(userId));
  if (!found) throw new Error(`no ${kind} of ${userId}`);
  return found;
};

describe('ContributionTab', () => {
  it('shows every member’s numbers, and a number opens the items behind it', async () => {
    const calls = serve();
    renderPage('/', <ContributionTab workspaceId={3} teamId={7} />);
    await screen.findAllByTestId('contribution-member');
    expect(screen.getAllByTestId('contribution-member')).toHaveLength(2);
    expect(numberButton(1, 'POST').textContent).toBe('4');
    expect(numberButton(1, 'MEETING').textContent).toBe('1 (50분)');
    expect(numberButton(2, 'COMMENT').textContent).toBe('5');
    expect(numberButton(1, 'POST').getAttribute('aria-label')).toBe('가영님의 게시글 4건 보기');
    // The whole life by default: no range sent.
    const first = calls.find((call) => call.path === '/api/teams/7/contribution');
    expect(first?.query.get('from')).toBeNull();

    fireEvent.click(numberButton(1, 'POST'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('가영님의 게시글')).toBeTruthy();
    const link = await within(dialog).findByRole('link', { name: '요구사항 정리' });
    expect(link.getAttribute('href')).toContain('/ws/3/team/7?tab=bulletin&post=11');
    const asked = calls.filter((call) => call.path === '/api/teams/7/contribution/items');
    expect(Object.fromEntries(asked.at(-1)?.query ?? [])).toMatchObject({
      userId: '1',
      kind: 'POST',
      from: '2026-03-02',
      to: '2026-03-08',
    });
  });

  it('lists messages as days and counts, with no link to their text', async () => {
    serve();
    renderPage('/', <ContributionTab workspaceId={3} teamId={7} />);
    await screen.findAllByTestId('contribution-member');
    fireEvent.click(numberButton(1, 'MESSAGE'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('contribution-item')).toHaveLength(2));
    expect(within(dialog).getByText('메시지는 내용 없이 날짜별 개수만 표시합니다.')).toBeTruthy();
    expect(within(dialog).getByText('2026-03-02')).toBeTruthy();
    expect(within(dialog).getByText('2건')).toBeTruthy();
    expect(within(dialog).queryAllByRole('link')).toHaveLength(0);
  });
});
