import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheckbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MeetingCard } from '@teamup/contracts/meetings';
import { routes } from '../../../config/paths';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { actionLines } from '../lib/action-lines';
import { todayInKorea } from '../lib/dates';
import { ActionItemForm } from './action-item-form';

const t = meetingsKo;

interface ActionItemsProps {
  sessionId: number;
  workspaceId: number;
  content: string;
  cards: MeetingCard[];
  channelTeamId: number | null;
  canWrite: boolean;
}

/** The notes' action item lines: each made a card in one action, then linking to its card. */
export function ActionItems(props: ActionItemsProps) {
  const { sessionId, workspaceId, content, cards, channelTeamId, canWrite } = props;
  const [open, setOpen] = useState<string | null>(null);
  const items = actionLines(content, todayInKorea());
  const cardOf = new Map(cards.map((card) => [card.lineKey, card]));
  return (
    <Paper withBorder p="sm" data-testid="meeting-action-items">
      <Title order={2} size="h5" mb="xs">
        {t.actionItems}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t.noActionItems}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => {
            const card = cardOf.get(item.key);
            return (
              <li key={item.key} data-testid="meeting-action-item">
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconCheckbox size={16} aria-hidden style={{ flex: 'none' }} />
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.key}
                    </Text>
                  </Group>
                  {card ? (
                    card.taskId !== null && card.teamId !== null ? (
                      <Anchor
                        component={Link}
                        size="sm"
                        style={{ flex: 'none' }}
                        to={routes.team.href(workspaceId, card.teamId, {
                          tab: 'kanban',
                          task: card.taskId,
                        })}
                      >
                        {t.viewCard}
                      </Anchor>
                    ) : (
                      <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                        {t.cardDeleted}
                      </Text>
                    )
                  ) : (
                    canWrite &&
                    open !== item.key && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        style={{ flex: 'none' }}
                        onClick={() => setOpen(item.key)}
                      >
                        {t.makeCard}
                      </Button>
                    )
                  )}
                </Group>
                {!card && open === item.key && (
                  <ActionItemForm
                    sessionId={sessionId}
                    workspaceId={workspaceId}
                    item={item}
                    channelTeamId={channelTeamId}
                    onCancel={() => setOpen(null)}
                    onCreated={() => {
                      setOpen(null);
                      notifications.show({ color: 'teal', message: t.form.created });
                    }}
                  />
                )}
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
