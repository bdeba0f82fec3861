import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container (and its transitions) loads after the first screen: toasts shown before
// it is there wait in the notifications store and appear once it mounts.
const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.Notifications })),
);

const noSubscription = () => () => undefined;
/**
 * False while React renders on the server or takes over the prerendered login page, true after:
 * what may not be in that markup (a lazy chunk would make React drop the page and render it
 * anew) renders from then on.
 */
function useAfterHydration(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The toasts' container, once the page is the browser's own (a small re-render of its own). */
function Toasts() {
  const hydrated = useAfterHydration();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={3} />
    </Suspense>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}

/** Theme, data cache, toasts and the login session, around the whole app. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {/* Date pickers in Korean, weeks from Sunday as on the team calendar. */}
      <DatesProvider settings={{ locale: 'ko', firstDayOfWeek: 0, weekendDays: [0, 6] }}>
        <QueryClientProvider client={client}>
          <Toasts />
          {/* Confirm dialogs (@mantine/modals) are provided by the logged-in frame, which alone
              opens them (ProtectedLayout): Modal and its scroll area stay off the first load. */}
          <AuthProvider>{children}</AuthProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
