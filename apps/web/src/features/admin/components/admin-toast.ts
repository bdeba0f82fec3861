import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/error-message';

/** A change went through: a green toast. */
export function toastDone(message: string) {
  notifications.show({ color: 'teal', message });
}

/** A change was refused: the server's Korean detail (or `fallback`) in a red toast. */
export function toastFailed(fallback: string) {
  return (error: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(error, { fallback }) });
}
