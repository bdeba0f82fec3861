import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '@teamup/contracts/users';
import { ko } from '../../../i18n/ko';
import { MemberAvatar } from '../../../components/member-avatar';

interface ProfileHeaderProps {
  user: Pick<User, 'name' | 'email' | 'provider' | 'profileImageUrl'>;
  /** 1 on a page whose title is the person (the user page). */
  headingOrder?: 1 | 2;
}

/** Picture, name, e-mail and login provider: the top of the my page and of a user page. */
export function ProfileHeader({ user, headingOrder = 2 }: ProfileHeaderProps) {
  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <MemberAvatar name={user.name} imageUrl={user.profileImageUrl} size={88} radius={88} />
      <Stack gap={4} miw={0}>
        <Title order={headingOrder} fz="xl" style={{ overflowWrap: 'anywhere' }}>
          {user.name}
        </Title>
        <Text size="sm" c="dimmed" truncate>
          {user.email}
        </Text>
        <Group gap={6}>
          <Badge variant="outline" color="gray" tt="none">
            {ko.myPage.provider}: {ko.providers[user.provider]}
          </Badge>
        </Group>
      </Stack>
    </Group>
  );
}
