import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether an element's text is cut (ellipsis or line clamp): its content is wider or taller
 * than its box. Measured on mount, whenever the box resizes and when asked (on hover, focus).
 */
export function useTruncated<T extends HTMLElement>(text: string) {
  const ref = useRef<T>(null);
  const [truncated, setTruncated] = useState(false);

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    setTruncated(
      element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1,
    );
  }, []);

  useLayoutEffect(() => {
    measure();
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure, text]);

  return { ref, truncated, measure };
}
