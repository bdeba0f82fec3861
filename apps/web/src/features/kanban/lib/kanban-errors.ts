import { ErrorCode } from '@teamup/contracts/error-codes';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { errorMessage } from '../../../lib/error-message';

/**
 * The Korean text of a failed kanban action. The server's details are Korean and name the rule
 * (leader only, already requested, …); a card someone else deleted gets a hint, and a server
 * failure shows the action's own text.
 */
export function kanbanErrorMessage(error: unknown, fallback: string): string {
  return errorMessage(error, {
    fallback,
    byCode: {
      [ErrorCode.KANBAN_TASK_NOT_FOUND]: kanbanKo.detail.gone,
      [ErrorCode.INTERNAL]: fallback,
    },
  });
}
