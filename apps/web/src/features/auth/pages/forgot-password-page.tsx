import { useEffect, useState } from 'react';
import { Alert, Anchor, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import { Link, useNavigate } from 'react-router';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { useResetPassword } from '../api/reset-password';
import { useSendPasswordResetEmail } from '../api/send-password-reset-email';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { ResetCodeStep } from '../components/reset-code-step';
import { ResetEmailStep } from '../components/reset-email-step';
import { ResetPasswordStep } from '../components/reset-password-step';
import { useCountdown } from '../hooks/use-countdown';
import type { LoginLocationState } from '../lib/login-state';

/** Delay before going to /login after a successful reset (spec 01 section 9). */
const REDIRECT_DELAY_MS = 2000;

type Step = 0 | 1 | 2;

/** /forgot-password: e-mail, six-digit code, new password; then /login after 2 s. */
export function ForgotPasswordPage() {
  useDocumentTitle([ko.reset.title, ko.brand]);
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [resetCode, setResetCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const countdown = useCountdown();
  const sendEmail = useSendPasswordResetEmail();
  const verifyCode = useVerifyResetCode();
  const reset = useResetPassword();

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => {
      const state: LoginLocationState = { email, message: ko.reset.loginMessage };
      void navigate(routes.login.href(), { state, replace: true });
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, email, navigate]);

  const handleRequest = (address: string) => {
    setEmail(address);
    sendEmail.mutate(address, {
      onSuccess: (sent) => {
        countdown.start(sent.resendAfterSeconds || Limits.codeResendSeconds);
        setCodeError(null);
        setStep(1);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.CODE_RESEND_TOO_SOON) {
          countdown.start(error.retryAfterSeconds ?? Limits.codeResendSeconds);
          setStep(1);
        }
      },
    });
  };

  const handleVerify = (code: string) => {
    setCodeError(null);
    verifyCode.mutate(
      { email, resetCode: code },
      {
        onSuccess: (result) => {
          if (result.valid) {
            setResetCode(code);
            setStep(2);
          } else {
            setCodeError(result.message || ko.reset.verifyFailed);
          }
        },
        onError: (error) => setCodeError(errorMessage(error, { fallback: ko.reset.verifyFailed })),
      },
    );
  };

  const handleBackToEmail = () => {
    sendEmail.reset();
    countdown.start(0);
    setStep(0);
  };

  const handleBackToCode = () => {
    reset.reset();
    setCodeError(null);
    setStep(1);
  };

  const sendError = sendEmail.isError
    ? errorMessage(sendEmail.error, { fallback: ko.reset.requestFailed })
    : null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {ko.reset.title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {ko.reset.subtitle}
        </Text>
      </div>
      <Stepper
        active={step}
        size="sm"
        iconSize={32}
        labelPosition="bottom"
        allowNextStepsSelect={false}
      >
        <Stepper.Step label={ko.reset.stepEmail}>
          <ResetEmailStep
            initialEmail={email}
            pending={sendEmail.isPending}
            error={sendError}
            resendIn={countdown.remaining}
            onRequest={handleRequest}
          />
        </Stepper.Step>
        <Stepper.Step label={ko.reset.stepCode}>
          <ResetCodeStep
            email={email}
            verifying={verifyCode.isPending}
            resending={sendEmail.isPending}
            error={codeError ?? sendError}
            resendIn={countdown.remaining}
            onVerify={handleVerify}
            onResend={() => handleRequest(email)}
            onBack={handleBackToEmail}
          />
        </Stepper.Step>
        <Stepper.Step label={ko.reset.stepPassword}>
          <Stack gap="md">
            {reset.isSuccess && (
              <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
                {ko.reset.success}
              </Alert>
            )}
            <ResetPasswordStep
              pending={reset.isPending}
              done={reset.isSuccess}
              error={
                reset.isError ? errorMessage(reset.error, { fallback: ko.reset.failed }) : null
              }
              onSubmit={(newPassword) => reset.mutate({ email, resetCode, newPassword })}
              onBack={handleBackToCode}
            />
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Text ta="center" size="sm">
        <Anchor component={Link} to={routes.login.href()} fw={600}>
          {ko.reset.toLogin}
        </Anchor>
      </Text>
    </Stack>
  );
}
