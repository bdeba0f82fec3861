import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconMessageCircleFilled, IconSchool } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { oauthStartUrl, useAuthProviders } from '../api/auth-providers';

/**
 * The school's single sign-on, when the server offers it: the main way in, so the login page
 * shows it first, above the e-mail form, with a divider before the rest.
 */
export function SsoLoginButton() {
  const { data } = useAuthProviders();
  if (!data?.sso) return null;
  return (
    <Stack gap="lg">
      <Button
        component="a"
        href={oauthStartUrl('sso')}
        size="md"
        fullWidth
        leftSection={<IconSchool size={20} />}
        data-testid="login-sso"
      >
        {ko.login.sso(data.sso.name)}
      </Button>
      <Divider label={ko.login.or} labelPosition="center" />
    </Stack>
  );
}

/** Google and Kakao buttons, each shown only when the server says it is configured. */
export function SocialLoginButtons() {
  const { data } = useAuthProviders();
  if (!data?.google && !data?.kakao) return null;
  return (
    <Stack gap="sm">
      <Divider label={ko.login.or} labelPosition="center" />
      {data.google && (
        <Button
          component="a"
          href={oauthStartUrl('google')}
          variant="default"
          fullWidth
          leftSection={<IconBrandGoogle size={18} />}
        >
          {ko.login.google}
        </Button>
      )}
      {data.kakao && (
        <Button
          component="a"
          href={oauthStartUrl('kakao')}
          fullWidth
          color="#FEE500"
          c="rgba(0, 0, 0, 0.85)"
          leftSection={<IconMessageCircleFilled size={18} />}
        >
          {ko.login.kakao}
        </Button>
      )}
    </Stack>
  );
}
