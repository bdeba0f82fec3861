import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — team-formation chooser (/ws/{workspaceId}/team-formation) of spec 02. Filled in by the formation feature. */
export function TeamFormationPage() {
  return <PlaceholderPage title={ko.placeholder.teamFormation} />;
}
