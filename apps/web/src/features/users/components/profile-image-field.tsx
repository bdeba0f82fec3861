import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { errorMessage } from '../../../lib/error-message';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { acceptedImageTypes, checkImageFile } from '../lib/profile-form';
import { MemberAvatar } from '../../../components/member-avatar';

interface ProfileImageFieldProps {
  name: string;
  imageUrl: string | null;
  onUploaded: (url: string) => void;
}

/** The profile picture with its upload (JPG/PNG/GIF/WebP, 5 MB), saved as soon as chosen. */
export function ProfileImageField({ name, imageUrl, onUploaded }: ProfileImageFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const [problem, setProblem] = useState<string | null>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must fire again
    if (!file) return;
    const refused = checkImageFile(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: ({ profileImageUrl }) => {
        onUploaded(profileImageUrl);
        notifications.show({ color: 'teal', message: ko.profileEdit.imageUploaded });
      },
      onError: (error) => setProblem(errorMessage(error, { fallback: ko.profileEdit.imageFailed })),
    });
  };

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <MemberAvatar name={name} imageUrl={imageUrl} size={88} radius={88} />
      <Stack gap={6}>
        <Text component="label" htmlFor={inputId} fw={500} size="sm">
          {ko.profileEdit.image}
        </Text>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={acceptedImageTypes}
          aria-label={ko.profileEdit.imageInput}
          data-testid="profile-image-input"
          onChange={handleChange}
          style={{ display: 'none' }}
        />
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPhotoUp size={16} />}
            loading={upload.isPending}
            onClick={() => inputRef.current?.click()}
          >
            {ko.profileEdit.changeImage}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {ko.profileEdit.imageHint}
        </Text>
        {problem && (
          <Text size="xs" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
