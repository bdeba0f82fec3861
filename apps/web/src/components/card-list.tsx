import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';

/*
 * The phone form of a table (the class overview, the admin's people and audit log): a list of
 * bordered cards, each with label-value lines. One shape, so every such list reads alike.
 */

export function CardList({ children }: { children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/** One card; `data-*` attributes name it for tests and scripts. */
export function CardItem({
  children,
  ...data
}: { children: ReactNode } & { [attribute: `data-${string}`]: string | number | undefined }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" {...data}>
      {children}
    </Paper>
  );
}

/** A label on the left, its value on the right (wrapping under long values). */
export function CardLine({
  label,
  children,
  align,
}: {
  label: string;
  children: ReactNode;
  align?: 'flex-start';
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align={align}>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0, textAlign: 'right' }}>{children}</div>
    </Group>
  );
}
