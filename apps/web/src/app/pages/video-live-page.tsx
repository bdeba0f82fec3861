import { useChatUnreadTotal } from '../../features/chat/hooks/use-chat-unread';
import { VideoLivePage as MeetingPage } from '../../features/video/pages/video-live-page';
import { useCurrentWorkspace } from '../../hooks/use-current-workspace';

/** The meeting page, with the workspace's unread chat messages in its tab title. */
export function VideoLivePage() {
  const { workspace } = useCurrentWorkspace();
  return <MeetingPage chatUnread={useChatUnreadTotal(workspace?.id)} />;
}
