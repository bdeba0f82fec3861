import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A Korean error message in a red alert; renders nothing without a message. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
