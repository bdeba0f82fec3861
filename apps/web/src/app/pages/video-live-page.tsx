import { MeetingNotesPanel } from '../../features/meetings/components/meeting-notes-panel';
import { VideoLivePage as MeetingPage } from '../../features/video/pages/video-live-page';

/**
 * The meeting page with the meeting's notes panel (회의록, issue 45); its tab's number is the
 * bell's, as on every page (lib/document-title).
 */
export function VideoLivePage() {
  return <MeetingPage renderNotes={(slot) => <MeetingNotesPanel {...slot} />} />;
}
