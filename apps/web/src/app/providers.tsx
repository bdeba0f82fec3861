import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { ko } from '../i18n/ko';
// dayjs's Korean locale, which the date pickers use for 오전/오후 and the month names.
import '../lib/dates';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}

/** Theme, data cache, toasts, confirm dialogs and the login session, around the whole app. */
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
          <Notifications position="top-center" limit={3} />
          <AuthProvider>
            <ModalsProvider
              labels={{ confirm: ko.common.confirm, cancel: ko.common.cancel }}
              modalProps={{ centered: true }}
            >
              {children}
            </ModalsProvider>
          </AuthProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
