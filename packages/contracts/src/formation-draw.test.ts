import { describe, expect, it } from 'vitest';
import {
  balanceScore,
  balancedDraw,
  diceDraw,
  ladderDraw,
  makeLadder,
  minCostAssignment,
  seededRandom,
  teamScores,
  traceLadder,
  voteAssignment,
  type Traits,
} from './formation-draw';

const sizes = (teams: number[], teamCount: number) =>
  Array.from({ length: teamCount }, (_, team) => teams.filter((t) => t === team).length);

/** Every way to give rows distinct columns: the true optimum for small cases. */
function bruteForceMin(cost: number[][]): number {
  const n = cost.length;
  const m = cost[0]?.length ?? 0;
  let best = Number.POSITIVE_INFINITY;
  const used = new Array<boolean>(m).fill(false);
  const walk = (row: number, total: number) => {
    if (row === n) {
      best = Math.min(best, total);
      return;
    }
    for (let col = 0; col < m; col += 1) {
      if (used[col]) continue;
      used[col] = true;
      walk(row + 1, total + (cost[row]?.[col] ?? 0));
      used[col] = false;
    }
  };
  walk(0, 0);
  return best;
}

describe('seeded draws', () => {
  it('are the same for the same seed and differ for another', () => {
    const a = seededRandom('seed-1');
    const b = seededRandom('seed-1');
    const c = seededRandom('seed-2');
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(diceDraw('x', 9, 3)).toEqual(diceDraw('x', 9, 3));
  });

  it('dice: team sizes differ by at most one, for any size', () => {
    for (let people = 1; people <= 25; people += 1) {
      for (let teams = 1; teams <= Math.min(people, 6); teams += 1) {
        const { teams: result, rolls } = diceDraw(`s${people}-${teams}`, people, teams);
        const counts = sizes(result, teams);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
        expect(rolls.every((roll) => roll >= 1 && roll <= 6)).toBe(true);
      }
    }
  });

  it('dice: each person lands in each team about equally often over many draws', () => {
    // 6 people, 3 teams, 3000 draws: each (person, team) cell expects 1000. A chi-square test
    // with 2 degrees of freedom per person stays under 13.8 (p = 0.001) for a fair draw.
    const draws = 3000;
    const counts = Array.from({ length: 6 }, () => [0, 0, 0]);
    for (let draw = 0; draw < draws; draw += 1) {
      diceDraw(`fair-${draw}`, 6, 3).teams.forEach((team, person) => {
        (counts[person] as number[])[team] = ((counts[person] as number[])[team] ?? 0) + 1;
      });
    }
    for (const row of counts) {
      const chi = row.reduce((sum, observed) => sum + (observed - 1000) ** 2 / 1000, 0);
      expect(chi).toBeLessThan(13.8);
    }
  });

  it('ladder: one ladder for everyone, no touching rungs, a permutation of the slots', () => {
    const ladder = makeLadder('same', 7);
    expect(makeLadder('same', 7)).toEqual(ladder);
    for (const line of ladder.rungs) {
      line.forEach((rung, gap) => {
        if (rung) expect(line[gap + 1]).not.toBe(true);
      });
    }
    const slots = Array.from({ length: 7 }, (_, column) => traceLadder(ladder, column));
    expect([...slots].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const { teams } = ladderDraw('same', 7, 3);
    expect(sizes(teams, 3).sort()).toEqual([2, 2, 3]);
  });
});

describe('optimal assignment', () => {
  it('finds the minimum of hand-made cost tables', () => {
    const cost = [
      [4, 1, 3],
      [2, 0, 5],
      [3, 2, 2],
    ];
    const columns = minCostAssignment(cost);
    const total = columns.reduce((sum, col, row) => sum + (cost[row]?.[col] ?? 0), 0);
    expect(total).toBe(5); // 1 + 2 + 2
    expect(new Set(columns).size).toBe(3);
  });

  it('matches brute force on random tables, rectangular ones included', () => {
    const random = seededRandom('tables');
    for (let round = 0; round < 60; round += 1) {
      const rows = 1 + Math.floor(random() * 5);
      const columns = rows + Math.floor(random() * 3);
      const cost = Array.from({ length: rows }, () =>
        Array.from({ length: columns }, () => Math.floor(random() * 10)),
      );
      const answer = minCostAssignment(cost);
      const total = answer.reduce((sum, col, row) => sum + (cost[row]?.[col] ?? 0), 0);
      expect(total).toBe(bruteForceMin(cost));
      expect(new Set(answer).size).toBe(rows);
    }
  });

  it('vote: beats first-come greedy, respects capacities, and says which rank each got', () => {
    // Options 0 and 1, one place each. A (first) wants 0 then 1; B wants only 0. Greedy by
    // arrival gives A option 0 and B its unranked option; the optimum gives everyone a ranked one.
    const result = voteAssignment('v', [[0, 1], [0]], [1, 1]);
    expect(result.options).toEqual([1, 0]);
    expect(result.ranks).toEqual([1, 0]);

    const many = voteAssignment(
      'cap',
      [
        [0, 1, 2],
        [0, 2, 1],
        [0, 1, 2],
        [1, 0, 2],
        [2, 1, 0],
      ],
      [2, 2, 1],
    );
    const capacity = [2, 2, 1];
    expect(sizes(many.options, 3).every((count, option) => count <= (capacity[option] ?? 0))).toBe(
      true,
    );
    // Total rank 1 is the best possible: three want option 0 first, and it holds two.
    expect(many.ranks.reduce<number>((sum, rank) => sum + (rank ?? 99), 0)).toBe(1);
    expect(() => voteAssignment('full', [[0], [0], [0]], [1, 1])).toThrow();
  });
});

describe('balanced teams', () => {
  const person = (hashtags: string[], extra: Partial<Traits> = {}): Traits => ({
    hashtags,
    mbti: null,
    disposition: null,
    preferWorkstyle: null,
    dislikeWorkstyle: null,
    ...extra,
  });

  it('scores spread skills above doubled ones, and punishes a disliked style next to its holder', () => {
    const spread = balanceScore([person(['React']), person(['Node'])]);
    const doubled = balanceScore([person(['React']), person(['React'])]);
    expect(spread).toBeGreaterThan(doubled);
    const calm = balanceScore([
      person(['React'], { dislikeWorkstyle: '야근' }),
      person(['Node'], { preferWorkstyle: '아침 회의' }),
    ]);
    const clash = balanceScore([
      person(['React'], { dislikeWorkstyle: '야근' }),
      person(['Node'], { preferWorkstyle: '야근' }),
    ]);
    expect(clash).toBeLessThan(calm);
  });

  it('spreads the same skills over the teams, keeps sizes within one, and is reproducible', () => {
    const traits = [
      person(['디자인']),
      person(['디자인']),
      person(['백엔드']),
      person(['백엔드']),
      person(['프론트']),
      person(['프론트']),
    ];
    for (const seed of ['a', 'b', 'c', 'd']) {
      const teams = balancedDraw(seed, traits, 2);
      expect(balancedDraw(seed, traits, 2)).toEqual(teams);
      expect(sizes(teams, 2)).toEqual([3, 3]);
      // The best split puts one of each skill in each team: both teams score full marks.
      expect(teamScores(traits, teams, 2)).toEqual([100, 100]);
    }
  });
});
