import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { createQueryClient } from './app/query-client';
import { AppRouter, preloadSignedInScreen } from './app/router';
import { sessionQueryOptions } from './features/auth/api/session';
import { myWorkspacesQueryOptions } from './lib/queries/my-workspaces';
import { tokenStore } from './lib/token-store';

const container = document.getElementById('root');
// Spec 01 section 8: mounting fails without the root element.
if (!container) throw new Error('Cannot mount TeamUp: no element with id "root" in index.html');

const queryClient = createQueryClient();
// A signed-in start: the session check, the user's workspaces (the rail and every workspace page
// need them) and the chunks of the first screen are all asked for now, side by side, rather than
// each once the one before has answered. A stale token is refreshed once for both (api-client).
if (tokenStore.hasSession()) {
  void queryClient.prefetchQuery(sessionQueryOptions());
  void queryClient.prefetchQuery(myWorkspacesQueryOptions());
  preloadSignedInScreen(window.location.hash.replace(/^#/, '').split('?')[0] || '/');
}

// The prerendered page is inert (index.html) until the app has taken it over: typing into it or
// submitting it before then would be lost.
const releasePrerendered = () => container.removeAttribute('inert');
const app = (
  <AppRoot queryClient={queryClient} onMounted={releasePrerendered}>
    <AppRouter />
  </AppRoot>
);
// index.html carries the login page rendered at build time; public/boot.js hid it unless this is
// a signed-out visit to the login address. Shown, it is taken over as it is (hydrated); hidden, it
// is dropped and the app renders the visitor's page.
const loginPrerendered =
  container.firstElementChild !== null &&
  document.documentElement.getAttribute('data-prerendered-login') !== 'hidden';
// Either way the first render is a transition: React renders it in slices of a few milliseconds,
// yielding to the browser between them, instead of one task that blocks a slow phone for the
// whole render of the providers, router and page.
startTransition(() => {
  if (loginPrerendered) {
    hydrateRoot(container, app);
    return;
  }
  container.replaceChildren();
  document.documentElement.removeAttribute('data-prerendered-login');
  createRoot(container).render(app);
});

// The installed app's service worker (decision 0043), in production builds only: once the page
// has loaded and the browser is idle, since its install downloads the whole build and must not
// compete with the first screen.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const start = () => void import('./app/app-updates').then((m) => m.startAppUpdates());
  const whenIdle = () => {
    // Safari before 18 has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(start, { timeout: 5000 });
    } else {
      window.setTimeout(start, 1000);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
