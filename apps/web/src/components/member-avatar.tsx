import { Avatar, type AvatarProps } from '@mantine/core';
import { ko } from '../i18n/ko';

interface MemberAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children' | 'color'> {
  name: string;
  imageUrl: string | null | undefined;
  /** Inside a control or beside the name already read out: the image is decoration. */
  decorative?: boolean;
}

/**
 * The colours a person's letter may get; each reads at AA on its light background (the theme's
 * readableColorVariables darken those that would not).
 */
const AVATAR_COLORS = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink', 'violet', 'green'];

/** The person's first letter, as every avatar of the app shows it. */
export function avatarInitial(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

/**
 * The person's colour: from their name, so that every screen gives the same person the same
 * colour without each screen carrying the person's id to it.
 */
export function avatarColor(name: string): string {
  // FNV-1a, its high bits folded in: Hangul syllables differ in their low bits too little for a
  // plain remainder to spread them over eight colours.
  let hash = 0x811c9dc5;
  for (const char of name.trim()) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  hash ^= hash >>> 16;
  return AVATAR_COLORS[(hash >>> 0) % AVATAR_COLORS.length] ?? 'indigo';
}

/** A person's profile image, else their first letter on their colour: one rendering everywhere. */
export function MemberAvatar({ name, imageUrl, decorative, ...props }: MemberAvatarProps) {
  return (
    <Avatar
      src={imageUrl ?? null}
      alt={decorative ? '' : ko.member.profileImage(name)}
      aria-hidden={decorative || undefined}
      color={avatarColor(name)}
      radius="xl"
      {...props}
    >
      {avatarInitial(name)}
    </Avatar>
  );
}
