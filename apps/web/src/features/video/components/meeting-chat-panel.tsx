import { useEffect, useRef, useState } from 'react';
import { Box, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Limits } from '@teamup/contracts/limits';
import type { MeetingChatLine } from '@teamup/contracts/video';
import { videoKo } from '../../../i18n/ko/video';

const t = videoKo;

/** The in-meeting chat: 300 px high, follows the latest line, sends on Enter. */
export function MeetingChatPanel({
  lines,
  connected,
  onSend,
}: {
  lines: MeetingChatLine[];
  connected: boolean;
  onSend: (message: string) => boolean;
}) {
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines.length]);
  const send = () => {
    const message = text.trim();
    if (!message) return;
    if (onSend(message)) setText('');
  };
  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      aria-label={t.chatTitle}
      h={Limits.meetingChatPanelPx}
      style={{ display: 'flex', flexDirection: 'column' }}
      data-testid="meeting-chat"
    >
      <Text size="sm" fw={700} px="xs" pt="xs">
        {t.chatTitle}
      </Text>
      <Box ref={viewport} style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }} px="xs">
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed" py="xs">
            {t.chatEmpty}
          </Text>
        ) : (
          <Stack
            component="ol"
            gap={4}
            m={0}
            p={0}
            py={4}
            style={{ listStyle: 'none' }}
            aria-live="polite"
          >
            {lines.map((line) => (
              <li key={line.id} data-testid="meeting-chat-line">
                <Text size="sm" component="span" fw={600} title={line.senderEmail}>
                  {line.senderName}
                </Text>{' '}
                <Text size="sm" component="span" style={{ wordBreak: 'break-word' }}>
                  {line.message}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Box>
      <Box p="xs">
        <TextInput
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter that ends a Korean IME composition must not send a half-made syllable.
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          maxLength={Limits.meetingChatMax}
          placeholder={connected ? t.chatPlaceholder : t.chatOffline}
          aria-label={t.chatPlaceholder}
          disabled={!connected}
          data-testid="meeting-chat-input"
        />
      </Box>
    </Paper>
  );
}
