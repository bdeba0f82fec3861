import type { ClientInfo } from '@teamup/contracts/auth';
import { deviceLabelOf } from '@teamup/contracts/device-label';

/** "Chrome · Windows" from the client info kept with a login session; null if unknown. */
export function deviceLabel(info: ClientInfo): string | null {
  return deviceLabelOf(info.userAgent ?? '', info.platform);
}
