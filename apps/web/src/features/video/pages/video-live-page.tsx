import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — video meeting (/ws/{workspaceId}/video/live?roomId=&roomName=) of spec 02. Filled in by the video feature. */
export function VideoLivePage() {
  return <PlaceholderPage title={ko.placeholder.video} />;
}
