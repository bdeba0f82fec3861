import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — the initial redirect screen (/) of spec 01 section 2: spinner, then the last accessed workspace, the first one, or /empty-workspace. Filled in by the workspaces feature. */
export function InitialRedirectPage() {
  return <PlaceholderPage title={ko.placeholder.initialRedirect} />;
}
