import { useState } from 'react';
import { Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { ko } from '../../../i18n/ko';
import { chatKo } from '../../../i18n/ko/chat';
import { useEditHistory } from '../api/edit-message';
import type { RoomRef } from '../api/room-messages';
import { formatMessageDateTime } from '../lib/room-display';
import classes from './chat.module.css';

const t = chatKo.edit;

/** "(수정됨)" beside an edited message's time; pressed, it lists the earlier texts of 24 hours. */
export function EditedMark({
  room,
  messageId,
  editedAt,
}: {
  room: RoomRef;
  messageId: number;
  editedAt: string;
}) {
  const [opened, setOpened] = useState(false);
  const history = useEditHistory(room, messageId, editedAt, opened);
  return (
    <Popover opened={opened} onChange={setOpened} position="top" withArrow shadow="md" width={280}>
      <Popover.Target>
        <UnstyledButton
          className={classes.editedMark}
          aria-label={t.markLabel}
          aria-expanded={opened}
          data-testid="chat-message-edited"
          onClick={() => setOpened((open) => !open)}
        >
          {t.mark}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="chat-edit-history">
        <Text size="xs" fw={600} mb={6}>
          {t.historyTitle}
        </Text>
        {history.isPending ? (
          <Loader size="xs" role="status" aria-label={ko.common.loading} />
        ) : history.isError ? (
          <Text size="xs" c="red" role="alert">
            {t.historyFailed}
          </Text>
        ) : history.data.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t.historyEmpty}
          </Text>
        ) : (
          <Stack gap={6} mah={240} style={{ overflowY: 'auto' }}>
            {history.data.map((entry) => (
              <div key={entry.replacedAt} data-testid="chat-edit-entry">
                <Text size="xs" c="dimmed">
                  {t.replaced(formatMessageDateTime(entry.replacedAt))}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.content}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
