import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { checkPasswordConfirmation, checkSignupPassword } from '../lib/password-policy';
import { PasswordRules, passwordRulesDescription } from './password-rules';

interface SignupPasswordStepProps {
  pending: boolean;
  error: string | null;
  onSubmit: (password: string, confirmPassword: string) => void;
}

/** Sign-up step 3: password and confirmation, checked 500 ms after typing stops. */
export function SignupPasswordStep(props: SignupPasswordStepProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [debouncedPassword] = useDebouncedValue(password, Limits.passwordCheckDelayMs);
  const [debouncedConfirm] = useDebouncedValue(confirm, Limits.passwordCheckDelayMs);

  // Before the first submit a field is judged only once typing pauses; after it, at once.
  const shownPassword = submitted ? password : debouncedPassword;
  const shownConfirm = submitted ? confirm : debouncedConfirm;
  const passwordError = submitted || shownPassword ? checkSignupPassword(shownPassword) : null;
  const confirmError =
    submitted || shownConfirm ? checkPasswordConfirmation(password, shownConfirm) : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (checkSignupPassword(password) || checkPasswordConfirmation(password, confirm)) return;
    props.onSubmit(password, confirm);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={ko.signup.password}
          description={<PasswordRules kind="signup" password={password} />}
          {...passwordRulesDescription}
          autoComplete="new-password"
          required
          data-testid="signup-password"
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label={ko.signup.passwordConfirm}
          autoComplete="new-password"
          required
          data-testid="signup-password-confirm"
          value={confirm}
          error={confirmError}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        <ErrorAlert message={props.error} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={props.pending}
          data-testid="signup-submit"
        >
          {ko.signup.submit}
        </Button>
      </Stack>
    </form>
  );
}
