import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — user profile page (/users/{userId}) of spec 01 section 2. Filled in by the users feature. */
export function UserProfilePage() {
  return <PlaceholderPage title={ko.placeholder.userProfile} />;
}
