import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import { ko } from '../../../i18n/ko';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { useRequestEmailCode } from '../api/request-email-code';
import { useSendPasswordResetEmail } from '../api/send-password-reset-email';
import { useVerifyEmailCode } from '../api/verify-email-code';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { useCountdown } from '../hooks/use-countdown';
import {
  checkEmail,
  checkResetCode,
  checkSignupCode,
  checkSignupEmail,
  digitsOnly,
} from '../lib/password-policy';
import { StepSubmit } from './step-submit';

/** The mutation that mails a code. */
interface CodeRequest {
  mutate: ReturnType<typeof useRequestEmailCode>['mutate'];
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  reset: () => void;
}

/** The mutation that checks a code: `check` answers null when it is right, else the message. */
interface CodeCheck {
  check: (email: string, code: string) => Promise<string | null>;
  isPending: boolean;
  reset: () => void;
}

/** What differs between the flows that prove an e-mail with a mailed code. */
interface EmailCodePurpose {
  useRequestCode: () => CodeRequest;
  useCheckCode: () => CodeCheck;
  /** Client-side checks (Korean message or null) and what the code input keeps of a keystroke. */
  checkEmail: (email: string) => string | null;
  checkCode: (code: string) => string | null;
  cleanCode: (value: string) => string;
  text: {
    stepEmail: string;
    stepCode: string;
    email: string;
    emailPlaceholder: string;
    request: string;
    requestFailed: string;
    codeSent: (email: string) => string;
    code: string;
    codePlaceholder: string;
    verify: string;
    verifyFailed: string;
    resend: string;
    resendIn: (seconds: number) => string;
    back: string;
  };
  backIcon?: ReactNode;
  testIds: { email: string; request: string; code: string; verify: string };
}

/**
 * A purpose's code check from its verify mutation: how the e-mail and code make its input, and
 * what its answer says (null: the code is right; else the message to show).
 */
function codeCheck<TInput, TResult>(
  useVerify: () => UseMutationResult<TResult, Error, TInput>,
  input: (email: string, code: string) => TInput,
  problem: (result: TResult) => string | null,
): () => CodeCheck {
  return function useCodeCheck() {
    const verify = useVerify();
    return {
      isPending: verify.isPending,
      reset: verify.reset,
      check: async (email, code) => problem(await verify.mutateAsync(input(email, code))),
    };
  };
}

const purposes = {
  /** Sign-up (spec 01 section 5): any e-mail with an @, a 6-character code. */
  signup: {
    useRequestCode: useRequestEmailCode,
    useCheckCode: codeCheck(
      useVerifyEmailCode,
      (email, verificationCode) => ({ email, verificationCode }),
      (right) => (right ? null : ko.signup.codeMismatch),
    ),
    checkEmail: checkSignupEmail,
    checkCode: checkSignupCode,
    cleanCode: (value) => value.trim(),
    text: {
      stepEmail: ko.signup.stepEmail,
      stepCode: ko.signup.stepCode,
      email: ko.signup.email,
      emailPlaceholder: ko.signup.emailPlaceholder,
      request: ko.signup.requestCode,
      requestFailed: ko.signup.failed,
      codeSent: ko.signup.codeSent,
      code: ko.signup.code,
      codePlaceholder: ko.signup.codePlaceholder,
      verify: ko.signup.verify,
      verifyFailed: ko.signup.failed,
      resend: ko.signup.resend,
      resendIn: ko.signup.resendIn,
      back: ko.signup.changeEmail,
    },
    testIds: {
      email: 'signup-email',
      request: 'signup-request-code',
      code: 'signup-code',
      verify: 'signup-verify',
    },
  },
  /** Password reset (spec 01 section 9): a name@host.tld e-mail, a six-digit code. */
  reset: {
    useRequestCode: useSendPasswordResetEmail,
    useCheckCode: codeCheck(
      useVerifyResetCode,
      (email, resetCode) => ({ email, resetCode }),
      (result) => (result.valid ? null : result.message || ko.reset.verifyFailed),
    ),
    checkEmail,
    checkCode: checkResetCode,
    cleanCode: digitsOnly,
    text: {
      stepEmail: ko.reset.stepEmail,
      stepCode: ko.reset.stepCode,
      email: ko.reset.email,
      emailPlaceholder: ko.reset.emailPlaceholder,
      request: ko.reset.request,
      requestFailed: ko.reset.requestFailed,
      codeSent: ko.reset.codeSent,
      code: ko.reset.code,
      codePlaceholder: ko.reset.codePlaceholder,
      verify: ko.reset.verify,
      verifyFailed: ko.reset.verifyFailed,
      resend: ko.reset.resend,
      resendIn: ko.reset.resendIn,
      back: ko.common.back,
    },
    backIcon: <IconArrowLeft size={16} />,
    testIds: {
      email: 'reset-email',
      request: 'reset-request',
      code: 'reset-code',
      verify: 'reset-verify',
    },
  },
} satisfies Record<string, EmailCodePurpose>;

export type EmailCodePurposeName = keyof typeof purposes;

/** What the last step is handed once the code is right. */
export interface VerifiedEmail {
  email: string;
  code: string;
  /** Back to the code step (a fresh code input, the timer as it was). */
  backToCode: () => void;
}

interface EmailCodeFlowProps {
  purpose: EmailCodePurposeName;
  /** The step after the code: its label and its content. */
  lastStepLabel: string;
  renderLastStep: (verified: VerifiedEmail) => ReactNode;
}

