import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — onboarding without a workspace (/empty-workspace) of spec 01 section 2. Filled in by the workspaces feature. */
export function EmptyWorkspacePage() {
  return <PlaceholderPage title={ko.placeholder.emptyWorkspace} />;
}
