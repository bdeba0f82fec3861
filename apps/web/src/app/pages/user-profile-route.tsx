import type { UserProfile } from '@teamup/contracts/users';
import { DirectMessageButton } from '../../features/chat/components/direct-message-button';
import { UserProfilePage } from '../../features/users/pages/user-profile-page';
import { useCurrentWorkspace } from '../../hooks/use-current-workspace';
import { useAuth } from '../../lib/auth/use-auth';

/**
 * The profile page with a 1:1 message to the person: in the workspace the viewer is in when both
 * are members of it, else in the first workspace they share. Not on one's own page.
 */
function SendMessage({ user }: { user: UserProfile }) {
  const { user: me } = useAuth();
  const { workspace } = useCurrentWorkspace();
  if (!me || me.id === user.id) return null;
  const shared =
    user.sharedWorkspaces.find((candidate) => candidate.id === workspace?.id) ??
    user.sharedWorkspaces[0];
  if (!shared) return null;
  return <DirectMessageButton workspaceId={shared.id} otherId={user.id} />;
}

export function UserProfileRoute() {
  return <UserProfilePage actions={(user) => <SendMessage user={user} />} />;
}
