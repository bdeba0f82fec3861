import { Box, Text } from '@mantine/core';
import type { Formation } from '@teamup/contracts/formation';
import { ladderDraw } from '@teamup/contracts/formation-draw';
import classes from './formation.module.css';

const COLUMN = 72;
const ROW = 22;
const COLORS = [
  '#4c6ef5',
  '#e64980',
  '#12b886',
  '#fab005',
  '#7950f2',
  '#fd7e14',
  '#15aabf',
  '#82c91e',
];

/** The path a column takes down the ladder, as SVG points. */
function pathOf(rungs: boolean[][], column: number): string {
  let at = column;
  const points = [`${at * COLUMN + COLUMN / 2},0`];
  rungs.forEach((line, row) => {
    const y = (row + 1) * ROW;
    points.push(`${at * COLUMN + COLUMN / 2},${y}`);
    if (line[at]) at += 1;
    else if (at > 0 && line[at - 1]) at -= 1;
    points.push(`${at * COLUMN + COLUMN / 2},${y}`);
  });
  points.push(`${at * COLUMN + COLUMN / 2},${(rungs.length + 1) * ROW}`);
  return points.join(' ');
}

/**
 * The ladder every participant sees (from the revealed seed): names on top, teams at the bottom,
 * each path drawn in turn.
 */
export function LadderView({ formation }: { formation: Formation }) {
  if (!formation.seed) return null;
  const count = formation.participants.length;
  const { ladder } = ladderDraw(formation.seed, count, formation.teamNames.length);
  const width = count * COLUMN;
  const height = (ladder.rows + 1) * ROW;
  return (
    <Box style={{ overflowX: 'auto' }} data-testid="formation-ladder">
      <Box
        w={width}
        style={{ display: 'grid', gridTemplateColumns: `repeat(${count}, ${COLUMN}px)` }}
      >
        {formation.participants.map((person) => (
          <Text key={person.id} size="xs" ta="center" truncate px={2}>
            {person.name}
          </Text>
        ))}
      </Box>
      <svg width={width} height={height} role="img" aria-label="사다리">
        {Array.from({ length: count }, (_, column) => (
          <line
            key={`v${column}`}
            x1={column * COLUMN + COLUMN / 2}
            x2={column * COLUMN + COLUMN / 2}
            y1={0}
            y2={height}
            stroke="var(--mantine-color-gray-4)"
            strokeWidth={3}
          />
        ))}
        {ladder.rungs.flatMap((line, row) =>
          line.map((rung, gap) =>
            rung ? (
              <line
                key={`r${row}-${gap}`}
                x1={gap * COLUMN + COLUMN / 2}
                x2={(gap + 1) * COLUMN + COLUMN / 2}
                y1={(row + 1) * ROW}
                y2={(row + 1) * ROW}
                stroke="var(--mantine-color-gray-4)"
                strokeWidth={3}
              />
            ) : null,
          ),
        )}
        {formation.participants.map((person, column) => (
          <polyline
            key={person.id}
            points={pathOf(ladder.rungs, column)}
            fill="none"
            stroke={COLORS[column % COLORS.length]}
            strokeWidth={3}
            className={classes.path}
            style={{ animationDelay: `${column * 600}ms` }}
          />
        ))}
      </svg>
      <Box
        w={width}
        style={{ display: 'grid', gridTemplateColumns: `repeat(${count}, ${COLUMN}px)` }}
      >
        {Array.from({ length: count }, (_, slot) => (
          <Text key={slot} size="xs" ta="center" fw={600} truncate px={2}>
            {formation.teamNames[slot % formation.teamNames.length]}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
