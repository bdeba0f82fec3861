import { useEffect, useSyncExternalStore } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { ko } from '../i18n/ko';

function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOnline = () => navigator.onLine;
const onlineOnServer = () => true;

/**
 * What a page shows when the data it needs cannot be reached: offline (the browser says there is
 * no network) or the server not answering. Retries by itself when the network comes back, and on
 * the button.
 */
export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  const online = useSyncExternalStore(subscribeToNetwork, isOnline, onlineOnServer);
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <Center mih="100dvh" p="md" data-testid="offline-screen" data-online={online}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconCloudOff size={48} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={1} fz="h3">
          {online ? ko.offline.serverTitle : ko.offline.title}
        </Title>
        <Text c="dimmed">{online ? ko.offline.serverBody : ko.offline.body}</Text>
        <Button onClick={onRetry} data-testid="offline-retry">
          {ko.offline.retry}
        </Button>
      </Stack>
    </Center>
  );
}
