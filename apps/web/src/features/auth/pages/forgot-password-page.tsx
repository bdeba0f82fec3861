import { useEffect } from 'react';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useResetPassword } from '../api/reset-password';
import { EmailCodeFlow } from '../components/email-code-flow';
import { NewPasswordStep } from '../components/new-password-step';
import type { LoginLocationState } from '../lib/login-state';

/** Delay before going to /login after a successful reset (spec 01 section 9). */
const REDIRECT_DELAY_MS = 2000;

/** /forgot-password: e-mail, six-digit code, new password; then /login after 2 s. */
export function ForgotPasswordPage() {
  useDocumentTitle([ko.reset.title, ko.brand]);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const email = reset.variables?.email;

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => {
      const state: LoginLocationState = { email, message: ko.reset.loginMessage };
      void navigate(routes.login.href(), { state, replace: true });
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, email, navigate]);

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
      <EmailCodeFlow
        purpose="reset"
        lastStepLabel={ko.reset.stepPassword}
        renderLastStep={(verified) => (
          <Stack gap="md">
            {reset.isSuccess && (
              <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
                {ko.reset.success}
              </Alert>
            )}
            <NewPasswordStep
              purpose="reset"
              pending={reset.isPending}
              done={reset.isSuccess}
              error={
                reset.isError ? errorMessage(reset.error, { fallback: ko.reset.failed }) : null
              }
              onSubmit={(newPassword) =>
                reset.mutate({ email: verified.email, resetCode: verified.code, newPassword })
              }
              onBack={() => {
                reset.reset();
                verified.backToCode();
              }}
            />
          </Stack>
        )}
      />
      <Text ta="center" size="sm">
        <Anchor component={Link} to={routes.login.href()} fw={600}>
          {ko.reset.toLogin}
        </Anchor>
      </Text>
    </Stack>
  );
}
