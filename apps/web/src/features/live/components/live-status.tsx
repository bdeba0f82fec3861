import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { useLiveRetry, useLiveState } from '../../../lib/live/use-live';

const dotColor = { open: 'teal', connecting: 'yellow' } as const;

/**
 * A small sign of the live link in the top bar: a dot while it works or connects; once the
 * client gave up, '실시간 연결이 끊어졌습니다' with a retry button.
 */
export function LiveStatus() {
  const state = useLiveState();
  const retry = useLiveRetry();

  if (state === 'down') {
    return (
      <Group gap={4} wrap="nowrap" data-testid="live-status" data-state={state} role="status">
        <Tooltip label={ko.live.down} withArrow>
          <IconPlugConnectedX
            size={18}
            color="var(--mantine-color-red-6)"
            aria-label={ko.live.down}
            role="img"
          />
        </Tooltip>
        <Text size="xs" c="red" visibleFrom="sm">
          {ko.live.down}
        </Text>
        <Tooltip label={ko.live.retry} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={ko.live.retry}
            data-testid="live-retry"
            onClick={retry}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }

  const label = state === 'open' ? ko.live.open : ko.live.connecting;
  return (
    <Tooltip label={label} withArrow>
      <Box
        data-testid="live-status"
        data-state={state}
        role="status"
        aria-label={label}
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          flexShrink: 0,
          background: `var(--mantine-color-${dotColor[state]}-5)`,
        }}
      />
    </Tooltip>
  );
}
