import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { checkPasswordConfirmation, checkResetPassword } from '../lib/password-policy';
import { PasswordRules, passwordRulesDescription } from './password-rules';

interface ResetPasswordStepProps {
  pending: boolean;
  done: boolean;
  error: string | null;
  onSubmit: (newPassword: string) => void;
  onBack: () => void;
}

/**
 * Reset step 3: the new password (8+, upper, lower, digit, special) and its confirmation. The
 * rules show up front and tick as they are met: reset asks more than sign-up did.
 */
export function ResetPasswordStep(props: ResetPasswordStepProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: checkResetPassword(password) ?? undefined,
      confirm: checkPasswordConfirmation(password, confirm) ?? undefined,
    };
    setErrors(next);
    if (!next.password && !next.confirm) props.onSubmit(password);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={ko.reset.password}
          description={
            <PasswordRules kind="reset" password={password} title={ko.reset.rulesTitle} />
          }
          {...passwordRulesDescription}
          autoComplete="new-password"
          required
          data-testid="reset-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
        />
        <PasswordInput
          label={ko.reset.passwordConfirm}
          autoComplete="new-password"
          required
          data-testid="reset-password-confirm"
          value={confirm}
          error={errors.confirm}
          onChange={(event) => {
            setConfirm(event.currentTarget.value);
            setErrors((current) => ({ ...current, confirm: undefined }));
          }}
        />
        <ErrorAlert message={props.error} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={props.pending}
          disabled={props.done}
          data-testid="reset-submit"
        >
          {ko.reset.submit}
        </Button>
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
      </Stack>
    </form>
  );
}
