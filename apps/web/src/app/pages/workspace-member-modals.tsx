import { Modal } from '@mantine/core';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { ko } from '../../i18n/ko';
import { AllMembersModal } from '../../features/teams/components/all-members-modal';
import { MemberDetailModal } from '../../features/teams/components/member-detail-modal';

interface WorkspaceMemberModalsProps {
  members: WorkspaceMember[];
  allOpened: boolean;
  onCloseAll: () => void;
  selected: WorkspaceMember | null;
  onSelect: (member: WorkspaceMember | null) => void;
}

/**
 * The workspace home's member dialogs, stacked: every member, and one member's detail over it
 * (or alone, from the preview). Loaded when one first opens (WorkspaceMembersSection).
 */
export function WorkspaceMemberModals({
  members,
  allOpened,
  onCloseAll,
  selected,
  onSelect,
}: WorkspaceMemberModalsProps) {
  return (
    <Modal.Stack>
      <AllMembersModal
        opened={allOpened}
        onClose={onCloseAll}
        members={members}
        onOpenMember={onSelect}
        stackId="all-members"
      />
      <MemberDetailModal
        member={selected}
        roleLabel={selected ? ko.member.roles[selected.role] : undefined}
        onClose={() => onSelect(null)}
        stackId="member-detail"
      />
    </Modal.Stack>
  );
}
