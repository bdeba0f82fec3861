import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { Formation } from '@teamup/contracts/formation';
import { formationKo } from '../../../i18n/ko/formation';
import { errorMessage } from '../../../lib/error-message';
import { useVoteFormation } from '../api/formations';

const t = formationKo;

/** A participant orders the teams, most wanted first (buttons, so it works by keyboard too). */
export function VoteForm({ formation }: { formation: Formation }) {
  const vote = useVoteFormation();
  const [order, setOrder] = useState<number[]>(
    () => formation.myRanking ?? formation.teamNames.map((_, index) => index),
  );
  const move = (position: number, by: number) => {
    const next = [...order];
    const target = position + by;
    if (target < 0 || target >= next.length) return;
    [next[position], next[target]] = [next[target] as number, next[position] as number];
    setOrder(next);
  };
  return (
    <Stack gap="xs" data-testid="formation-vote">
      <Text size="sm" c="dimmed">
        {t.voteHint}
      </Text>
      {order.map((team, position) => (
        <Paper key={team} withBorder radius="md" p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {position + 1}. {formation.teamNames[team]}
            </Text>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t.moveUp}
                onClick={() => move(position, -1)}
                disabled={position === 0}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t.moveDown}
                onClick={() => move(position, 1)}
                disabled={position === order.length - 1}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button
          loading={vote.isPending}
          onClick={() =>
            vote.mutate(
              { id: formation.id, ranking: order },
              {
                onSuccess: () => notifications.show({ color: 'teal', message: t.voted }),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    message: errorMessage(error, { fallback: t.actionFailed }),
                  }),
              },
            )
          }
          data-testid="formation-vote-submit"
        >
          {t.vote}
        </Button>
      </Group>
    </Stack>
  );
}
