import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { checkResetCode, digitsOnly } from '../lib/password-policy';

interface ResetCodeStepProps {
  email: string;
  verifying: boolean;
  resending: boolean;
  error: string | null;
  resendIn: number;
  onVerify: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** Reset step 2: the six-digit code (digits only), with a resend timer and a back button. */
export function ResetCodeStep(props: ResetCodeStepProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkResetCode(code);
    setFieldError(problem);
    if (!problem) props.onVerify(code);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {ko.reset.codeSent(props.email)}
        </Text>
        <TextInput
          label={ko.reset.code}
          placeholder={ko.reset.codePlaceholder}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={Limits.codeLength}
          required
          data-testid="reset-code"
          value={code}
          error={fieldError}
          onChange={(event) => {
            setCode(digitsOnly(event.currentTarget.value));
            setFieldError(null);
          }}
        />
        <ErrorAlert message={props.error} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={props.verifying}
          data-testid="reset-verify"
        >
          {ko.reset.verify}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconArrowLeft size={16} />}
            onClick={props.onBack}
          >
            {ko.common.back}
          </Button>
          <Button
            variant="subtle"
            onClick={props.onResend}
            loading={props.resending}
            disabled={props.resendIn > 0}
          >
            {props.resendIn > 0 ? ko.reset.resendIn(props.resendIn) : ko.reset.resend}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
