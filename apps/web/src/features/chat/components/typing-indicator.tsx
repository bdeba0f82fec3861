import { Text } from '@mantine/core';
import { typingText } from '../lib/typing';

/**
 * "지민님이 입력 중…" above the composer. The live region is always there (empty when nobody
 * types), so screen readers announce each change politely.
 */
export function TypingIndicator({ names }: { names: readonly string[] }) {
  const text = typingText(names);
  return (
    <Text
      aria-live="polite"
      size="xs"
      c="dimmed"
      px="sm"
      mih={18}
      lh="18px"
      truncate="end"
      data-testid="chat-typing"
    >
      {text ?? ''}
    </Text>
  );
}
