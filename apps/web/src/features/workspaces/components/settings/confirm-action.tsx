import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ko } from '../../../../i18n/ko';

interface ConfirmActionOptions {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A red confirm dialog above the settings modal; its confirm button is `confirm-action`. */
export function confirmAction({ title, message, confirmLabel, onConfirm }: ConfirmActionOptions) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: ko.common.cancel },
    confirmProps: { color: 'red', 'data-testid': 'confirm-action' } as Record<string, string>,
    zIndex: 400,
    onConfirm,
  });
}
