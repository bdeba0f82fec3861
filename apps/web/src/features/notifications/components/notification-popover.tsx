import type { KeyboardEvent } from 'react';
import {
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@teamup/contracts/notifications';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { notificationsKo } from '../../../i18n/ko/notifications';
import { formatRelative } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useMarkNotificationsRead } from '../api/mark-read';
import { useNotifications } from '../api/notifications';
import classes from './notification-popover.module.css';

const t = notificationsKo;

/** How many of the newest notifications the bell lists; the rest are on the full page. */
export const POPOVER_LIMIT = 8;

function PopoverItem({
  item,
  onOpen,
}: {
  item: Notification;
  onOpen: (item: Notification) => void;
}) {
  return (
    <UnstyledButton
      className={classes.item}
      data-read={item.read ? 'true' : 'false'}
      data-testid="notification-popover-item"
      data-popover-item
      onClick={() => onOpen(item)}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <span className={classes.dot} aria-hidden />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          {!item.read && <VisuallyHidden>{t.unreadLabel}</VisuallyHidden>}
          <Text size="sm" fw={item.read ? 400 : 600} lineClamp={2} className={classes.message}>
            {item.message}
          </Text>
          <Text size="xs" c="dimmed">
            {t.kinds[item.kind]} · {formatRelative(item.timestamp)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** Up and down arrows move between the listed notifications, Home and End to either end. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-popover-item]')];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? Math.min(items.length - 1, at + 1)
          : Math.max(0, at - 1);
  items[next]?.focus();
}

/**
 * The bell's dropdown: the newest notifications (unread ones marked), a click opening its target
 * and marking it read, '모두 읽음', and '모두 보기' to the notification centre. Loading, failure
 * and empty states of its own.
 */
export function NotificationPopover({ unread, onClose }: { unread: number; onClose: () => void }) {
  const list = useNotifications(0);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const latest = list.data?.content.slice(0, POPOVER_LIMIT) ?? [];

  const failed = (error: unknown) =>
    toasts.show({ color: 'red', message: errorMessage(error, { fallback: t.actionFailed }) });

  const handleOpen = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id, { onError: failed });
    onClose();
    void navigate(item.link);
  };

  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" px="md" py="sm" className={classes.header}>
        <Box miw={0}>
          <Text fw={700}>{t.title}</Text>
          <Text size="xs" c="dimmed" data-testid="notification-popover-unread">
            {t.popover.unread(unread)}
          </Text>
        </Box>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconChecks size={14} />}
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables === 'ALL'}
          onClick={() =>
            markRead.mutate('ALL', {
              onSuccess: () => toasts.show({ color: 'teal', message: t.allRead }),
              onError: failed,
            })
          }
          data-testid="notification-popover-read-all"
        >
          {t.markAllRead}
        </Button>
      </Group>
      {list.isPending && (
        <Center py="xl" role="status" aria-live="polite" data-testid="notification-popover-loading">
          <Loader size="sm" role="status" aria-label={ko.common.loading} />
        </Center>
      )}
      {list.isError && (
        <Stack align="center" gap="xs" py="lg" px="md" data-testid="notification-popover-error">
          <Text size="sm" c="red" role="alert" ta="center">
            {errorMessage(list.error, { fallback: t.loadFailed })}
          </Text>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      )}
      {list.isSuccess && latest.length === 0 && (
        <Stack align="center" gap={4} py="xl" px="md" data-testid="notification-popover-empty">
          <IconBell size={32} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text size="sm" fw={600}>
            {t.popover.empty}
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            {t.emptyHint}
          </Text>
        </Stack>
      )}
      {latest.length > 0 && (
        <ScrollArea.Autosize mah="min(60vh, 28rem)" type="auto">
          <div
            className={classes.list}
            role="group"
            aria-label={t.popover.label}
            onKeyDown={moveFocus}
            data-testid="notification-popover-list"
          >
            {latest.map((item) => (
              <PopoverItem key={item.id} item={item} onOpen={handleOpen} />
            ))}
          </div>
        </ScrollArea.Autosize>
      )}
      <Box px="md" py="xs" className={classes.footer}>
        <Anchor
          component={Link}
          to={routes.notifications.href()}
          size="sm"
          fw={600}
          onClick={onClose}
          data-testid="notification-popover-all"
        >
          {t.popover.viewAll}
        </Anchor>
      </Box>
    </Stack>
  );
}
