import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PushSubscriptionInfo } from '@teamup/contracts/push';
import { renderPage } from '../../../test/render';
import { noContent, ok, problem, routes, stubApi, type ApiCall } from '../../../test/stub-api';
import { PushSettingsSection } from './push-settings';

/*
 * "이 기기에서 알림 받기" against a scripted API and a stand-in browser: Notification, the service
 * worker's registration and its pushManager, as the browser-notification tests stand in for
 * Notification. Real Chromium subscribing and a push shown are e2e/push.spec.ts.
 */

/** A VAPID public key: 65 bytes, base64url (bytes 4, then 1..64). */
const vapidBytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const vapidKey = btoa(String.fromCharCode(...vapidBytes))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

const subscriptionJson = {
  endpoint: 'https://push.example/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
};

class FakeSubscription {
  unsubscribe = vi.fn(async () => {
    browser.subscription = null;
    return true;
  });
  toJSON() {
    return subscriptionJson;
  }
}

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  });
}

const browser = {
  subscription: null as FakeSubscription | null,
  registered: true,
  subscribe: vi.fn<(options: PushSubscriptionOptionsInit) => Promise<FakeSubscription>>(),
};

function installBrowser({ push = true } = {}) {
  vi.stubGlobal('Notification', FakeNotification);
  if (push) vi.stubGlobal('PushManager', class {});
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: (options: PushSubscriptionOptionsInit) => browser.subscribe(options),
  };
  Object.defineProperty(window.navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (browser.registered ? { active: {}, pushManager } : undefined),
    },
  });
}

const device = (
  id: number,
  current: boolean,
  deviceLabel: string | null,
): PushSubscriptionInfo => ({
  id,
  deviceLabel,
  current,
  createdAt: '2026-11-20T03:00:00.000Z',
});

beforeEach(() => {
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.requestPermission.mockClear();
  browser.subscription = null;
  browser.registered = true;
  browser.subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    browser.subscription = new FakeSubscription();
    return browser.subscription;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window.navigator, 'serviceWorker');
});

/** The API: a list of devices that the calls change. */
function setup(initial: PushSubscriptionInfo[], options: { postFails?: boolean } = {}) {
  let list = [...initial];
  const calls = stubApi(
    routes({
      'GET /api/push/vapid-public-key': () => ok({ publicKey: vapidKey }),
      'GET /api/push/subscriptions': () => ok(list),
      'POST /api/push/subscriptions': () => {
        if (options.postFails)
          return problem(400, 'PUSH_SUBSCRIPTION_INVALID', '이 주소로는 알림을 보낼 수 없습니다.');
        const made = device(9, true, 'Chrome · Linux');
        list = [made, ...list];
        return ok(made, 201);
      },
    }),
  );
  // DELETE /api/push/subscriptions/:id, whatever the id.
  const handle = vi.mocked(fetch).getMockImplementation();
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const match = /\/api\/push\/subscriptions\/(\d+)$/.exec(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    if (init?.method === 'DELETE' && match) {
      calls.push({
        method: 'DELETE',
        path: `/api/push/subscriptions/${match[1]}`,
        query: new URLSearchParams(),
        headers: new Headers(init.headers),
        body: undefined,
      });
      list = list.filter((item) => item.id !== Number(match[1]));
      return noContent();
    }
    return handle!(input, init);
  });
  renderPage('*', <PushSettingsSection />, '/notifications');
  return calls;
}

const toggle = () => screen.getByTestId<HTMLInputElement>('push-toggle');
const sent = (calls: ApiCall[], method: string) =>
  calls.filter((call) => call.method === method && call.path.startsWith('/api/push/subscriptions'));

