import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { chatRoomsQueryKey } from '../api/chat-rooms';
import { page, room } from '../test/fixtures';
import { useChatUnreadTotal } from './use-chat-unread';

describe('useChatUnreadTotal', () => {
  it('adds the unread counts of the workspace’s rooms, muted rooms left out', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    queryClient.setQueryData(
      chatRoomsQueryKey(1),
      page([
        room({ id: 1, unreadCount: 2 }),
        room({ id: 2, unreadCount: 5, notifyLevel: 'MUTE' }),
        room({ id: 3, unreadCount: 1, notifyLevel: 'MENTIONS' }),
      ]),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useChatUnreadTotal(1), { wrapper });
    expect(result.current).toBe(3);
  });
});
