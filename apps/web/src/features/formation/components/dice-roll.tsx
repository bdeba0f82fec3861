import { Group, Paper, Stack, Text } from '@mantine/core';
import type { Formation } from '@teamup/contracts/formation';
import { diceDraw } from '@teamup/contracts/formation-draw';
import classes from './formation.module.css';

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** Each participant's die (from the revealed seed), rolling in with a short animation. */
export function DiceRoll({ formation }: { formation: Formation }) {
  if (!formation.seed) return null;
  const { rolls } = diceDraw(
    formation.seed,
    formation.participants.length,
    formation.teamNames.length,
  );
  return (
    <Group gap="sm" wrap="wrap" data-testid="formation-dice">
      {formation.participants.map((person, index) => (
        <Paper key={person.id} withBorder radius="md" p="xs" miw={88}>
          <Stack gap={0} align="center">
            <span
              className={classes.die}
              style={{ animationDelay: `${index * 120}ms` }}
              aria-label={`${rolls[index]}`}
            >
              {FACES[(rolls[index] ?? 1) - 1]}
            </span>
            <Text size="xs" truncate maw={80}>
              {person.name}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Group>
  );
}
