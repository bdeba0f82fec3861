import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Formation } from '@teamup/contracts/formation';
import { formationKo } from '../../../i18n/ko/formation';

/**
 * The result: one column per team with its members (and, for a vote, the rank each got, or that
 * they did not vote).
 */
export function TeamColumns({ formation }: { formation: Formation }) {
  const { result, ranks } = formation;
  if (!result) return null;
  return (
    <Stack gap="xs">
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: Math.min(4, formation.teamNames.length) }}
        spacing="sm"
      >
        {formation.teamNames.map((name, team) => (
          <Paper key={name} withBorder radius="md" p="sm" data-testid="formation-team">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{name}</Text>
                {formation.scores && (
                  <Badge variant="light" color="teal" tt="none" data-testid="formation-score">
                    {formationKo.score(formation.scores[team] ?? 0)}
                  </Badge>
                )}
              </Group>
              {formation.participants.map((person, index) =>
                result[index] === team ? (
                  <Text key={person.id} size="sm" data-testid="formation-team-member">
                    {person.name}
                    {ranks &&
                      (formation.voterIds.includes(person.id) ? (
                        <Badge ml={6} size="xs" variant="light" tt="none">
                          {formationKo.rank(ranks[index] ?? null)}
                        </Badge>
                      ) : (
                        <Badge ml={6} size="xs" variant="light" color="gray" tt="none">
                          {formationKo.notVoted}
                        </Badge>
                      ))}
                  </Text>
                ) : null,
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {formation.scores && (
        <Text size="xs" c="dimmed" data-testid="formation-score-help">
          {formationKo.scoreHelp}
        </Text>
      )}
    </Stack>
  );
}