/**
 * The steps that prove an e-mail, then whatever the purpose wants with it: (1) the e-mail that
 * receives a code, (2) the mailed code with a resend timer (spec 01 section 9: 60 s), (3) the
 * caller's last step. Sign-up and password reset differ only in their purpose.
 */
export function EmailCodeFlow({
  purpose: name,
  lastStepLabel,
  renderLastStep,
}: EmailCodeFlowProps) {
  const purpose: EmailCodePurpose = purposes[name];
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [email, setEmail] = useState('');
  const [verifiedCode, setVerifiedCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const countdown = useCountdown();
  const requestCode = purpose.useRequestCode();
  const checkCode = purpose.useCheckCode();

  const handleRequest = (address: string) => {
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

  const handleVerify = (code: string) => {
    setCodeError(null);
    checkCode.check(email, code).then(
      (problem) => {
        if (problem) {
          setCodeError(problem);
        } else {
          setVerifiedCode(code);
          setStep(2);
        }
      },
      (error: unknown) =>
        setCodeError(errorMessage(error, { fallback: purpose.text.verifyFailed })),
    );
  };

  const handleBackToEmail = () => {
    requestCode.reset();
    checkCode.reset();
    countdown.start(0);
    setStep(0);
  };

  const handleBackToCode = () => {
    setCodeError(null);
    setStep(1);
  };

  const requestError = requestCode.isError
    ? errorMessage(requestCode.error, { fallback: purpose.text.requestFailed })
    : null;

  return (
    <Stepper
      active={step}
      size="sm"
      iconSize={32}
      labelPosition="bottom"
      allowNextStepsSelect={false}
    >
      <Stepper.Step label={purpose.text.stepEmail}>
        <EmailStep
          purpose={purpose}
          initialEmail={email}
          pending={requestCode.isPending}
          error={requestError}
          resendIn={countdown.remaining}
          onRequest={handleRequest}
        />
      </Stepper.Step>
      <Stepper.Step label={purpose.text.stepCode}>
        <CodeStep
          purpose={purpose}
          email={email}
          verifying={checkCode.isPending}
          resending={requestCode.isPending}
          error={codeError ?? requestError}
          resendIn={countdown.remaining}
          onVerify={handleVerify}
          onResend={() => handleRequest(email)}
          onBack={handleBackToEmail}
        />
      </Stepper.Step>
      <Stepper.Step label={lastStepLabel}>
        {renderLastStep({ email, code: verifiedCode, backToCode: handleBackToCode })}
      </Stepper.Step>
    </Stepper>
  );
}

/**
 * One text field checked when its form is submitted: the error shows until the field changes,
 * and a value that passes goes on trimmed. `clean` is what the field keeps of a keystroke.
 */
function useCheckedField(
  initial: string,
  check: (value: string) => string | null,
  onValid: (value: string) => void,
  clean: (value: string) => string = (value) => value,
) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    change: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(clean(event.currentTarget.value));
      setError(null);
    },
    submit: (event: FormEvent) => {
      event.preventDefault();
      const problem = check(value);
      setError(problem);
      if (!problem) onValid(value.trim());
    },
  };
}

interface EmailStepProps {
  purpose: EmailCodePurpose;
  initialEmail: string;
  pending: boolean;
  error: string | null;
  /** Seconds until another code may be requested (0: now). */
  resendIn: number;
  onRequest: (email: string) => void;
}

/** Step 1: the e-mail that receives the code. */
function EmailStep({ purpose, ...props }: EmailStepProps) {
  const { text, testIds } = purpose;
  const email = useCheckedField(props.initialEmail, purpose.checkEmail, props.onRequest);

  return (
    <form onSubmit={email.submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={text.email}
          placeholder={text.emailPlaceholder}
          type="email"
          autoComplete="email"
          required
          data-testid={testIds.email}
          value={email.value}
          error={email.error}
          onChange={email.change}
        />
        <StepSubmit
          error={props.error}
          pending={props.pending}
          disabled={props.resendIn > 0}
          testId={testIds.request}
        >
          {props.resendIn > 0 ? text.resendIn(props.resendIn) : text.request}
        </StepSubmit>
      </Stack>
    </form>
  );
}

interface CodeStepProps {
  purpose: EmailCodePurpose;
  email: string;
  verifying: boolean;
  resending: boolean;
  error: string | null;
  resendIn: number;
  onVerify: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** Step 2: the mailed code, with a resend timer and a way back to the e-mail. */
function CodeStep({ purpose, ...props }: CodeStepProps) {
  const { text, testIds } = purpose;
  const code = useCheckedField('', purpose.checkCode, props.onVerify, purpose.cleanCode);

  return (
    <form onSubmit={code.submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text.codeSent(props.email)}
        </Text>
        <TextInput
          label={text.code}
          placeholder={text.codePlaceholder}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={Limits.codeLength}
          required
          data-autofocus
          data-testid={testIds.code}
          value={code.value}
          error={code.error}
          onChange={code.change}
        />
        <StepSubmit error={props.error} pending={props.verifying} testId={testIds.verify}>
          {text.verify}
        </StepSubmit>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            color="gray"
            leftSection={purpose.backIcon}
            onClick={props.onBack}
          >
            {text.back}
          </Button>
          <Button
            variant="subtle"
            onClick={props.onResend}
            loading={props.resending}
            disabled={props.resendIn > 0}
          >
            {props.resendIn > 0 ? text.resendIn(props.resendIn) : text.resend}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
