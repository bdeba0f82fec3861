import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { classEndpoints, type TeamRead } from '@teamup/contracts/class';
import type { Page } from '@teamup/contracts/common';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { teamsKo } from '../../../i18n/ko/teams';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';

const PAGE_SIZE = 10;

/**
 * Class mode (issue 45): what the class's instructors and TAs read of this team while not in it,
 * newest first, so the team knows who looked.
 */
export function TeamReadLog({ teamId }: { teamId: number }) {
  const reads = useInfiniteQuery({
    queryKey: ['teams', teamId, 'read-log'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<TeamRead>>(pathOf(classEndpoints.teamReadLog, { teamId }), {
        query: { page: pageParam, size: PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => (last.last ? undefined : last.pageable.pageNumber + 1),
  });
  const items = reads.data?.pages.flatMap((page) => page.content) ?? [];

  return (
    <Paper withBorder radius="lg" p="md" data-testid="team-read-log">
      <Stack gap="xs">
        <Title order={2} fz="h5">
          {teamsKo.readLog}
        </Title>
        <Text size="xs" c="dimmed">
          {teamsKo.readLogHint}
        </Text>
        {reads.isPending ? (
          <Loader size="sm" role="status" aria-label={teamsKo.readLog} />
        ) : reads.isError ? (
          <Text size="sm" c="red">
            {teamsKo.readLogFailed}
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {teamsKo.readLogEmpty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((read) => (
              <Group
                component="li"
                key={`${read.reader.id}-${read.area}-${read.readAt}`}
                justify="space-between"
                gap="xs"
                wrap="nowrap"
              >
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {read.reader.name}
                  </Text>{' '}
                  <Text span c="dimmed" size="xs">
                    {workspacesKo.roles[read.role]}
                  </Text>{' '}
                  · {teamsKo.readAreas[read.area]}
                </Text>
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {formatDateTime(read.readAt)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {reads.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void reads.fetchNextPage()}
            loading={reads.isFetchingNextPage}
          >
            {teamsKo.readLogMore}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
