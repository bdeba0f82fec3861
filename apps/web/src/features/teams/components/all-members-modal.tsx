import { Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { ko } from '../../../i18n/ko';
import { MemberPreview } from './member-preview';

interface AllMembersModalProps {
  opened: boolean;
  onClose: () => void;
  members: readonly WorkspaceMember[];
  onOpenMember: (member: WorkspaceMember) => void;
  /** Its id inside a Modal.Stack, so the member detail can open on top of it. */
  stackId?: string;
}

/** Every workspace member in a scrolling list (at most 24rem high, spec 01 section 9). */
export function AllMembersModal({
  opened,
  onClose,
  members,
  onOpenMember,
  stackId,
}: AllMembersModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={ko.home.allMembersTitle(members.length)}
      centered
      stackId={stackId}
      attributes={{ content: { 'data-testid': 'all-members-modal' } }}
    >
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {ko.home.noMembers}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="24rem" type="auto" offsetScrollbars>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {members.map((member) => (
              <li key={member.id}>
                <MemberPreview
                  member={member}
                  roleLabel={ko.member.roles[member.role]}
                  onOpen={() => onOpenMember(member)}
                  testId="member-row"
                />
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
