import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { useChangePassword } from '../api/change-password';
import { checkNewPassword } from '../lib/new-password';
import { checkPasswordConfirmation } from '../lib/password-policy';

/** Current, new and confirmed password (LOCAL accounts only). */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : ko.validation.currentPasswordRequired),
      newPassword: checkNewPassword,
      confirmPassword: (value, values) => checkPasswordConfirmation(values.newPassword, value),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'teal', message: ko.account.changed });
        },
      },
    );
  });

  const error = change.error;
  const message =
    error === null
      ? null
      : errorMessage(error, {
          fallback: ko.account.failed,
          // A social account's refusal is shown as the server words it.
          byCode:
            error instanceof ApiError && error.detail
              ? { [ErrorCode.SOCIAL_ACCOUNT_PASSWORD]: error.detail }
              : undefined,
        });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={ko.account.currentPassword}
          autoComplete="current-password"
          required
          data-testid="password-current"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={ko.account.newPassword}
          description={ko.account.newPasswordHint}
          autoComplete="new-password"
          required
          data-testid="password-new"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={ko.account.confirmPassword}
          autoComplete="new-password"
          required
          data-testid="password-confirm"
          {...form.getInputProps('confirmPassword')}
        />
        <ErrorAlert message={message} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} data-testid="password-submit">
            {ko.account.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
