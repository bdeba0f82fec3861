import { ActionIcon, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAt,
  IconBell,
  IconBellOff,
  IconBellRinging,
  IconCheck,
  type Icon,
} from '@tabler/icons-react';
import { CHAT_NOTIFY_LEVELS, type ChatNotifyLevel } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import { useSetNotifyLevel } from '../api/notify-level';
import type { RoomRef } from '../api/room-messages';

const t = chatKo.notifyLevel;

type Choice = ChatNotifyLevel | 'DEFAULT';
const choices: Choice[] = ['DEFAULT', ...CHAT_NOTIFY_LEVELS];
const icons: Record<Choice, Icon> = {
  DEFAULT: IconBell,
  ALL: IconBellRinging,
  MENTIONS: IconAt,
  MUTE: IconBellOff,
};
const choiceOf = (level: ChatNotifyLevel | null): Choice => level ?? 'DEFAULT';

/**
 * The room header's bell: how the caller hears of this room (their settings, every message,
 * mentions only, or nothing), its icon saying which at a glance.
 */
export function RoomNotifyLevelMenu({
  room,
  level,
}: {
  room: RoomRef;
  level: ChatNotifyLevel | null;
}) {
  const change = useSetNotifyLevel(room, level);
  const current = choiceOf(level);
  const CurrentIcon = icons[current];
  const choose = (choice: Choice) => {
    if (choice === current) return;
    const next = choice === 'DEFAULT' ? null : choice;
    change.mutate(next, {
      onSuccess: () => notifications.show({ message: t.saved(t.levels[choice]) }),
      onError: () => notifications.show({ color: 'red', message: t.failed }),
    });
  };
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant={current === 'DEFAULT' ? 'subtle' : 'light'}
          color={current === 'MUTE' ? 'gray' : 'blue'}
          size="lg"
          aria-label={t.button(t.levels[current])}
          title={t.button(t.levels[current])}
          data-testid="chat-notify-level-button"
          data-level={current}
        >
          <CurrentIcon size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown maw={280}>
        <Menu.Label>{t.menuLabel}</Menu.Label>
        {choices.map((choice) => {
          const ChoiceIcon = icons[choice];
          const chosen = choice === current;
          return (
            <Menu.Item
              key={choice}
              leftSection={<ChoiceIcon size={16} aria-hidden />}
              rightSection={chosen ? <IconCheck size={16} aria-hidden /> : null}
              onClick={() => choose(choice)}
              role="menuitemradio"
              aria-checked={chosen}
              data-testid="chat-notify-level-option"
              data-level={choice}
            >
              <Text size="sm" fw={chosen ? 600 : undefined}>
                {t.levels[choice]}
              </Text>
              <Text size="xs" c="dimmed">
                {t.hints[choice]}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
