import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { checkEmail } from '../lib/password-policy';

interface ResetEmailStepProps {
  initialEmail: string;
  pending: boolean;
  error: string | null;
  resendIn: number;
  onRequest: (email: string) => void;
}

/** Reset step 1: the account's e-mail, which receives the reset code. */
export function ResetEmailStep(props: ResetEmailStepProps) {
  const [email, setEmail] = useState(props.initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkEmail(email);
    setFieldError(problem);
    if (!problem) props.onRequest(email.trim());
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={ko.reset.email}
          placeholder={ko.reset.emailPlaceholder}
          type="email"
          autoComplete="email"
          required
          data-testid="reset-email"
          value={email}
          error={fieldError}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setFieldError(null);
          }}
        />
        <ErrorAlert message={props.error} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={props.pending}
          disabled={props.resendIn > 0}
          data-testid="reset-request"
        >
          {props.resendIn > 0 ? ko.reset.resendIn(props.resendIn) : ko.reset.request}
        </Button>
      </Stack>
    </form>
  );
}
