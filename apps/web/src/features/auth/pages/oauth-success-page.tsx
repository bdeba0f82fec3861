import { useEffect, useState } from 'react';
import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../lib/document-title';
import { tokenStore } from '../../../lib/token-store';
import { takePendingInvite } from '../../../lib/pending-invite';
import { exchangeOauthToken } from '../api/exchange-oauth-token';
import { TwoFactorStep } from '../components/two-factor-step';
import { useAuth } from '../../../lib/auth/use-auth';
import { claimOauthCallback, OAUTH_GUARD_TTL_MS } from '../lib/oauth-callback-guard';
import { parseOauthUser } from '../lib/oauth-user';

const SUCCESS_REDIRECT_MS = 1500;
const ERROR_REDIRECT_MS = 3000;

type Phase = 'loading' | 'twoFactor' | 'success' | 'error';

/**
 * /oauth/success: the social-login callback. A tempCode is exchanged for the token pair; a
 * token, refreshToken (and user) are kept as they are; an error (or nothing) is a failure.
 * Success goes to / after 1.5 s, failure to /login after 3 s.
 */
export function OauthSuccessPage() {
  useDocumentTitle([ko.documentTitle.oauth, ko.brand]);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, signInWithTokens } = useAuth();
  const [outcome, setOutcome] = useState<Phase>('loading');
  const [challengeToken, setChallengeToken] = useState<string | null>(null);

  const tempCode = params.get('tempCode');
  const token = params.get('token');
  const refreshToken = params.get('refreshToken');
  const userParam = params.get('user');
  // The server's own Korean text of what went wrong (never markup: rendered as text).
  const errorText = params.get('error')?.slice(0, 200) ?? null;
  const usable = !params.get('error') && Boolean(tempCode || (token && refreshToken));
  const phase: Phase = usable ? outcome : 'error';

  useEffect(() => {
    if (!usable) return;
    if (!claimOauthCallback(tempCode ?? token ?? '')) {
      // Another mount is processing this callback; if it went away, do not stay here forever.
      const timer = window.setTimeout(() => {
        const target = tokenStore.hasSession() ? routes.home.href() : routes.login.href();
        void navigate(target, { replace: true });
      }, OAUTH_GUARD_TTL_MS);
      return () => window.clearTimeout(timer);
    }
    const process = async () => {
      try {
        if (tempCode) {
          const result = await exchangeOauthToken(tempCode);
          if ('twoFactorRequired' in result) {
            setChallengeToken(result.challengeToken);
            setOutcome('twoFactor');
            return;
          }
          signIn(result);
        } else if (token && refreshToken) {
          const user = parseOauthUser(userParam);
          if (user) signIn({ token, refreshToken, user });
          else signInWithTokens({ token, refreshToken });
        }
        setOutcome('success');
      } catch {
        setOutcome('error');
      }
    };
    void process();
  }, [usable, tempCode, token, refreshToken, userParam, signIn, signInWithTokens, navigate]);

  useEffect(() => {
    if (phase === 'loading' || phase === 'twoFactor') return;
    const success = phase === 'success';
    const timer = window.setTimeout(
      () => {
        // An invite followed before the provider's round trip: logged in, go on and join it;
        // refused, back to the login page with the invitation still showing.
        const inviteCode = takePendingInvite();
        let target = routes.login.href({ inviteCode });
        if (success) target = inviteCode ? routes.workspace.href(inviteCode) : routes.home.href();
        void navigate(target, { replace: true });
      },
      success ? SUCCESS_REDIRECT_MS : ERROR_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  if (phase === 'twoFactor' && challengeToken) {
    return (
      <TwoFactorStep
        challengeToken={challengeToken}
        onSignedIn={(response) => {
          signIn(response);
          setOutcome('success');
        }}
        onCancel={() => void navigate(routes.login.href(), { replace: true })}
      />
    );
  }

  return (
    <Stack align="center" gap="md" py="lg" ta="center" role="status" aria-live="polite">
      {phase === 'loading' && (
        <>
          <Loader />
          <Text>{ko.oauth.loading}</Text>
        </>
      )}
      {phase === 'success' && (
        <>
          <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Text>{ko.oauth.success}</Text>
        </>
      )}
      {phase === 'error' && (
        <>
          <ThemeIcon size={48} radius="xl" color="red" variant="light" aria-hidden>
            <IconAlertTriangle size={28} />
          </ThemeIcon>
          <Text>{ko.oauth.failed}</Text>
          {errorText && (
            <Text size="sm" c="dimmed" data-testid="oauth-error">
              {errorText}
            </Text>
          )}
          <Button component={Link} to={routes.login.href()} variant="light">
            {ko.oauth.toLogin}
          </Button>
        </>
      )}
    </Stack>
  );
}
