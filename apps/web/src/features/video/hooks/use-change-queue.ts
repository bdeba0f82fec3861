import { useCallback, useRef, useState } from 'react';

/** A change still under way after this long is reported as stuck. */
const STUCK_MS = 10_000;

/**
 * Changes of this browser's media, run one after another, each on what the one before left: a
 * mic click made while the camera was still starting captured a second microphone beside the
 * camera's, and whichever finished last won (issue 41: "the first mic click after the camera").
 * `changing` is true while any is queued or running (the roster may still be a step behind). Every
 * later change waits behind the one running, so one that never ends warns in the console at the
 * step it waits on, which its work names with `atStep` (claim, capture, send).
 */
export function useChangeQueue() {
  const [changing, setChanging] = useState(false);
  const changes = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const step = useRef('queued');
  const whileChanging = useCallback((what: string, work: () => Promise<void>) => {
    changes.current += 1;
    setChanging(true);
    let stuck: ReturnType<typeof setTimeout> | undefined;
    const done = queue.current
      .then(() => {
        step.current = 'started';
        stuck = setTimeout(
          () =>
            console.warn(
              `meeting: ${what} not done after ${STUCK_MS / 1000} s, at ${step.current}`,
            ),
          STUCK_MS,
        );
        return work();
      })
      .finally(() => {
        clearTimeout(stuck);
        changes.current -= 1;
        if (changes.current === 0) setChanging(false);
      });
    queue.current = done.catch(() => undefined);
    return done;
  }, []);
  const atStep = useCallback((name: string) => {
    step.current = name;
  }, []);
  return { changing, whileChanging, atStep };
}
