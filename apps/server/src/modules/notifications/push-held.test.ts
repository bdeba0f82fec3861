import { describe, expect, it } from 'vitest';
import type { DeliverySettings } from '@teamup/contracts/delivery';
import { heldByQuietHours, quietWindowStart, summaryPayload } from './push-held';
import type { NotificationRow } from './notifications.repo';

const settings = (
  start: string,
  end: string,
  allowMentions: boolean,
  timeZone = 'Asia/Seoul',
): Pick<DeliverySettings, 'quietHours' | 'timeZone'> => ({
  quietHours: { enabled: true, start, end, allowMentions },
  timeZone,
});

describe('quiet hours of pushes', () => {
  it('holds every kind in the window, a mention only when mentions are not let through', () => {
    const night = new Date('2026-11-30T16:30:00Z'); // 01:30 in Seoul
    expect(heldByQuietHours(settings('23:00', '08:00', false), 'CHAT_MESSAGE', night)).toBe(true);
    expect(heldByQuietHours(settings('23:00', '08:00', false), 'MENTION', night)).toBe(true);
    expect(heldByQuietHours(settings('23:00', '08:00', true), 'MENTION', night)).toBe(false);
    expect(heldByQuietHours(settings('23:00', '08:00', true), 'COMMENT', night)).toBe(true);
    // 08:00 in Seoul: the end is not in the window.
    const morning = new Date('2026-11-30T23:00:00Z');
    expect(heldByQuietHours(settings('23:00', '08:00', false), 'CHAT_MESSAGE', morning)).toBe(
      false,
    );
    const off = {
      ...settings('23:00', '08:00', false),
      quietHours: { enabled: false, start: '23:00', end: '08:00', allowMentions: false },
    };
    expect(heldByQuietHours(off, 'CHAT_MESSAGE', night)).toBe(false);
  });

  it('finds when the window began, past midnight and in the member’s zone', () => {
    expect(
      quietWindowStart(settings('23:00', '08:00', false), new Date('2026-11-30T16:30:20Z')),
    ).toEqual(new Date('2026-11-30T14:00:00Z')); // 23:00 in Seoul the day before
    expect(
      quietWindowStart(
        settings('22:00', '07:00', false, 'America/New_York'),
        new Date('2026-12-01T05:10:00Z'), // 00:10 in New York
      ),
    ).toEqual(new Date('2026-12-01T03:00:00Z')); // 22:00 in New York
  });

  it('tells one notice as the bell does, several as a count with the list’s link', () => {
    const row = {
      id: 7,
      userId: 1,
      kind: 'CHAT_MESSAGE',
      message: '1:1 채팅: 친구님의 새 메시지',
      link: '/ws/1/chat/2',
      foldKey: 'chat:2',
      count: 3,
      createdAt: new Date('2026-11-30T15:00:00Z'),
      updatedAt: new Date('2026-11-30T15:05:00Z'),
      readAt: null,
    } satisfies NotificationRow;
    expect(summaryPayload(row, 1, new Map())).toMatchObject({
      body: row.message,
      link: row.link,
      count: 3,
      tag: 'quiet-summary',
    });
    expect(summaryPayload(row, 4, new Map())).toMatchObject({
      body: '방해금지 동안 읽지 않은 알림 4개',
      link: '/notifications',
      count: 4,
    });
  });
});
