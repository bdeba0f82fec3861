import { describe, expect, it } from 'vitest';
import {
  defaultDeliverySettings,
  deliverySettingsSchema,
  inQuietHours,
  isKnownTimeZone,
  nextTimeOfDay,
  quietHoursEndAfter,
  type DeliverySettings,
} from './delivery';

const overnight: DeliverySettings = {
  ...defaultDeliverySettings,
  quietHours: { enabled: true, start: '23:00', end: '08:00', allowMentions: false },
};

describe('quiet hours', () => {
  it('hold from their start to their end past midnight, in Seoul time', () => {
    // 23:00 KST is 14:00 UTC.
    expect(inQuietHours(overnight, new Date('2026-11-29T13:59:00Z'))).toBe(false);
    expect(inQuietHours(overnight, new Date('2026-11-29T14:00:00Z'))).toBe(true);
    expect(inQuietHours(overnight, new Date('2026-11-29T20:00:00Z'))).toBe(true);
    expect(inQuietHours(overnight, new Date('2026-11-29T22:59:59Z'))).toBe(true);
    // 08:00 KST, the end, is no longer quiet.
    expect(inQuietHours(overnight, new Date('2026-11-29T23:00:00Z'))).toBe(false);
  });

  it('hold within one day when the end comes after the start', () => {
    const lunch = {
      ...overnight,
      quietHours: { ...overnight.quietHours, start: '12:00', end: '13:30' },
    };
    expect(inQuietHours(lunch, new Date('2026-11-30T02:59:00Z'))).toBe(false); // 11:59
    expect(inQuietHours(lunch, new Date('2026-11-30T03:00:00Z'))).toBe(true); // 12:00
    expect(inQuietHours(lunch, new Date('2026-11-30T04:29:00Z'))).toBe(true); // 13:29
    expect(inQuietHours(lunch, new Date('2026-11-30T04:30:00Z'))).toBe(false); // 13:30
  });

  it('follow the member’s own time zone', () => {
    const london = { ...overnight, timeZone: 'Europe/London' };
    // 23:30 UTC: 08:30 in Seoul (awake), 23:30 in London (quiet).
    const at = new Date('2026-11-29T23:30:00Z');
    expect(inQuietHours(overnight, at)).toBe(false);
    expect(inQuietHours(london, at)).toBe(true);
  });

  it('are never on when turned off', () => {
    const off = { ...overnight, quietHours: { ...overnight.quietHours, enabled: false } };
    expect(inQuietHours(off, new Date('2026-11-29T18:00:00Z'))).toBe(false);
  });

  it('end at the next end time, to the minute', () => {
    // 03:17:42 KST → held until 08:00 KST (23:00 UTC the day before in UTC terms).
    expect(quietHoursEndAfter(overnight, new Date('2026-11-29T18:17:42Z')).toISOString()).toBe(
      '2026-11-29T23:00:00.000Z',
    );
    // 23:05 KST → 08:00 the next morning.
    expect(quietHoursEndAfter(overnight, new Date('2026-11-29T14:05:00Z')).toISOString()).toBe(
      '2026-11-29T23:00:00.000Z',
    );
    // Outside them: at once.
    const awake = new Date('2026-11-30T01:00:00Z');
    expect(quietHoursEndAfter(overnight, awake)).toBe(awake);
  });
});

describe('the next time of day', () => {
  it('is the next 09:00 of the zone, tomorrow once it has passed today', () => {
    // 08:59:30 in Seoul → 09:00 the same day; 09:00 itself → the next day's.
    expect(
      nextTimeOfDay('Asia/Seoul', '09:00', new Date('2026-11-29T23:59:30Z')).toISOString(),
    ).toBe('2026-11-30T00:00:00.000Z');
    expect(
      nextTimeOfDay('Asia/Seoul', '09:00', new Date('2026-11-30T00:00:00Z')).toISOString(),
    ).toBe('2026-12-01T00:00:00.000Z');
    expect(
      nextTimeOfDay('Europe/London', '09:00', new Date('2026-11-30T00:00:00Z')).toISOString(),
    ).toBe('2026-11-30T09:00:00.000Z');
  });
});

describe('delivery settings', () => {
  it('take the defaults the issue names: a digest after 15 minutes, Seoul time', () => {
    expect(deliverySettingsSchema.parse(defaultDeliverySettings)).toEqual(defaultDeliverySettings);
    expect(defaultDeliverySettings.digest).toBe('AFTER_15_MIN');
    expect(defaultDeliverySettings.timeZone).toBe('Asia/Seoul');
  });

  it('refuse an unknown zone, a time that is no time and a window of no length', () => {
    expect(isKnownTimeZone('Asia/Seoul')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    const refused = (settings: unknown) =>
      deliverySettingsSchema.safeParse(settings).error?.issues.map((issue) => issue.message);
    expect(refused({ ...overnight, timeZone: 'Mars/Olympus' })).toEqual([
      '알 수 없는 시간대입니다.',
    ]);
    expect(
      refused({ ...overnight, quietHours: { ...overnight.quietHours, start: '24:00' } }),
    ).toEqual(['시각은 00:00부터 23:59 사이로 입력해주세요.']);
    expect(
      refused({ ...overnight, quietHours: { ...overnight.quietHours, end: '23:00' } }),
    ).toEqual(['방해금지 시작과 끝 시각이 같을 수 없습니다.']);
    expect(refused({ ...overnight, digest: 'HOURLY' })).toHaveLength(1);
  });
});

describe('task reminders', () => {
  const withReminders = (taskReminders: unknown) =>
    deliverySettingsSchema.safeParse({ ...defaultDeliverySettings, taskReminders });

  it('default to both when a client of before them leaves them out', () => {
    const { taskReminders: _left, ...older } = defaultDeliverySettings;
    expect(deliverySettingsSchema.parse(older).taskReminders).toEqual(['24H', '1H']);
  });

  it('take one, both or none, each once', () => {
    expect(withReminders(['1H']).success).toBe(true);
    expect(withReminders([]).success).toBe(true);
    expect(withReminders(['1H', '1H']).error?.issues[0]?.message).toBe(
      '같은 알림 시점을 두 번 고를 수 없습니다.',
    );
    expect(withReminders(['2H']).success).toBe(false);
  });
});
