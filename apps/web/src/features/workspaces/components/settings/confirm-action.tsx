import { useConfirmAction as useSharedConfirmAction } from '../../../../components/confirm-action';

export type { ConfirmActionOptions } from '../../../../components/confirm-action';

/** The stack ids of the settings modal and its confirm dialog (see WorkspaceSettingsModal). */
export const SETTINGS_STACK_ID = 'workspace-settings';
const CONFIRM_STACK_ID = 'workspace-settings-confirm';

/**
 * The shared confirm dialog, stacked above the settings modal: Escape closes only the top
 * dialog, because both live in one Modal.Stack. Render `confirmElement` once per tab.
 */
export function useConfirmAction() {
  return useSharedConfirmAction({ stackId: CONFIRM_STACK_ID });
}
