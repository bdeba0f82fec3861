/**
 * The 'messenger notification' toggle: browser notifications while the tab is hidden. The
 * choice is kept per browser; the permission is asked on the toggle's click, as browsers require.
 */
const KEY = 'teamup.browserNotifications';

export function browserNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function browserNotificationsWanted(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setBrowserNotificationsWanted(on: boolean): void {
  try {
    window.localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // private mode: the toggle lasts for this page only
  }
}

/** Asks for permission; answers whether notifications may now be shown. */
export async function askBrowserPermission(): Promise<boolean> {
  if (!browserNotificationsSupported()) return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}

/** Shows one notification when wanted, allowed and the page is not being looked at. */
export function showBrowserNotification(message: string, onClick: () => void): void {
  if (!browserNotificationsSupported() || !browserNotificationsWanted()) return;
  if (Notification.permission !== 'granted' || document.visibilityState === 'visible') return;
  const shown = new Notification('TeamUp', { body: message, tag: 'teamup' });
  shown.onclick = () => {
    window.focus();
    onClick();
    shown.close();
  };
}
