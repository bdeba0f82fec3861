import { useState } from 'react';

/**
 * True from the first time `opened` is true on: a dialog whose code loads on demand (lazy) is
 * mounted when it first opens and stays mounted after, so that it can play its closing
 * transition and open again at once.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedOnce, setOpenedOnce] = useState(opened);
  if (opened && !openedOnce) setOpenedOnce(true);
  return opened || openedOnce;
}
