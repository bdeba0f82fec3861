import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import { ko } from '../../../i18n/ko';
import { checkNewPassword } from '../lib/new-password';
import { checkPasswordConfirmation, type PasswordPolicyKind } from '../lib/password-policy';
import { PasswordRules, passwordRulesDescription } from './password-rules';
import { StepSubmit } from './step-submit';

/** What differs between the sign-up and the reset password step. */
const purposes = {
  /** Sign-up: 8+ with upper, lower and a digit, judged 500 ms after typing stops. */
  signup: {
    check: checkNewPassword,
    judgeWhileTyping: true,
    rulesTitle: undefined,
    text: {
      password: ko.signup.password,
      confirm: ko.signup.passwordConfirm,
      submit: ko.signup.submit,
    },
  },
  /** Reset: the same policy (issue 41), judged only on submit. */
  reset: {
    check: checkNewPassword,
    judgeWhileTyping: false,
    rulesTitle: ko.reset.rulesTitle,
    text: {
      password: ko.reset.password,
      confirm: ko.reset.passwordConfirm,
      submit: ko.reset.submit,
    },
  },
} satisfies Record<PasswordPolicyKind, unknown>;

interface NewPasswordStepProps {
  /** The policy, texts and test ids (`signup-password`, `reset-submit`, …). */
  purpose: PasswordPolicyKind;
  pending: boolean;
  error: string | null;
  onSubmit: (password: string, confirmPassword: string) => void;
  /** Done: the submit stays disabled (reset shows its success above). */
  done?: boolean;
  /** Given: a back button under the submit, disabled while pending or done. */
  onBack?: () => void;
}

interface FieldErrors {
  password: string | null;
  confirm: string | null;
}

/**
 * The last step of sign-up and of password reset: a new password, with its rules shown up front
 * and ticked as they are met, and its confirmation.
 */
export function NewPasswordStep(props: NewPasswordStepProps) {
  const purpose = purposes[props.purpose];
  const testId = props.purpose;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>({ password: null, confirm: null });
  const [debouncedPassword] = useDebouncedValue(password, Limits.passwordCheckDelayMs);
  const [debouncedConfirm] = useDebouncedValue(confirm, Limits.passwordCheckDelayMs);

  const judge = (passwordValue: string, confirmValue: string): FieldErrors => ({
    password: purpose.check(passwordValue),
    confirm: checkPasswordConfirmation(password, confirmValue),
  });

  // While typing: a field is judged once typing pauses before the first submit, at once after it.
  // On submit: the errors of the last submit, each hidden once its field changes.
  const shownPassword = submitted ? password : debouncedPassword;
  const shownConfirm = submitted ? confirm : debouncedConfirm;
  const typingErrors = judge(shownPassword, shownConfirm);
  const errors: FieldErrors = purpose.judgeWhileTyping
    ? {
        password: submitted || shownPassword ? typingErrors.password : null,
        confirm: submitted || shownConfirm ? typingErrors.confirm : null,
      }
    : submitErrors;

  /** A keystroke in a field: its new value, and its error of the last submit gone. */
  const edit =
    (field: keyof FieldErrors, setValue: (value: string) => void) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.currentTarget.value);
      setSubmitErrors((current) => ({ ...current, [field]: null }));
    };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = judge(password, confirm);
    setSubmitted(true);
    setSubmitErrors(next);
    if (!next.password && !next.confirm) props.onSubmit(password, confirm);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={purpose.text.password}
          description={<PasswordRules password={password} title={purpose.rulesTitle} />}
          {...passwordRulesDescription}
          autoComplete="new-password"
          required
          data-testid={`${testId}-password`}
          value={password}
          error={errors.password}
          onChange={edit('password', setPassword)}
        />
        <PasswordInput
          label={purpose.text.confirm}
          autoComplete="new-password"
          required
          data-testid={`${testId}-password-confirm`}
          value={confirm}
          error={errors.confirm}
          onChange={edit('confirm', setConfirm)}
        />
        <StepSubmit
          error={props.error}
          pending={props.pending}
          disabled={props.done}
          testId={`${testId}-submit`}
        >
          {purpose.text.submit}
        </StepSubmit>
        {props.onBack && (
          <Group>
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconArrowLeft size={16} />}
              onClick={props.onBack}
              disabled={props.pending || props.done}
            >
              {ko.common.back}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
