import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ActionIcon, Alert, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconDevices, IconTrash } from '@tabler/icons-react';
import type { PushSubscriptionInfo } from '@teamup/contracts/push';
import { ErrorAlert } from '../../../components/error-alert';
import { notificationsKo } from '../../../i18n/ko/notifications';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import {
  deletePushSubscription,
  fetchVapidPublicKey,
  postPushSubscription,
  usePushDevices,
  useRefreshPushDevices,
  useRemovePushDevice,
} from '../api/push';
import {
  activeRegistration,
  pushSupported,
  subscribeThisDevice,
  subscriptionInputOf,
  type PushAvailability,
} from '../lib/web-push';

const t = notificationsKo.push.settings;

/** What this browser has: whether it can push, its worker and its current subscription. */
interface Local {
  availability: PushAvailability;
  registration: ServiceWorkerRegistration | null;
  subscription: PushSubscription | null;
}

async function readLocal(): Promise<Local> {
  if (!pushSupported())
    return { availability: 'unsupported', registration: null, subscription: null };
  const registration = await activeRegistration();
  if (!registration) return { availability: 'no-worker', registration: null, subscription: null };
  const subscription = await registration.pushManager.getSubscription();
  return { availability: 'ready', registration, subscription };
}

function DeviceRow({
  device,
  busy,
  onRemove,
}: {
  device: PushSubscriptionInfo;
  busy: boolean;
  onRemove: (device: PushSubscriptionInfo) => void;
}) {
  const label = device.deviceLabel ?? t.unknownDevice;
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="push-device">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconDevices size={18} stroke={1.5} style={{ flexShrink: 0 }} aria-hidden />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {label}
              {device.current && (
                <Text span size="xs" c="blue" fw={600} ml={6} data-testid="push-device-current">
                  {t.thisDevice}
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {t.createdAt(formatDate(device.createdAt))}
            </Text>
          </Stack>
        </Group>
        <ActionIcon
          variant="subtle"
          color="red"
          loading={busy}
          onClick={() => onRemove(device)}
          aria-label={t.removeLabel(label)}
          title={t.remove}
          data-testid="push-device-remove"
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * "이 기기에서 알림 받기" (issue 43): this browser's push subscription, switched on by asking the
 * notification permission, subscribing with the server's VAPID key and handing the subscription
 * to the API; off deletes this device's subscription there and here. Below: every device of the
 * person that receives pushes, each removable.
 */
export function PushSettingsSection() {
  const devices = usePushDevices();
  const refreshDevices = useRefreshPushDevices();
  const removeDevice = useRemovePushDevice();
  const localQuery = useQuery({
    queryKey: ['push-this-device'],
    queryFn: readLocal,
    // The browser's state changes only by what this section does, which asks again.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // A browser that throws while asking (a broken worker) is treated as having no worker.
  const local: Local | null = localQuery.isError
    ? { availability: 'no-worker', registration: null, subscription: null }
    : (localQuery.data ?? null);
  const reload = () => localQuery.refetch();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [permission, setPermission] = useState<NotificationPermission | null>(() =>
    pushSupported() ? Notification.permission : null,
  );

  const currentDevices = devices.data?.filter((device) => device.current) ?? [];
  // On: this browser holds a subscription that the server keeps for this session (a session that
  // ended took its subscriptions on the server, decision 0044).
  const on = permission === 'granted' && local?.subscription != null && currentDevices.length > 0;

  const turnOn = async (registration: ServiceWorkerRegistration) => {
    const asked =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    setPermission(asked);
    if (asked !== 'granted') {
      setProblem(t.denied);
      return;
    }
    let subscription: PushSubscription | null = null;
    try {
      subscription = await subscribeThisDevice(registration, await fetchVapidPublicKey());
      const input = subscriptionInputOf(subscription);
      if (!input) throw new Error('subscription without keys');
      await postPushSubscription(input);
      toasts.show({ color: 'teal', message: t.turnedOn });
    } catch (error) {
      // A subscription the server did not take would be pushed to by no one: drop it.
      await subscription?.unsubscribe().catch(() => false);
      setProblem(errorMessage(error, { fallback: t.subscribeFailed }));
    }
  };

  const turnOff = async (subscription: PushSubscription | null) => {
    try {
      await Promise.all(currentDevices.map((device) => deletePushSubscription(device.id)));
      await subscription?.unsubscribe();
      toasts.show({ color: 'teal', message: t.turnedOff });
    } catch (error) {
      setProblem(errorMessage(error, { fallback: t.unsubscribeFailed }));
    }
  };

  const handleChange = async (wanted: boolean) => {
    if (!local?.registration) return;
    setProblem(null);
    setBusy(true);
    try {
      if (wanted) await turnOn(local.registration);
      else await turnOff(local.subscription);
    } finally {
      await reload();
      await refreshDevices();
      setBusy(false);
    }
  };

  const handleRemove = (device: PushSubscriptionInfo) => {
    setProblem(null);
    removeDevice.mutate(device.id, {
      onSuccess: () =>
        void (async () => {
          // This device's own entry: its browser subscription goes too, the switch turns off.
          if (device.current) await local?.subscription?.unsubscribe().catch(() => false);
          await reload();
          toasts.show({ color: 'teal', message: t.removed });
        })(),
      onError: (error) => setProblem(errorMessage(error, { fallback: t.removeFailed })),
    });
  };

  const availability = local?.availability;
  const state =
    availability === 'unsupported'
      ? t.unsupported
      : availability === 'no-worker'
        ? t.noServiceWorker
        : permission === 'denied'
          ? t.denied
          : null;

  return (
    <Stack gap="sm" data-testid="push-settings">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Switch
          checked={on}
          disabled={availability !== 'ready' || devices.isPending || busy}
          onChange={(event) => void handleChange(event.currentTarget.checked)}
          label={t.title}
          description={t.hint}
          data-testid="push-toggle"
        />
        {(local === null || busy) && <Loader size="xs" role="status" aria-label={t.loading} />}
      </Group>
      {state && (
        <Alert color={availability === 'ready' ? 'red' : 'gray'} p="xs" data-testid="push-state">
          <Text size="xs">{state}</Text>
        </Alert>
      )}
      {problem && problem !== state && (
        <Text size="xs" c="red" role="alert" data-testid="push-problem">
          {problem}
        </Text>
      )}
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t.devicesTitle}
        </Text>
        {devices.isPending && <Loader size="sm" role="status" aria-label={t.loading} />}
        {devices.isError && (
          <ErrorAlert message={errorMessage(devices.error, { fallback: t.devicesFailed })} />
        )}
        {devices.isSuccess && devices.data.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="push-devices-empty">
            {t.devicesEmpty}
          </Text>
        )}
        {devices.isSuccess && devices.data.length > 0 && (
          <Stack gap={6} data-testid="push-devices">
            {devices.data.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                busy={removeDevice.isPending && removeDevice.variables === device.id}
                onRemove={handleRemove}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
