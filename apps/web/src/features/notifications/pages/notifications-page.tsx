import { PlaceholderPage } from '../../../components/placeholder-page';
import { ko } from '../../../i18n/ko';

/** PLACEHOLDER — notification centre (/notifications) of spec 02. Filled in by the notifications feature. */
export function NotificationsPage() {
  return <PlaceholderPage title={ko.placeholder.notifications} />;
}
