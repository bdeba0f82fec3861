import type { ClientInfo } from '@teamup/contracts/auth';
import { Limits } from '@teamup/contracts/limits';

interface NavigatorWithUaData extends Navigator {
  userAgentData?: { platform?: string };
}

const clip = (value: string) => value.slice(0, Limits.clientInfoFieldMax);

/** Browser facts sent on login and logout (spec 01 section 3), each within the server's bound. */
export function buildClientInfo(now: Date = new Date()): ClientInfo {
  const nav = navigator as NavigatorWithUaData;
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timezone = '';
  }
  return {
    userAgent: clip(nav.userAgent),
    platform: clip(nav.userAgentData?.platform || nav.platform || ''),
    language: clip(nav.language),
    timezone: clip(timezone),
    screenResolution: clip(`${window.screen.width}x${window.screen.height}`),
    timestamp: now.toISOString(),
  };
}
