import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { ko } from '../../../../i18n/ko';

/** The stack ids of the settings modal and its confirm dialog (see WorkspaceSettingsModal). */
export const SETTINGS_STACK_ID = 'workspace-settings';
const CONFIRM_STACK_ID = 'workspace-settings-confirm';

export interface ConfirmActionOptions {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * A red confirm dialog stacked above the settings modal (its confirm button is
 * `confirm-action`). Escape closes only the top dialog, because both live in one Modal.Stack.
 * Render `confirmElement` once per tab and call `confirm(options)` to ask.
 */
export function useConfirmAction() {
  const [options, setOptions] = useState<ConfirmActionOptions | null>(null);
  const [opened, setOpened] = useState(false);

  const confirm = (next: ConfirmActionOptions) => {
    setOptions(next);
    setOpened(true);
  };
  const close = () => setOpened(false);

  const confirmElement = (
    <Modal
      stackId={CONFIRM_STACK_ID}
      opened={opened}
      onClose={close}
      title={options?.title}
      centered
      size="sm"
    >
      <Text size="sm">{options?.message}</Text>
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
