import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — team page (/ws/{workspaceId}/team/{teamId}) of spec 02. Filled in by the teams feature. */
export function TeamPage() {
  return <PlaceholderPage title={ko.placeholder.team} />;
}
