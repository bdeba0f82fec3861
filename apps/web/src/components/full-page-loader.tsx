import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with a text, while something the whole screen needs is loading. */
export function FullPageLoader({ text, height = '100dvh' }: { text: string; height?: string }) {
  return (
    <Center h={height} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}
