import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — chat room (/ws/{workspaceId}/chat/{chatId}) of spec 02. Filled in by the chat feature. */
export function ChatRoomPage() {
  return <PlaceholderPage title={ko.placeholder.chat} />;
}
