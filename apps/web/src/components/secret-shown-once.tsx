import type { ReactNode } from 'react';
import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';

/**
 * A secret the server made and keeps only a hash of (a calendar feed's address, a personal access
 * token): shown this once, selected on focus, with a copy button and any further `actions`.
 */
export function SecretShownOnce({
  notice,
  label,
  value,
  copyLabel,
  copiedLabel,
  monospace = false,
  actions,
  testIds,
}: {
  notice: string;
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  monospace?: boolean;
  actions?: ReactNode;
  testIds: { box: string; value: string };
}) {
  return (
    <Stack gap="xs" data-testid={testIds.box}>
      <Alert color="blue" variant="light">
        {notice}
      </Alert>
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={monospace ? { input: { fontFamily: 'monospace' } } : undefined}
        data-testid={testIds.value}
      />
      <Group gap="xs">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? copiedLabel : copyLabel}
            </Button>
          )}
        </CopyButton>
        {actions}
      </Group>
    </Stack>
  );
}
