import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconFileZip, IconPencil, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '../../../config/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ko } from '../../../i18n/ko';
import { exportsKo } from '../../../i18n/ko/exports';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useMe } from '../api/me';
import { ProfileFieldList } from '../components/profile-field-list';
import { ProfileHeader } from '../components/profile-header';

/** /my-page: the profile summary, with links to profile edit, account settings and exports. */
export function MyPage() {
  useDocumentTitle([ko.myPage.title, ko.brand]);
  const me = useMe();
  if (me.isPending) return <FullPageLoader text={ko.common.loading} height="50vh" />;
  if (me.isError) {
    return <ErrorAlert message={errorMessage(me.error, { fallback: ko.errors.loadFailed })} />;
  }
  const user = me.data;

  return (
    <Stack maw={760} mx="auto" gap="lg">
      <Title order={1} fz="h2">
        {ko.myPage.title}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <ProfileHeader user={user} />
          <ProfileFieldList user={user} />
          <Group gap="sm" justify="flex-end">
            <Button
              component={Link}
              to={routes.myExports.href()}
              variant="default"
              leftSection={<IconFileZip size={16} />}
              data-testid="my-exports-link"
            >
              {exportsKo.link}
            </Button>
            <Button
              component={Link}
              to={routes.accountSettings.href()}
              variant="default"
              leftSection={<IconSettings size={16} />}
            >
              {ko.myPage.accountSettings}
            </Button>
            <Button
              component={Link}
              to={routes.profileEdit.href()}
              leftSection={<IconPencil size={16} />}
            >
              {ko.myPage.editProfile}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
