import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { ko } from '../i18n/ko';

export interface ConfirmActionOptions {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

export interface UseConfirmActionOptions {
  /** Set when the dialog opens above another modal of the same Modal.Stack. */
  stackId?: string;
}

/**
 * A red confirm dialog whose confirm button is `confirm-action`; Escape and cancel close it.
 * Render `confirmElement` once and call `confirm(options)` to ask.
 */
export function useConfirmAction({ stackId }: UseConfirmActionOptions = {}) {
  const [options, setOptions] = useState<ConfirmActionOptions | null>(null);
  const [opened, setOpened] = useState(false);

  const confirm = (next: ConfirmActionOptions) => {
    setOptions(next);
    setOpened(true);
  };
  const close = () => setOpened(false);

  const confirmElement = (
    <Modal
      stackId={stackId}
      opened={opened}
      onClose={close}
      title={options?.title}
      centered
      size="sm"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {options?.message}
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={close}>
          {ko.common.cancel}
        </Button>
        <Button
          color="red"
          data-autofocus
          data-testid="confirm-action"
          onClick={() => {
            close();
            options?.onConfirm();
          }}
        >
          {options?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );

  return { confirm, confirmElement };
}
