import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
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

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
