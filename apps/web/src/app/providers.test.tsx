import { act, render, screen, waitFor } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBrowserShims } from '../test/render';

const toastRoot = () => document.querySelector('.mantine-Notifications-root');

afterEach(() => {
  act(() => notifications.clean());
});

describe('AppProviders toasts', () => {
  it('loads the toasts’ container only once a toast is shown, then shows three at a time', async () => {
    // As a page that just loaded: the providers remember for the page's life that a toast was
    // shown, and other screen tests ran in this window before (web-dom is not isolated).
    vi.resetModules();
    const { AppProviders } = await import('./providers');
    installBrowserShims();
    render(
      <AppProviders queryClient={new QueryClient()}>
        <p>페이지</p>
      </AppProviders>,
    );
    await screen.findByText('페이지');
    // Time for a lazy chunk that would have been asked for on mount.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toastRoot()).toBeNull();

    act(() => {
      for (const n of [1, 2, 3, 4]) notifications.show({ message: `알림 ${n}` });
    });

    expect(await screen.findByText('알림 1')).toBeTruthy();
    await waitFor(() => expect(toastRoot()).not.toBeNull());
    expect(screen.getByText('알림 3')).toBeTruthy();
    // The fourth waits for a free place, as the container's limit says, though it was shown first.
    expect(screen.queryByText('알림 4')).toBeNull();
    expect(notificationsStore.getState().queue).toHaveLength(1);
  });
});
