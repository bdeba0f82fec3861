import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppRoot } from '../app/app-root';
import { createQueryClient } from '../app/query-client';
import { RouteTree } from '../app/router';
import { routes } from '../config/paths';

/**
 * The login page as HTML, rendered when the app is built (vite-prerender.ts puts it into
 * index.html): a phone on a slow network paints the login form as soon as the page and its
 * stylesheet arrive, before any script has loaded, and the app then takes the same markup over
 * (main.tsx hydrates it). The tree is the browser's, with the router at the login address.
 */
export function loginMarkup(): string {
  return renderToString(
    <AppRoot queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[routes.login.href()]}>
        <RouteTree />
      </MemoryRouter>
    </AppRoot>,
  );
}
