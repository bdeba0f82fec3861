/**
 * The team-formation draws as pure functions of a seed, shared by the server (which draws) and
 * the web app (which lets anyone recompute a revealed result). Same seed and input, same result,
 * on any machine.
 */

/** A 32-bit hash of a string (xmur3-style mixing), to seed the generator from a seed text. */
function hashSeed(seed: string): number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i += 1) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A deterministic generator of numbers in [0, 1) (mulberry32) seeded from text. */
export function seededRandom(seed: string): () => number {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
const below = (random: () => number, n: number) => Math.floor(random() * n);

/** Fisher–Yates with the seeded generator. */
export function seededShuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = below(random, i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Team index per participant, in input order. */
export type Assignment = number[];

/**
 * Random (dice): every participant rolls a die (shown as the animation), then the shuffled order
 * is dealt round-robin, so team sizes differ by at most one.
 */
export function diceDraw(seed: string, participantCount: number, teamCount: number) {
  const random = seededRandom(`dice:${seed}`);
  const rolls = Array.from({ length: participantCount }, () => below(random, 6) + 1);
  const order = seededShuffle(
    Array.from({ length: participantCount }, (_, index) => index),
    random,
  );
  const teams: Assignment = new Array<number>(participantCount).fill(0);
  order.forEach((participant, position) => {
    teams[participant] = position % teamCount;
  });
  return { rolls, teams };
}

/** A ladder: `rungs[row][gap]` joins column `gap` and `gap + 1` at that row. */
export type Ladder = { columns: number; rows: number; rungs: boolean[][] };

/**
 * Ladder game (사다리 타기): vertical lines are participants, rungs at random (never two touching
 * the same line at one row), bottom slot k belongs to team k mod teamCount.
 */
export function makeLadder(seed: string, columns: number): Ladder {
  const random = seededRandom(`ladder:${seed}`);
  const rows = Math.max(6, columns * 2);
  const rungs: boolean[][] = [];
  for (let row = 0; row < rows; row += 1) {
    const line: boolean[] = [];
    for (let gap = 0; gap < columns - 1; gap += 1) {
      line.push(!line[gap - 1] && random() < 0.5);
    }
    rungs.push(line);
  }
  return { columns, rows, rungs };
}

/** The bottom slot a path starting at `column` ends in (crossing every rung it meets). */
export function traceLadder(ladder: Ladder, column: number): number {
  let at = column;
  for (const line of ladder.rungs) {
    if (line[at]) at += 1;
    else if (at > 0 && line[at - 1]) at -= 1;
  }
  return at;
}

export function ladderDraw(seed: string, participantCount: number, teamCount: number) {
  const ladder = makeLadder(seed, participantCount);
  const slots = Array.from({ length: participantCount }, (_, column) =>
    traceLadder(ladder, column),
  );
  return { ladder, slots, teams: slots.map((slot) => slot % teamCount) };
}

/**
 * Minimum-cost assignment of rows to columns (Hungarian algorithm, O(n²m)); `cost[r][c]`, with
 * rows ≤ columns. Answers the column of each row.
 */
export function minCostAssignment(cost: number[][]): number[] {
  const n = cost.length;
  const m = cost[0]?.length ?? 0;
  if (n === 0) return [];
  if (m < n) throw new Error('more rows than columns');
  const INF = Number.POSITIVE_INFINITY;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(m + 1).fill(0);
  const match = new Array<number>(m + 1).fill(0); // column → row (1-based), 0: free
  const way = new Array<number>(m + 1).fill(0);
  for (let row = 1; row <= n; row += 1) {
    match[0] = row;
    let col0 = 0;
    const minv = new Array<number>(m + 1).fill(INF);
    const used = new Array<boolean>(m + 1).fill(false);
    do {
      used[col0] = true;
      const row0 = match[col0] as number;
      let delta = INF;
      let col1 = 0;
      for (let col = 1; col <= m; col += 1) {
        if (used[col]) continue;
        const reduced =
          (cost[row0 - 1]?.[col - 1] ?? INF) - (u[row0] as number) - (v[col] as number);
        if (reduced < (minv[col] as number)) {
          minv[col] = reduced;
          way[col] = col0;
        }
        if ((minv[col] as number) < delta) {
          delta = minv[col] as number;
          col1 = col;
        }
      }
      for (let col = 0; col <= m; col += 1) {
        if (used[col]) {
          u[match[col] as number] = (u[match[col] as number] as number) + delta;
          v[col] = (v[col] as number) - delta;
        } else {
          minv[col] = (minv[col] as number) - delta;
        }
      }
      col0 = col1;
    } while (match[col0] !== 0);
    do {
      const col1 = way[col0] as number;
      match[col0] = match[col1] as number;
      col0 = col1;
    } while (col0 !== 0);
  }
  const result = new Array<number>(n).fill(-1);
  for (let col = 1; col <= m; col += 1) {
    if ((match[col] as number) > 0) result[(match[col] as number) - 1] = col - 1;
  }
  return result;
}

/** What a participant's k-th choice costs: 0 for the first, then 1, 2, …; unranked costs most. */
export const rankCost = (rank: number | null, optionCount: number) =>
  rank === null ? optionCount * 10 : rank;

/**
 * Preference vote: each participant ranked some options (0 = first choice); options have
 * capacities. Everyone gets an option so that the total cost (sum of ranks) is the least possible
 * under the capacities; ties between equally good answers are broken by the seed. Answers the
 * option of each participant and the rank they got (null: an option they did not rank).
 */
export function voteAssignment(
  seed: string,
  rankings: number[][],
  capacities: number[],
): { options: number[]; ranks: Array<number | null> } {
  const random = seededRandom(`vote:${seed}`);
  const slots: number[] = capacities.flatMap((capacity, option) =>
    Array.from({ length: capacity }, () => option),
  );
  if (slots.length < rankings.length) throw new Error('not enough places for everyone');
  // A tie-break far below one rank step: it can only choose among equally good answers.
  const jitter = rankings.map(() => capacities.map(() => random() * 1e-6));
  const cost = rankings.map((ranked, participant) =>
    slots.map((option) => {
      const rank = ranked.indexOf(option);
      return (
        rankCost(rank === -1 ? null : rank, capacities.length) +
        (jitter[participant]?.[option] ?? 0)
      );
    }),
  );
  const columns = minCostAssignment(cost);
  const options = columns.map((column) => slots[column] as number);
  return {
    options,
    ranks: options.map((option, participant) => {
      const rank = rankings[participant]?.indexOf(option) ?? -1;
      return rank === -1 ? null : rank;
    }),
  };
}

/** What the 'balanced' option looks at (profile fields of the User entity). */
export type Traits = {
  hashtags: string[];
  mbti: string | null;
  disposition: string | null;
  preferWorkstyle: string | null;
  dislikeWorkstyle: string | null;
};

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/**
 * A team's balance, 0–100: skills spread (distinct skill tags over all tags), variety of
 * dispositions and MBTI letters, minus a penalty for each member whose disliked work style is
 * another member's preferred one.
 */
export function balanceScore(team: Traits[]): number {
  if (team.length <= 1) return 100;
  const tags = team.flatMap((member) => member.hashtags.map(norm)).filter(Boolean);
  const skillSpread = tags.length === 0 ? 1 : new Set(tags).size / tags.length;
  const dispositions = team.map((member) => norm(member.disposition)).filter(Boolean);
  const dispositionVariety =
    dispositions.length <= 1 ? 1 : (new Set(dispositions).size - 1) / (dispositions.length - 1);
  const letters = team.map((member) => norm(member.mbti)).filter((mbti) => mbti.length === 4);
  let mbtiVariety = 1;
  if (letters.length > 1) {
    const mixed = [0, 1, 2, 3].filter(
      (position) => new Set(letters.map((mbti) => mbti[position])).size > 1,
    ).length;
    mbtiVariety = mixed / 4;
  }
  let clashes = 0;
  for (const member of team) {
    const disliked = norm(member.dislikeWorkstyle);
    if (!disliked) continue;
    if (team.some((other) => other !== member && norm(other.preferWorkstyle) === disliked)) {
      clashes += 1;
    }
  }
  const score =
    100 * (0.45 * skillSpread + 0.2 * dispositionVariety + 0.35 * mbtiVariety) - 25 * clashes;
  return Math.max(0, Math.min(100, Math.round(score)));
}

/** Each team's score for an assignment. */
export function teamScores(traits: Traits[], teams: Assignment, teamCount: number): number[] {
  return Array.from({ length: teamCount }, (_, team) =>
    balanceScore(traits.filter((_, index) => teams[index] === team)),
  );
}

/**
 * Random but balanced: the dice deal, then pair swaps between teams (tried in a seeded order)
 * kept whenever they raise the weakest team's score without lowering the total. Sizes stay
 * within one; the same seed and traits give the same teams.
 */
export function balancedDraw(seed: string, traits: Traits[], teamCount: number): Assignment {
  const teams = [...diceDraw(seed, traits.length, teamCount).teams];
  const random = seededRandom(`balance:${seed}`);
  const quality = (scores: number[]) => [Math.min(...scores), scores.reduce((a, b) => a + b, 0)];
  let [bestMin, bestSum] = quality(teamScores(traits, teams, teamCount)) as [number, number];
  for (let round = 0; round < 400; round += 1) {
    const a = below(random, traits.length);
    const b = below(random, traits.length);
    if (teams[a] === teams[b]) continue;
    [teams[a], teams[b]] = [teams[b] as number, teams[a] as number];
    const [min, sum] = quality(teamScores(traits, teams, teamCount)) as [number, number];
    if (min > bestMin || (min === bestMin && sum > bestSum)) {
      bestMin = min;
      bestSum = sum;
    } else {
      [teams[a], teams[b]] = [teams[b], teams[a]];
    }
  }
  return teams;
}
