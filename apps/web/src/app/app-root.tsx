import { StrictMode, useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';

/**
 * The app's root element around a router: the same in the browser (main.tsx) and in the login
 * page rendered at build time (prerender/login-markup.tsx), so the browser can take the
 * prerendered page over as it is (hydration needs the same tree on both sides).
 */
export function AppRoot({
  queryClient,
  children,
  onMounted,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** Called once the first render is on the page (for a takeover: once it is interactive). */
  onMounted?: () => void;
}) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    </StrictMode>
  );
}
