import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { checkSignupCode } from '../lib/password-policy';

interface SignupCodeStepProps {
  email: string;
  verifying: boolean;
  resending: boolean;
  error: string | null;
  resendIn: number;
  onVerify: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** Sign-up step 2: the 6-character code from the mail, with a resend timer. */
export function SignupCodeStep(props: SignupCodeStepProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkSignupCode(code);
    setFieldError(problem);
    if (!problem) props.onVerify(code.trim());
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {ko.signup.codeSent(props.email)}
        </Text>
        <TextInput
          label={ko.signup.code}
          placeholder={ko.signup.codePlaceholder}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={Limits.codeLength}
          required
          data-autofocus
          data-testid="signup-code"
          value={code}
          error={fieldError}
          onChange={(event) => {
            setCode(event.currentTarget.value.trim());
            setFieldError(null);
          }}
        />
        <ErrorAlert message={props.error} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={props.verifying}
          data-testid="signup-verify"
        >
          {ko.signup.verify}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" color="gray" onClick={props.onBack}>
            {ko.signup.changeEmail}
          </Button>
          <Button
            variant="subtle"
            onClick={props.onResend}
            loading={props.resending}
            disabled={props.resendIn > 0}
          >
            {props.resendIn > 0 ? ko.signup.resendIn(props.resendIn) : ko.signup.resend}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
