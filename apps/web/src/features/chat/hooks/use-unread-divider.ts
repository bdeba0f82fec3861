import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The '새 메시지' divider of the message list and the button that jumps to it: once the divider
 * has been on screen, the button is not needed any more.
 */
export function useUnreadDivider({
  listRef,
  dividerShown,
  listShown,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  dividerShown: boolean;
  /** The list element is rendered (not the loading or error state). */
  listShown: boolean;
}) {
  const dividerRef = useRef<HTMLDivElement>(null);
  const [unreadInView, setUnreadInView] = useState(false);

  useEffect(() => {
    const divider = dividerRef.current;
    const list = listRef.current;
    if (!dividerShown || !divider || !list || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setUnreadInView(true);
      },
      { root: list },
    );
    observer.observe(divider);
    return () => observer.disconnect();
  }, [dividerShown, listShown, listRef]);

  const jumpToUnread = () => {
    dividerRef.current?.scrollIntoView?.({ block: 'center' });
    setUnreadInView(true);
  };

  return { dividerRef, unreadInView, jumpToUnread };
}
