import { describe, expect, it } from 'vitest';
import { deviceLabelOf } from './device-label';
import { pushSubscriptionInputSchema } from './push';

const p256dh = `B${'A'.repeat(86)}`;
const auth = 'A'.repeat(22);

describe('a push subscription as a browser hands it over', () => {
  it('takes base64url keys with or without padding, and an http(s) endpoint', () => {
    for (const keys of [
      { p256dh, auth },
      { p256dh: `${p256dh}=`, auth: `${auth}==` },
    ]) {
      const parsed = pushSubscriptionInputSchema.safeParse({
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        expirationTime: null,
        keys,
      });
      expect(parsed.success, JSON.stringify(keys)).toBe(true);
    }
  });

  it('refuses keys of the wrong length or alphabet, and endpoints of another scheme', () => {
    const bad = [
      { endpoint: 'https://push.example.com/x', keys: { p256dh: p256dh.slice(1), auth } },
      { endpoint: 'https://push.example.com/x', keys: { p256dh, auth: `${auth}A` } },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: `${p256dh.slice(1)}+`, auth } },
      { endpoint: 'ftp://push.example.com/x', keys: { p256dh, auth } },
      { endpoint: `https://push.example.com/${'x'.repeat(2048)}`, keys: { p256dh, auth } },
      { endpoint: 'not a url', keys: { p256dh, auth } },
    ];
    for (const input of bad) {
      expect(pushSubscriptionInputSchema.safeParse(input).success, input.endpoint).toBe(false);
    }
  });
});

describe('deviceLabelOf', () => {
  it('names the browser and the system, falling back to the platform', () => {
    expect(
      deviceLabelOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(deviceLabelOf('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Whale/3.25')).toBe(
      'Whale · Windows',
    );
    expect(deviceLabelOf('curl/8.0', 'Linux')).toBe('Linux');
    expect(deviceLabelOf('')).toBeNull();
  });
});
