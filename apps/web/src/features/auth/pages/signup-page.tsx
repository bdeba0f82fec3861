import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { InviteBanner } from '../../../components/invite-banner';
import { useAuthPageInvite } from '../../../hooks/use-auth-page-invite';
import { validInviteCode } from '../../../lib/pending-invite';
import { useRegister } from '../api/register';
import { EmailCodeFlow } from '../components/email-code-flow';
import { NewPasswordStep } from '../components/new-password-step';
import type { LoginLocationState } from '../lib/login-state';
import { nameFromEmail } from '../lib/password-policy';

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
  const register = useRegister();

  const handleRegister = (email: string, password: string, confirmPassword: string) => {
    register.mutate(
      { email, password, confirmPassword, name: nameFromEmail(email) },
      {
        onSuccess: () => {
          const state: LoginLocationState = {
            email,
            message: ko.signup.completed,
            signedUp: true,
          };
          void navigate(routes.login.href({ inviteCode }), { state });
        },
      },
    );
  };

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
      <EmailCodeFlow
        purpose="signup"
        lastStepLabel={ko.signup.stepPassword}
        renderLastStep={({ email }) => (
          <NewPasswordStep
            purpose="signup"
            pending={register.isPending}
            error={
              register.isError ? errorMessage(register.error, { fallback: ko.signup.failed }) : null
            }
            onSubmit={(password, confirmPassword) =>
              handleRegister(email, password, confirmPassword)
            }
          />
        )}
      />
      <Text ta="center" size="sm">
        {ko.signup.haveAccount}{' '}
        <Anchor component={Link} to={routes.login.href({ inviteCode })} fw={600}>
          {ko.signup.toLogin}
        </Anchor>
      </Text>
    </Stack>
  );
}
