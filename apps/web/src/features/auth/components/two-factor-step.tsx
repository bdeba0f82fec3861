import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import type { LoginResponse } from '@teamup/contracts/auth';
import { TwoFactorMessages } from '@teamup/contracts/auth';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { buildClientInfo } from '../../../lib/client-info';
import { errorMessage } from '../../../lib/error-message';
import { useLoginTwoFactor } from '../api/login-two-factor';

const t = ko.twoFactor;

interface TwoFactorStepProps {
  challengeToken: string;
  onSignedIn: (response: LoginResponse) => void;
  onCancel: () => void;
}

/**
 * The second login step after the password or the provider: a 6-digit code from the
 * authenticator app, or one recovery code.
 */
export function TwoFactorStep({ challengeToken, onSignedIn, onCancel }: TwoFactorStepProps) {
  const verify = useLoginTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (!useRecovery && !/^\d{6}$/.test(entered)) {
      setInvalid(TwoFactorMessages.codeRequired);
      return;
    }
    if (useRecovery && !entered) {
      setInvalid(TwoFactorMessages.recoveryInvalid);
      return;
    }
    setInvalid(null);
    verify.mutate(
      {
        challengeToken,
        ...(useRecovery ? { recoveryCode: entered } : { code: entered }),
        clientInfo: buildClientInfo(),
      },
      { onSuccess: onSignedIn },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="two-factor-step">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t.stepTitle}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t.stepHint}
          </Text>
        </div>
        <TextInput
          key={useRecovery ? 'recovery' : 'code'}
          label={useRecovery ? t.recoveryCode : t.code}
          placeholder={useRecovery ? t.recoveryPlaceholder : t.codePlaceholder}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={invalid}
          autoFocus
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          maxLength={useRecovery ? 40 : 6}
          data-testid="two-factor-code"
        />
        <ErrorAlert
          message={verify.isError ? errorMessage(verify.error, { fallback: t.failed }) : null}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={verify.isPending}
          data-testid="two-factor-submit"
        >
          {t.submit}
        </Button>
        <Stack gap={4} align="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery((current) => !current);
              setValue('');
              setInvalid(null);
              verify.reset();
            }}
          >
            {useRecovery ? t.useApp : t.useRecovery}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            {t.cancel}
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
