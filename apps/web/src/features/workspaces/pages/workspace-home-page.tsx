import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — workspace home (/ws/{workspaceId}) of spec 01 section 2. Filled in by the workspaces feature. */
export function WorkspaceHomePage() {
  return <PlaceholderPage title={ko.placeholder.workspaceHome} />;
}
