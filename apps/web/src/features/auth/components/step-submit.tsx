import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';

interface StepSubmitProps {
  /** The server's answer to the last try, shown above the button. */
  error: string | null;
  pending: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}

/** The foot of an e-mail, code or password step: the last error and the full-width submit. */
export function StepSubmit(props: StepSubmitProps) {
  return (
    <>
      <ErrorAlert message={props.error} />
      <Button
        type="submit"
        size="md"
        fullWidth
        loading={props.pending}
        disabled={props.disabled}
        data-testid={props.testId}
      >
        {props.children}
      </Button>
    </>
  );
}
