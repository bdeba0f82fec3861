import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Formation } from '@teamup/contracts/formation';
import { ladderDraw } from '@teamup/contracts/formation-draw';
import classes from './formation.module.css';

/** The narrowest a column gets: below it the ladder scrolls sideways instead. */
const MIN_COLUMN = 64;
/** Each name keeps this much free on either side of its column, so two names never touch. */
const NAME_GAP = 6;
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
function pathOf(rungs: boolean[][], column: number, columnWidth: number): string {
  const x = (at: number) => at * columnWidth + columnWidth / 2;
  let at = column;
  const points = [`${x(at)},0`];
  rungs.forEach((line, row) => {
    const y = (row + 1) * ROW;
    points.push(`${x(at)},${y}`);
    if (line[at]) at += 1;
    else if (at > 0 && line[at - 1]) at -= 1;
    points.push(`${x(at)},${y}`);
  });
  points.push(`${x(at)},${(rungs.length + 1) * ROW}`);
  return points.join(' ');
}

/** A row of labels, one per column, each kept NAME_GAP clear of its neighbours. */
function LabelRow({
  labels,
  columnWidth,
  bold,
}: {
  labels: { key: string | number; text: string }[];
  columnWidth: number;
  bold?: boolean;
}) {
  return (
    <Box
      w={labels.length * columnWidth}
      style={{ display: 'grid', gridTemplateColumns: `repeat(${labels.length}, ${columnWidth}px)` }}
    >
      {labels.map((label) => (
        <Text
          key={label.key}
          size="xs"
          ta="center"
          fw={bold ? 600 : undefined}
          truncate
          px={NAME_GAP}
          title={label.text}
        >
          {label.text}
        </Text>
      ))}
    </Box>
  );
}

/**
 * The ladder every participant sees (from the revealed seed): names on top, teams at the bottom,
 * each path drawn in turn.
 */
export function LadderView({ formation }: { formation: Formation }) {
  // The ladder spreads over the card's width; only a ladder too wide for it scrolls sideways.
  const { ref, width: cardWidth } = useElementSize();
  if (!formation.seed) return null;
  const count = formation.participants.length;
  const { ladder } = ladderDraw(formation.seed, count, formation.teamNames.length);
  const columnWidth = Math.max(MIN_COLUMN, Math.floor(cardWidth / Math.max(1, count)));
  const width = count * columnWidth;
  const height = (ladder.rows + 1) * ROW;
  const x = (column: number) => column * columnWidth + columnWidth / 2;
  return (
    <Box ref={ref} style={{ overflowX: 'auto' }} data-testid="formation-ladder">
      <LabelRow
        columnWidth={columnWidth}
        labels={formation.participants.map((person) => ({ key: person.id, text: person.name }))}
      />
      <svg width={width} height={height} role="img" aria-label="사다리">
        {Array.from({ length: count }, (_, column) => (
          <line
            key={`v${column}`}
            x1={x(column)}
            x2={x(column)}
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
                x1={x(gap)}
                x2={x(gap + 1)}
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
            points={pathOf(ladder.rungs, column, columnWidth)}
            fill="none"
            stroke={COLORS[column % COLORS.length]}
            strokeWidth={3}
            className={classes.path}
            style={{ animationDelay: `${column * 600}ms` }}
          />
        ))}
      </svg>
      <LabelRow
        columnWidth={columnWidth}
        bold
        labels={Array.from({ length: count }, (_, slot) => ({
          key: slot,
          text: formation.teamNames[slot % formation.teamNames.length] ?? '',
        }))}
      />
    </Box>
  );
}
