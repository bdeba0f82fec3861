import { useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import type { User } from '@teamup/contracts/users';
import { Link } from 'react-router';
import { routes } from '../../../config/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMe } from '../api/me';
import { useUpdateMe } from '../api/update-me';
import { ProfileImageField } from '../components/profile-image-field';
import { TagInput } from '../components/tag-input';
import {
  formErrorsFromProblem,
  parseProfileForm,
  toFormValues,
  type ProfileFormValues,
} from '../lib/profile-form';

/** /my-page/profile-edit: the profile fields of spec 01 section 3 and the profile image. */
export function ProfileEditPage() {
  useDocumentTitle([ko.profileEdit.title, ko.brand]);
  const me = useMe();
  if (me.isPending) return <FullPageLoader text={ko.common.loading} height="50vh" />;
  if (me.isError) {
    return <ErrorAlert message={errorMessage(me.error, { fallback: ko.errors.loadFailed })} />;
  }
  return <ProfileEditForm user={me.data} />;
}

function ProfileEditForm({ user }: { user: User }) {
  const auth = useAuth();
  const update = useUpdateMe();
  const [imageUrl, setImageUrl] = useState(user.profileImageUrl);
  const form = useForm<ProfileFormValues>({
    initialValues: toFormValues(user),
    validate: (values) => {
      const result = parseProfileForm(values);
      return result.success ? {} : result.errors;
    },
  });

  const handleImageUploaded = (url: string) => {
    setImageUrl(url);
    if (auth.user) auth.updateUser({ ...auth.user, profileImageUrl: url });
  };

  const handleSubmit = form.onSubmit((values) => {
    const result = parseProfileForm(values);
    if (!result.success) return;
    update.mutate(result.body, {
      onSuccess: (saved) => {
        auth.updateUser(saved);
        form.setValues(toFormValues(saved));
        form.resetDirty(toFormValues(saved));
        notifications.show({ color: 'teal', message: ko.profileEdit.saved });
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(formErrorsFromProblem(error.fieldErrors));
      },
    });
  });

  return (
    <Stack maw={760} mx="auto" gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h2">
          {ko.profileEdit.title}
        </Title>
        <Anchor component={Link} to={routes.myPage.href()} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} />
            {ko.profileEdit.backToMyPage}
          </Group>
        </Anchor>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <ProfileImageField
            name={form.values.name || user.name}
            imageUrl={imageUrl}
            onUploaded={handleImageUploaded}
          />
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={ko.profileEdit.name}
                  required
                  maxLength={Limits.nameMax}
                  data-testid="profile-name"
                  {...form.getInputProps('name')}
                />
                <NumberInput
                  label={ko.profileEdit.age}
                  placeholder={ko.profileEdit.agePlaceholder}
                  min={1}
                  max={150}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('age')}
                />
                <TextInput
                  label={ko.profileEdit.mbti}
                  placeholder={ko.profileEdit.mbtiPlaceholder}
                  maxLength={Limits.mbtiMax}
                  {...form.getInputProps('mbti')}
                  onChange={(event) =>
                    form.setFieldValue('mbti', event.currentTarget.value.toUpperCase())
                  }
                />
                <TextInput
                  label={ko.profileEdit.disposition}
                  placeholder={ko.profileEdit.dispositionPlaceholder}
                  maxLength={Limits.shortTextMax}
                  {...form.getInputProps('disposition')}
                />
              </SimpleGrid>
              <TagInput
                value={form.values.hashtags}
                onChange={(tags) => form.setFieldValue('hashtags', tags)}
                error={form.errors.hashtags}
              />
              <Textarea
                label={ko.profileEdit.introduction}
                autosize
                minRows={3}
                maxRows={8}
                maxLength={Limits.longTextMax}
                {...form.getInputProps('introduction')}
              />
              <TextInput
                label={ko.profileEdit.portfolio}
                placeholder={ko.profileEdit.portfolioPlaceholder}
                type="url"
                maxLength={Limits.urlMax}
                {...form.getInputProps('portfolio')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Textarea
                  label={ko.profileEdit.preferWorkstyle}
                  autosize
                  minRows={2}
                  maxRows={6}
                  maxLength={Limits.longTextMax}
                  {...form.getInputProps('preferWorkstyle')}
                />
                <Textarea
                  label={ko.profileEdit.dislikeWorkstyle}
                  autosize
                  minRows={2}
                  maxRows={6}
                  maxLength={Limits.longTextMax}
                  {...form.getInputProps('dislikeWorkstyle')}
                />
              </SimpleGrid>
              <ErrorAlert
                message={
                  update.isError
                    ? errorMessage(update.error, { fallback: ko.profileEdit.failed })
                    : null
                }
              />
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending} data-testid="profile-save">
                  {ko.profileEdit.save}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Stack>
  );
}
