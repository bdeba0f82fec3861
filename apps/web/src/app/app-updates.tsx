import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ko } from '../i18n/ko';
import { watchServiceWorker } from '../lib/service-worker-updates';

/** How often a long-open tab asks whether there is a newer build, besides on coming back to it. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
const PROMPT_ID = 'app-update';

/** The latest offer's switch: a newer build offered while the prompt shows replaces the older. */
let acceptLatest: () => void = () => undefined;

function offerUpdate(accept: () => void) {
  acceptLatest = accept;
  notifications.show({
    id: PROMPT_ID,
    title: ko.appUpdate.available,
    color: 'indigo',
    autoClose: false,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="app-update">
        {/* The notification's own description grey reads at 3.3:1; the theme's dimmed at 4.5:1. */}
        <Text size="sm" c="dimmed">
          {ko.appUpdate.hint}
        </Text>
        <Button
          size="xs"
          flex="none"
          onClick={() => acceptLatest()}
          data-testid="app-update-reload"
        >
          {ko.appUpdate.reload}
        </Button>
      </Group>
    ),
  });
}

/**
 * Registers the service worker and offers each newer build (lib/service-worker-updates). Loaded
 * by main.tsx in production builds only, once the page has loaded and the browser is idle.
 */
export function startAppUpdates(): void {
  watchServiceWorker({
    container: navigator.serviceWorker,
    onUpdate: offerUpdate,
    reload: () => window.location.reload(),
    scheduleChecks: (check) => {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
      window.setInterval(check, UPDATE_CHECK_MS);
    },
  }).catch(() => {
    // Not registered (a browser that refuses workers, a failed install): the app works as it
    // did without one.
  });
}
