import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Formation } from '@teamup/contracts/formation';
import { tokenStore } from '../../../lib/token-store';
import { renderPage } from '../../../test/render';
import { ok, stubApi } from '../../../test/stub-api';
import { FormationSession } from './formation-session';

const OWNER = 1;
const person = (id: number, name: string) => ({
  id,
  name,
  hashtags: [],
  mbti: null,
  disposition: null,
  preferWorkstyle: null,
  dislikeWorkstyle: null,
});
const HASH = 'a'.repeat(64);

/** Not in the page, or inside something hidden (a folded Collapse). */
function hidden(element: Element | null): boolean {
  for (let node = element; node; node = node.parentElement) {
    if (node instanceof HTMLElement && (node.hidden || getComputedStyle(node).display === 'none')) {
      return true;
    }
  }
  return element === null;
}

function formation(overrides: Partial<Formation> = {}): Formation {
  return {
    id: 5,
    workspaceId: 2,
    method: 'VOTE',
    status: 'OPEN',
    participants: [
      person(11, '김하늘'),
      person(12, '이수민'),
      person(13, '박지훈'),
      person(14, '최유리'),
    ],
    balanced: false,
    scores: null,
    teamNames: ['기획', '개발'],
    capacities: [2, 2],
    deadline: '2026-11-25T00:00:00.000Z',
    seedHash: HASH,
    seed: null,
    result: null,
    ranks: null,
    votes: 1,
    voterIds: [12],
    myRanking: null,
    createdTeamIds: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: OWNER });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('closing a vote', () => {
  it('asks first, saying how many voted, who did not and what happens to them', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/api/formations/5/draw'
        ? ok(formation({ status: 'DRAWN' }))
        : undefined,
    );
    renderPage('/', <FormationSession formation={formation()} isAdmin viewerId={OWNER} />);
    expect(screen.getByTestId('formation-vote-count').textContent).toBe('4명 중 1명 투표');
    expect(screen.getByTestId('formation-deadline').textContent).toContain('자동으로 마감');

    fireEvent.click(screen.getByTestId('formation-draw'));
    const dialog = await screen.findByTestId('formation-close-vote-dialog');
    expect(within(dialog).getByTestId('formation-close-vote-count').textContent).toBe(
      '4명 중 1명 투표',
    );
    expect(dialog.textContent).toContain('아직 투표하지 않은 사람 3명');
    expect(dialog.textContent).toContain('김하늘, 박지훈, 최유리');
    expect(dialog.textContent).toContain('남은 자리에 무작위로 배정됩니다');
    expect(dialog.textContent).toContain('자동으로 마감됩니다');
    // Nothing is closed until the owner says so; cancel closes nothing.
    expect(calls.some((call) => call.path.endsWith('/draw'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByTestId('formation-close-vote-dialog')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/draw'))).toBe(false);

    fireEvent.click(screen.getByTestId('formation-draw'));
    fireEvent.click(await screen.findByTestId('formation-close-vote-confirm'));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'POST' && call.path === '/api/formations/5/draw'),
      ).toHaveLength(1),
    );
  });

  it('warns when nobody has voted: everyone would be placed at random', async () => {
    stubApi(() => undefined);
    renderPage(
      '/',
      <FormationSession
        formation={formation({ votes: 0, voterIds: [], deadline: null })}
        isAdmin
        viewerId={OWNER}
      />,
    );
    fireEvent.click(screen.getByTestId('formation-draw'));
    const dialog = await screen.findByTestId('formation-close-vote-dialog');
    expect(dialog.textContent).toContain('4명 중 0명 투표');
    expect(dialog.textContent).toContain('아직 아무도 투표하지 않았습니다');
    expect(dialog.textContent).not.toContain('자동으로 마감됩니다');
  });

  it('dice and ladder still draw in one click', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/formations/5/draw' ? ok(formation({ method: 'DICE' })) : undefined,
    );
    renderPage(
      '/',
      <FormationSession
        formation={formation({ method: 'DICE', deadline: null })}
        isAdmin
        viewerId={OWNER}
      />,
    );
    fireEvent.click(screen.getByTestId('formation-draw'));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/draw'))).toBe(true));
    expect(screen.queryByTestId('formation-close-vote-dialog')).toBeNull();
  });
});

describe('공정성 확인', () => {
  it('folds the hash and the seed, with the verify button, behind one disclosure', async () => {
    stubApi(() => undefined);
    const seed = 'b'.repeat(64);
    renderPage(
      '/',
      <FormationSession
        formation={formation({
          method: 'LADDER',
          status: 'DRAWN',
          seed,
          result: [0, 1, 0, 1],
          deadline: null,
        })}
        isAdmin={false}
        viewerId={11}
      />,
    );
    const toggle = screen.getByTestId('formation-fairness-toggle');
    expect(toggle.textContent).toContain('공정성 확인');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(hidden(screen.queryByText(HASH))).toBe(true);
    expect(hidden(screen.queryByText(seed))).toBe(true);
    expect(hidden(screen.queryByTestId('formation-verify'))).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(hidden(screen.queryByText(seed))).toBe(false));
    expect(screen.getByTestId('formation-seed-hash').textContent).toBe(HASH);

    const panel = screen.getByTestId('formation-fairness');
    expect(hidden(within(panel).getByTestId('formation-verify'))).toBe(false);
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).not.toBeNull();
  });
});

describe('a vote’s result', () => {
  it('says who did not vote rather than "선택 밖"', () => {
    stubApi(() => undefined);
    renderPage(
      '/',
      <FormationSession
        formation={formation({
          status: 'DRAWN',
          seed: 'c'.repeat(64),
          result: [0, 1, 0, 1],
          ranks: [null, 0, null, null],
        })}
        isAdmin={false}
        viewerId={11}
      />,
    );
    expect(screen.getAllByTestId('formation-team-member').map((item) => item.textContent)).toEqual([
      '김하늘미투표',
      '박지훈미투표',
      '이수민1지망',
      '최유리미투표',
    ]);
  });
});

describe('a drawn formation', () => {
  it('says what the balance score measures beside the scores', () => {
    stubApi(() => undefined);
    renderPage(
      '/',
      <FormationSession
        formation={formation({
          method: 'DICE',
          status: 'DRAWN',
          balanced: true,
          scores: [100, 75],
          result: [0, 1, 0, 1],
          seed: 'seed',
          ranks: null,
        })}
        isAdmin
        viewerId={OWNER}
      />,
    );
    expect(screen.getAllByTestId('formation-score').map((badge) => badge.textContent)).toEqual([
      '균형 100점',
      '균형 75점',
    ]);
    const help = screen.getByTestId('formation-score-help').textContent ?? '';
    expect(help).toContain('0~100점');
    expect(help).toContain('기술 태그');
    expect(help).toContain('25점씩 낮아집니다');
  });
});
