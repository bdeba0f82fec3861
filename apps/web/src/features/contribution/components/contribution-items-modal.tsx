import { Anchor, Badge, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ContributionKind } from '@teamup/contracts/contribution';
import { ErrorAlert } from '../../../components/error-alert';
import { contributionKo as t } from '../../../i18n/ko/contribution';
import { errorMessage } from '../../../lib/error-message';
import { useContributionItems, type DayRange } from '../api/contribution';
import { itemHref, seoulTime } from '../lib/contribution';

export type OpenItems = { userId: number; name: string; kind: ContributionKind };

interface Props {
  workspaceId: number;
  teamId: number;
  range: DayRange;
  open: OpenItems | null;
  onClose: () => void;
}

/** The items behind one number of one member; messages as days and counts only. */
export function ContributionItemsModal({ workspaceId, teamId, range, open, onClose }: Props) {
  const items = useContributionItems(
    teamId,
    open ? { userId: open.userId, kind: open.kind, range } : null,
  );
  const rows = items.data?.pages.flatMap((page) => page.content) ?? [];
  const byDay = open?.kind === 'MESSAGE' || open?.kind === 'ACTIVE_DAY';

  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      title={open ? t.itemsTitle(open.name, t.columns[open.kind]) : ''}
      size="lg"
      data-testid="contribution-items"
    >
      {open?.kind === 'MESSAGE' && (
        <Text size="sm" c="dimmed" mb="sm">
          {t.messagesNote}
        </Text>
      )}
      {items.isPending ? (
        <Center py="lg">
          <Loader size="sm" role="status" aria-label={t.loading} />
        </Center>
      ) : items.isError ? (
        <ErrorAlert message={errorMessage(items.error, { fallback: t.itemsFailed })} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="contribution-items-empty">
          {t.itemsEmpty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((item) => {
            const href = byDay ? null : itemHref(item, workspaceId, teamId);
            const source = t.sources[item.source];
            return (
              <Group
                key={`${item.source}-${item.id}`}
                component="li"
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                data-testid="contribution-item"
              >
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6} wrap="nowrap">
                    {source && (
                      <Badge size="xs" variant="light">
                        {source}
                      </Badge>
                    )}
                    {href ? (
                      <Anchor
                        component={Link}
                        to={href}
                        size="sm"
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {item.label}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {item.label}
                      </Text>
                    )}
                  </Group>
                  {!byDay && (
                    <Text size="xs" c="dimmed">
                      {seoulTime(item.at)}
                      {item.approvedAt
                        ? ` · ${t.approvedOn(seoulTime(item.approvedAt).slice(0, 10))}`
                        : ''}
                    </Text>
                  )}
                </Stack>
                {item.count !== null && (
                  <Text size="sm" fw={600} style={{ flex: 'none' }}>
                    {open?.kind === 'MEETING' ? t.minutes(item.count) : t.countOnDay(item.count)}
                  </Text>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {items.hasNextPage && (
        <Button
          variant="subtle"
          mt="sm"
          fullWidth
          loading={items.isFetchingNextPage}
          onClick={() => void items.fetchNextPage()}
        >
          {t.more}
        </Button>
      )}
    </Modal>
  );
}
