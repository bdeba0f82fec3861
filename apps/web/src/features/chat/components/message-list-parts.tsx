import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { ChatMessages } from '@teamup/contracts/chat';
import { ko } from '../../../i18n/ko';
import { chatKo } from '../../../i18n/ko/chat';
import classes from './chat.module.css';

/*
 * The message list's states before it has messages (loading, failed) and the buttons around
 * it: a page more at either end, and the floating jumps to the first unread and to the newest.
 */

export function MessageListLoading() {
  return (
    <Center h="100%" role="status">
      <Loader size="sm" role="status" aria-label={ko.common.loading} />
    </Center>
  );
}

export function MessageListFailed({ onReload }: { onReload: () => void }) {
  return (
    <Center h="100%" p="md">
      <Stack align="center" gap="xs">
        <Text c="red" size="sm" role="alert" data-testid="chat-messages-error">
          {ChatMessages.messagesFailed}
        </Text>
        <Button size="xs" variant="light" onClick={onReload}>
          {chatKo.retryLoad}
        </Button>
      </Stack>
    </Center>
  );
}

export function MessageListEmpty() {
  return (
    <Center h="100%">
      <Text c="dimmed" size="sm" ta="center" data-testid="chat-empty">
        {chatKo.empty}
      </Text>
    </Center>
  );
}

export function LoadOlderButton({
  step,
  loading,
  onClick,
}: {
  /** How many older messages the next page brings. */
  step: number;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Center mb="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        loading={loading}
        data-testid="chat-load-older"
        onClick={onClick}
      >
        {chatKo.loadOlder(step)}
      </Button>
    </Center>
  );
}

export function LoadNewerButton({ loading, onClick }: { loading: boolean; onClick?: () => void }) {
  return (
    <Center mt="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        loading={loading}
        data-testid="chat-load-newer"
        onClick={onClick}
      >
        {chatKo.loadNewer}
      </Button>
    </Center>
  );
}

export function JumpToUnreadButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      className={`${classes.floating} ${classes.floatingTop}`}
      size="compact-sm"
      radius="xl"
      color="red"
      leftSection={<IconArrowUp size={14} />}
      data-testid="chat-jump-unread"
      onClick={onClick}
    >
      {chatKo.jumpToUnread}
    </Button>
  );
}

export function JumpToLatestButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      className={`${classes.floating} ${classes.floatingBottom}`}
      size="compact-sm"
      radius="xl"
      variant="default"
      leftSection={<IconArrowDown size={14} />}
      data-testid="chat-jump-latest"
      onClick={onClick}
    >
      {chatKo.jumpToLatest}
    </Button>
  );
}
