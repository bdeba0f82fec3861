import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconMessageCircleFilled } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { oauthStartUrl, useAuthProviders } from '../api/auth-providers';

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
