import { Avatar, type AvatarProps } from '@mantine/core';
import { ko } from '../i18n/ko';

interface MemberAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  name: string;
  imageUrl: string | null;
}

/** The member's profile image, else the first letter of their name. */
export function MemberAvatar({ name, imageUrl, ...props }: MemberAvatarProps) {
  return (
    <Avatar src={imageUrl} alt={ko.member.profileImage(name)} color="indigo" radius="xl" {...props}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
