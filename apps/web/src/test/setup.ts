import { afterAll, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
// The app loads the toasts' container when the first toast is shown (app/providers.tsx); in
// jsdom that import is a module transform, which under load took longer than a screen test waits
// for its toast. Loaded here once, the lazy import resolves at once.
import '../app/notifications-container';

// findBy and waitFor wait up to 1 s by default. On this project's shared 2-core CI machine a
// screen's first render (a lazy chunk transformed on first import, a hundred messages in jsdom)
// has taken longer than that under load, failing tests whose behaviour was right: they wait up to
// 5 s instead. A test that waits for something that never comes still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });

/*
 * jsdom lays nothing out, so Mantine's focus trap finds no tabbable element in a dialog or menu it
 * opens and warns with the whole DOM node: thousands of lines a warning in CI's log. In a browser
 * the same dialogs hold focusable buttons (the journeys' axe checks look at them). That one
 * warning is left out, once per window; every other warning is printed.
 */
const focusTrapNoise = '[@mantine/hooks/use-focus-trap] Failed to find focusable element';
const quietKey = Symbol.for('teamup.test.focus-trap-quiet');
const globals = globalThis as { [quietKey]?: true };
if (!globals[quietKey]) {
  globals[quietKey] = true;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(focusTrapNoise)) return;
    warn(...args);
  };
}

/*
 * The screen tests run file after file in one window (web-dom is not isolated: a fresh jsdom and
 * a fresh import of React and Mantine per file cost more than the tests). What a file leaves in
 * that window is put back after it, so no file sees another's: its mounted screens, toasts,
 * storage, stubs and timers, a phone-sized matchMedia, a clipboard set on navigator.
 */
type PristineWindow = {
  matchMedia: typeof window.matchMedia;
  innerWidth: number;
  innerHeight: number;
  navigatorOwn: string[];
  documentAttributes: Array<[string, string]>;
};
const pristineKey = Symbol.for('teamup.test.pristine-window');
const holder = globalThis as { [pristineKey]?: PristineWindow };
const pristine = (holder[pristineKey] ??= {
  matchMedia: window.matchMedia,
  innerWidth: window.innerWidth,
  innerHeight: window.innerHeight,
  navigatorOwn: Object.getOwnPropertyNames(navigator),
  documentAttributes: [...document.documentElement.attributes].map((a) => [a.name, a.value]),
});

afterAll(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  window.matchMedia = pristine.matchMedia;
  for (const [name, value] of [
    ['innerWidth', pristine.innerWidth],
    ['innerHeight', pristine.innerHeight],
  ] as const) {
    Object.defineProperty(window, name, { configurable: true, writable: true, value });
  }
  for (const name of Object.getOwnPropertyNames(navigator)) {
    if (!pristine.navigatorOwn.includes(name)) Reflect.deleteProperty(navigator, name);
  }
  // The body's children stay: unmounting took the screens and their portals out, and Mantine keeps
  // its shared portal node for the window's life.
  for (const { name } of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(name);
  }
  for (const [name, value] of pristine.documentAttributes) {
    document.documentElement.setAttribute(name, value);
  }
});