describe('이 기기에서 알림 받기', () => {
  it('asks permission, subscribes with the server’s VAPID key and hands the subscription over', async () => {
    installBrowser();
    const calls = setup([device(4, false, 'Safari · iOS')]);
    expect(await screen.findByText('Safari · iOS')).toBeTruthy();
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);

    fireEvent.click(toggle());
    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0] ?? [];
    expect(options?.userVisibleOnly).toBe(true);
    expect(Array.from(options?.applicationServerKey as Uint8Array)).toEqual(Array.from(vapidBytes));
    expect(sent(calls, 'POST')[0]?.body).toEqual(subscriptionJson);

    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(await screen.findByText('이 기기에서 알림을 받습니다.')).toBeTruthy();
    expect(screen.getAllByTestId('push-device')).toHaveLength(2);
    expect(screen.getByTestId('push-device-current').textContent).toBe('이 기기');
    expect(screen.getByText('Chrome · Linux')).toBeTruthy();
    expect(screen.getAllByText('2026년 11월 20일 등록').length).toBeGreaterThan(0);
  });

  it('off deletes this device’s subscription on the server and unsubscribes the browser', async () => {
    installBrowser();
    FakeNotification.permission = 'granted';
    const mine = new FakeSubscription();
    browser.subscription = mine;
    const calls = setup([device(5, true, 'Chrome · Linux'), device(4, false, null)]);
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(screen.getByText('알 수 없는 기기')).toBeTruthy();

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect(sent(calls, 'DELETE').map((call) => call.path)).toEqual(['/api/push/subscriptions/5']);
    expect(mine.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('이 기기에서 더 이상 알림을 받지 않습니다.')).toBeTruthy();
    expect(screen.getAllByTestId('push-device')).toHaveLength(1);
  });

  it('removes another device from the list', async () => {
    installBrowser();
    const calls = setup([device(4, false, 'Safari · iOS'), device(3, false, 'Firefox · Windows')]);
    const remove = await screen.findByRole('button', { name: 'Firefox · Windows 알림 받기 해제' });
    fireEvent.click(remove);
    await waitFor(() => expect(screen.getAllByTestId('push-device')).toHaveLength(1));
    expect(sent(calls, 'DELETE').map((call) => call.path)).toEqual(['/api/push/subscriptions/3']);
    expect(screen.queryByText('Firefox · Windows')).toBeNull();
  });

  it('says the permission was denied and subscribes nothing', async () => {
    installBrowser();
    FakeNotification.answer = 'denied';
    const calls = setup([]);
    expect(await screen.findByTestId('push-devices-empty')).toBeTruthy();
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect((await screen.findByTestId('push-state')).textContent).toContain(
      '브라우저에서 알림 권한이 거부되었습니다.',
    );
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(sent(calls, 'POST')).toHaveLength(0);
    expect(toggle().checked).toBe(false);
  });

  it('drops the browser’s subscription when the server refuses it, and says so', async () => {
    installBrowser();
    const calls = setup([], { postFails: true });
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect((await screen.findByTestId('push-problem')).textContent).toBe(
      '이 주소로는 알림을 보낼 수 없습니다.',
    );
    expect(sent(calls, 'POST')).toHaveLength(1);
    expect(browser.subscription).toBeNull();
    expect(toggle().checked).toBe(false);
  });

  it('says so when the browser cannot subscribe (its push service unreachable)', async () => {
    installBrowser();
    browser.subscribe = vi.fn(() =>
      Promise.reject(new DOMException('Registration failed - push service error', 'AbortError')),
    );
    const calls = setup([]);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect((await screen.findByTestId('push-problem')).textContent).toBe(
      '이 기기에서 알림을 켜지 못했습니다. 잠시 후 다시 시도해주세요.',
    );
    expect(sent(calls, 'POST')).toHaveLength(0);
    expect(toggle().checked).toBe(false);
  });

  it('explains a browser without push, and the dev server without a service worker', async () => {
    installBrowser({ push: false });
    setup([]);
    expect((await screen.findByTestId('push-state')).textContent).toBe(
      '이 브라우저는 푸시 알림을 지원하지 않습니다.',
    );
    expect(toggle().disabled).toBe(true);
    cleanup();

    installBrowser();
    browser.registered = false;
    setup([]);
    expect((await screen.findByTestId('push-state')).textContent).toContain(
      '서비스 워커가 등록되지 않아',
    );
    expect(toggle().disabled).toBe(true);
  });
});
