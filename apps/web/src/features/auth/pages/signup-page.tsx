import { useState } from 'react';
import { Anchor, Stack, Stepper, Text, Title } from '@mantine/core';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { InviteBanner } from '../../workspaces/components/invite-banner';
import { useAuthPageInvite } from '../../workspaces/hooks/use-auth-page-invite';
import { validInviteCode } from '../../workspaces/lib/pending-invite';
import { useRegister } from '../api/register';
import { useRequestEmailCode } from '../api/request-email-code';
import { useVerifyEmailCode } from '../api/verify-email-code';
import { SignupCodeStep } from '../components/signup-code-step';
import { SignupEmailStep } from '../components/signup-email-step';
import { SignupPasswordStep } from '../components/signup-password-step';
import { useCountdown } from '../hooks/use-countdown';
import type { LoginLocationState } from '../lib/login-state';
import { nameFromEmail } from '../lib/password-policy';

type Step = 0 | 1 | 2;

/**
 * /signup: e-mail, mailed code, password; then /login with the e-mail prefilled. Query
 * inviteCode shows the invitation and is carried on to the login page, whose login joins.
 */
export function SignupPage() {
  useDocumentTitle([ko.signup.title, ko.brand]);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const invite = useAuthPageInvite(validInviteCode(searchParams.get('inviteCode')));
  const inviteCode = invite.code;
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const countdown = useCountdown();
  const requestCode = useRequestEmailCode();
  const verifyCode = useVerifyEmailCode();
  const register = useRegister();

  const handleRequestCode = (address: string) => {
    setEmail(address);
    requestCode.mutate(address, {
      onSuccess: (sent) => {
        countdown.start(sent.resendAfterSeconds || Limits.codeResendSeconds);
        setCodeError(null);
        setStep(1);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.CODE_RESEND_TOO_SOON) {
          // A code was mailed moments ago and is still good: go on to entering it.
          countdown.start(error.retryAfterSeconds ?? Limits.codeResendSeconds);
          setStep(1);
        }
      },
    });
  };

  const handleVerify = (verificationCode: string) => {
    setCodeError(null);
    verifyCode.mutate(
      { email, verificationCode },
      {
        onSuccess: (ok) => {
          if (ok) setStep(2);
          else setCodeError(ko.signup.codeMismatch);
        },
        onError: (error) => setCodeError(errorMessage(error, { fallback: ko.signup.failed })),
      },
    );
  };

  const handleBackToEmail = () => {
    requestCode.reset();
    verifyCode.reset();
    countdown.start(0);
    setStep(0);
  };

  const handleRegister = (password: string, confirmPassword: string) => {
    register.mutate(
      { email, password, confirmPassword, name: nameFromEmail(email) },
      {
        onSuccess: () => {
          const state: LoginLocationState = { email, message: ko.signup.completed };
          void navigate(routes.login.href({ inviteCode }), { state });
        },
      },
    );
  };

  const requestError = requestCode.isError
    ? errorMessage(requestCode.error, { fallback: ko.signup.failed })
    : null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {ko.signup.title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {ko.signup.subtitle}
        </Text>
      </div>
      {invite.candidate && (
        <InviteBanner
          code={invite.candidate}
          preview={invite.preview}
          invalid={invite.invalid}
          mode="signup"
        />
      )}
      <Stepper
        active={step}
        size="sm"
        iconSize={32}
        labelPosition="bottom"
        allowNextStepsSelect={false}
      >
        <Stepper.Step label={ko.signup.stepEmail}>
          <SignupEmailStep
            initialEmail={email}
            pending={requestCode.isPending}
            error={requestError}
            resendIn={countdown.remaining}
            onRequestCode={handleRequestCode}
          />
        </Stepper.Step>
        <Stepper.Step label={ko.signup.stepCode}>
          <SignupCodeStep
            email={email}
            verifying={verifyCode.isPending}
            resending={requestCode.isPending}
            error={codeError ?? requestError}
            resendIn={countdown.remaining}
            onVerify={handleVerify}
            onResend={() => handleRequestCode(email)}
            onBack={handleBackToEmail}
          />
        </Stepper.Step>
        <Stepper.Step label={ko.signup.stepPassword}>
          <SignupPasswordStep
            pending={register.isPending}
            error={
              register.isError ? errorMessage(register.error, { fallback: ko.signup.failed }) : null
            }
            onSubmit={handleRegister}
          />
        </Stepper.Step>
      </Stepper>
      <Text ta="center" size="sm">
        {ko.signup.haveAccount}{' '}
        <Anchor component={Link} to={routes.login.href({ inviteCode })} fw={600}>
          {ko.signup.toLogin}
        </Anchor>
      </Text>
    </Stack>
  );
}
