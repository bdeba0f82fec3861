import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container (and its transitions) loads when the first toast is shown, which most
// visits to the login page never do: the toast waits in the notifications store meanwhile and
// appears once the container mounts.
const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.Notifications })),
);
const toastPosition = 'top-center';
const toastLimit = 3;
// What the container sets in the store when it mounts, set from the start: the toasts shown
// before it loads are queued by the same limit.
notificationsStore.updateState((state) => ({
  ...state,
  limit: toastLimit,
  defaultPosition: toastPosition,
}));
let toastShown = false;
/** Whether a toast has been shown (since the page loaded): the container stays once it came. */
const hasShownToast = () => {
  const { notifications, queue } = notificationsStore.getState();
  toastShown ||= notifications.length > 0 || queue.length > 0;
  return toastShown;
};

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

/**
 * The toasts' container, once the page is the browser's own and a toast has been shown (a small
 * re-render of its own).
 */
function Toasts() {
  const hydrated = useAfterHydration();
  const needed = useSyncExternalStore(notificationsStore.subscribe, hasShownToast, () => false);
  if (!hydrated || !needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={toastPosition} limit={toastLimit} />
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
