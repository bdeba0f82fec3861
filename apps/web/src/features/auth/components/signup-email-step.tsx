import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { checkSignupEmail } from '../lib/password-policy';

interface SignupEmailStepProps {
  initialEmail: string;
  pending: boolean;
  error: string | null;
  /** Seconds until another code may be requested (0: now). */
  resendIn: number;
  onRequestCode: (email: string) => void;
}

/** Sign-up step 1: the e-mail that receives the verification code. */
export function SignupEmailStep(props: SignupEmailStepProps) {
  const [email, setEmail] = useState(props.initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkSignupEmail(email);
    setFieldError(problem);
    if (!problem) props.onRequestCode(email.trim());
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={ko.signup.email}
          placeholder={ko.signup.emailPlaceholder}
          type="email"
          autoComplete="email"
          required
          data-testid="signup-email"
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
          data-testid="signup-request-code"
        >
          {props.resendIn > 0 ? ko.signup.resendIn(props.resendIn) : ko.signup.requestCode}
        </Button>
      </Stack>
    </form>
  );
}
