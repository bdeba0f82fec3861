import { useEffect, useState } from 'react';

/** How long an original stays highlighted after a jump to it from a reply. */
export const HIGHLIGHT_MS = 1_600;

/**
 * The message shown highlighted after a jump to it. A highlight fades: the class goes after its
 * animation so a second jump plays it again.
 */
export function useFadingHighlight() {
  const [highlight, setHighlight] = useState<number | null>(null);
  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);
  return [highlight, setHighlight] as const;
}
