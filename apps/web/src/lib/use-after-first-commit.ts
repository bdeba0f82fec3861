import { startTransition, useEffect, useState } from 'react';

/**
 * False at a component's first render, true right after it was committed: what waits for it
 * renders in a second pass, as a transition (which React splits into short tasks that leave the
 * main thread free), so that the first pass, and the browser's paint of it, stay small. For
 * content whose box is already laid out (a fixed-width navbar), so that nothing moves when it
 * comes.
 */
export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => {
    startTransition(() => setCommitted(true));
  }, []);
  return committed;
}
