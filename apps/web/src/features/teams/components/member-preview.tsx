import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MemberProfile } from '@teamup/contracts/workspaces';
import { MemberAvatar } from '../../../components/member-avatar';
import { ko } from '../../../i18n/ko';

interface MemberPreviewProps {
  member: MemberProfile;
  /** A role name under the member's name, if any. */
  roleLabel?: string;
  onOpen: (member: MemberProfile) => void;
  testId?: string;
}

/**
 * One member as avatar and name; clicking (or Enter) opens the member detail. Named by what it
 * shows, the name and role (WCAG 2.5.3: a label of its own left out the avatar's letter and the
 * role, issue 41); the avatar beside the name is decoration.
 */
export function MemberPreview({ member, roleLabel, onOpen, testId }: MemberPreviewProps) {
  // A deactivated account stays listed with what it wrote, marked (decision 0050).
  const subtitle = [roleLabel, member.deactivated ? ko.member.deactivated : undefined]
    .filter(Boolean)
    .join(' · ');
  return (
    <UnstyledButton
      onClick={() => onOpen(member)}
      aria-haspopup="dialog"
      data-testid={testId}
      data-user-id={member.id}
      p={6}
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <MemberAvatar name={member.name} imageUrl={member.profileImageUrl} decorative />
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate>
            {member.name}
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed" truncate>
              {subtitle}
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
