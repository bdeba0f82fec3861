import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Limits } from '@teamup/contracts/limits';
import type { User } from '@teamup/contracts/users';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { errorMessage } from '../../../lib/error-message';
import { useDismissProfilePrompt } from '../api/dismiss-profile-prompt';
import { useUpdateMe } from '../api/update-me';
import { checkProfileName, formErrorsFromProblem, nameOnlyBody } from '../lib/profile-form';
import { ProfileImageField } from './profile-image-field';

const t = ko.profilePrompt;

interface ProfilePromptProps {
  user: User;
  /** Saved or skipped: the server will not offer the prompt again, on any device. */
  onDone: () => void;
}

/**
 * The one-step "complete your profile" prompt after login (issue 41): the display name (the
 * e-mail handle until changed) and the photo, with the profile editor's own calls and checks.
 * "저장" saves the name (the photo is saved as soon as it is chosen, as in the editor);
 * "나중에 하기", Escape or the close button skip it. Either ends it on the server.
 */
export function ProfilePrompt({ user, onDone }: ProfilePromptProps) {
  const auth = useAuth();
  const update = useUpdateMe();
  const dismiss = useDismissProfilePrompt();
  const [imageUrl, setImageUrl] = useState(user.profileImageUrl);
  const form = useForm({
    initialValues: { name: user.name },
    validate: { name: checkProfileName },
  });
  const busy = update.isPending || dismiss.isPending;

  const handleImageUploaded = (url: string) => {
    setImageUrl(url);
    if (auth.user) auth.updateUser({ ...auth.user, profileImageUrl: url });
  };

  const handleSubmit = form.onSubmit(({ name }) => {
    update.mutate(nameOnlyBody(name), {
      onSuccess: (saved) => {
        auth.updateUser(saved);
        notifications.show({ color: 'teal', message: ko.profileEdit.saved });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(formErrorsFromProblem(error.fieldErrors));
      },
    });
  });

  const skip = () => {
    if (busy) return;
    dismiss.mutate(undefined, {
      onSuccess: (saved) => {
        // The photo may have been chosen before skipping: keep it in the session's user.
        auth.updateUser({ ...saved, profileImageUrl: saved.profileImageUrl ?? imageUrl });
        onDone();
      },
    });
  };

  const failure = update.isError
    ? errorMessage(update.error, { fallback: ko.profileEdit.failed })
    : dismiss.isError
      ? errorMessage(dismiss.error, { fallback: ko.errors.unknown })
      : null;

  return (
    <Modal
      opened
      onClose={skip}
      title={t.title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t.later }}
      // On the content box: the root has no size of its own (its children are fixed).
      attributes={{ content: { 'data-testid': 'profile-prompt' } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.7" style={{ wordBreak: 'keep-all' }}>
            {t.description}
          </Text>
          <ProfileImageField
            name={form.values.name || user.name}
            imageUrl={imageUrl}
            onUploaded={handleImageUploaded}
          />
          <TextInput
            label={ko.profileEdit.name}
            required
            maxLength={Limits.nameMax}
            data-autofocus
            data-testid="profile-prompt-name"
            {...form.getInputProps('name')}
          />
          <ErrorAlert message={failure} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={skip}
              loading={dismiss.isPending}
              disabled={update.isPending}
              data-testid="profile-prompt-later"
            >
              {t.later}
            </Button>
            <Button
              type="submit"
              loading={update.isPending}
              disabled={dismiss.isPending}
              data-testid="profile-prompt-save"
            >
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
