import { useEffect, useState } from 'react';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../api-client';
import { presenceRoutes } from '../first-load-endpoints';
import { PresenceReporter } from './presence-reporter';
import { useLiveState } from './use-live';

/** How often the idle time is looked at. */
const IDLE_CHECK_MS = 30_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'focus'] as const;

/**
 * Tells the server when this tab's person steps away (tab hidden, or idle) and comes back
 * (decision 0021); mounted once inside the live connection.
 */
export function usePresenceReporter(): void {
  const state = useLiveState();
  const [reporter] = useState(
    () =>
      new PresenceReporter({
        report: (status) =>
          void api.put<void>(pathOf(presenceRoutes.report), { status }).catch(() => undefined),
        now: () => Date.now(),
        isHidden: () => document.visibilityState === 'hidden',
      }),
  );

  useEffect(() => {
    if (state === 'open') reporter.opened();
  }, [state, reporter]);

  useEffect(() => {
    const onActivity = () => reporter.activity();
    const onVisibility = () => reporter.check();
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    }
    document.addEventListener('visibilitychange', onVisibility);
    const timer = setInterval(() => reporter.check(), IDLE_CHECK_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, onActivity, { capture: true });
      }
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(timer);
    };
  }, [reporter]);
}
