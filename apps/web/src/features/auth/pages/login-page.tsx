import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, useState } from 'react';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { routes, safeReturnPath } from '../../../config/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../lib/document-title';
import { buildClientInfo } from '../../../lib/client-info';
import { errorMessage } from '../../../lib/error-message';
import { InviteBanner } from '../../../components/invite-banner';
import { useAuthPageInvite } from '../../../hooks/use-auth-page-invite';
import { inviteCodeFromPath, validInviteCode } from '../../../lib/pending-invite';
import { useLogin } from '../api/login';
import { SocialLoginButtons, SsoLoginButton } from '../components/social-login-buttons';
import { useAuth } from '../../../lib/auth/use-auth';
import { readLoginState } from '../lib/login-state';
import { checkEmail } from '../lib/password-policy';

// The second login step shows only for accounts with 2-step verification: its chunk (with the
// auth contract's messages) loads when a challenge comes back.
const TwoFactorStep = lazy(() =>
  import('../components/two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);

/**
 * /login: e-mail and password. Query inviteCode (or a `from` that is an invite link, /ws/{code})
 * shows the invitation, is carried to sign-up and leads to /ws/{inviteCode} after login, which
 * joins; router state may carry `from` (return path), `email` (prefilled), a success
 * `message` and `signedUp` (no sign-up offered).
 */
export function LoginPage() {
  useDocumentTitle([ko.login.title, ko.brand]);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = readLoginState(location.state);
  const invite = useAuthPageInvite(
    validInviteCode(searchParams.get('inviteCode')) ?? inviteCodeFromPath(state.from),
  );
  const inviteCode = invite.code;
  const { status, signIn } = useAuth();
  const login = useLogin();
  const [challengeToken, setChallengeToken] = useState<string | null>(null);

  const form = useForm({
    initialValues: { email: state.email ?? '', password: '' },
    validate: {
      email: checkEmail,
      password: (value) => (value ? null : ko.validation.passwordRequired),
    },
  });

  if (status === 'authenticated') {
    const target = inviteCode
      ? routes.workspace.href(inviteCode)
      : (safeReturnPath(state.from) ?? routes.home.href());
    return <Navigate to={target} replace />;
  }

  const handleSubmit = form.onSubmit((values) => {
    login.mutate(
      { email: values.email.trim(), password: values.password, clientInfo: buildClientInfo() },
      {
        onSuccess: (result) => {
          if ('twoFactorRequired' in result) setChallengeToken(result.challengeToken);
          else signIn(result);
        },
      },
    );
  });

  if (challengeToken) {
    return (
      <TwoFactorStep
        challengeToken={challengeToken}
        onSignedIn={signIn}
        onCancel={() => {
          setChallengeToken(null);
          form.setFieldValue('password', '');
          login.reset();
        }}
      />
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {ko.login.title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {ko.login.subtitle}
        </Text>
      </div>
      {state.message && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          {state.message}
        </Alert>
      )}
      {invite.candidate && (
        <InviteBanner
          code={invite.candidate}
          preview={invite.preview}
          invalid={invite.invalid}
          mode={state.signedUp ? 'signedUp' : 'login'}
        />
      )}
      {/* The school's single sign-on, when offered, is the main way in: first. */}
      <SsoLoginButton />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={ko.login.email}
            placeholder={ko.login.emailPlaceholder}
            type="email"
            autoComplete="email"
            required
            data-testid="login-email"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={ko.login.password}
            placeholder={ko.login.passwordPlaceholder}
            autoComplete="current-password"
            required
            data-testid="login-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={routes.forgotPassword.href()} size="sm">
              {ko.login.forgotPassword}
            </Anchor>
          </Group>
          <ErrorAlert
            message={
              login.isError ? errorMessage(login.error, { fallback: ko.login.failed }) : null
            }
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={login.isPending}
            data-testid="login-submit"
          >
            {ko.login.submit}
          </Button>
        </Stack>
      </form>
      <SocialLoginButtons />
      {/* Just signed up: offering sign-up again would only confuse (issue 41). */}
      {!state.signedUp && (
        <Text ta="center" size="sm">
          {ko.login.noAccount}{' '}
          <Anchor component={Link} to={routes.signup.href({ inviteCode })} fw={600}>
            {ko.login.toSignup}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
