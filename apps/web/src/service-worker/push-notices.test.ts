import { describe, expect, it } from 'vitest';
import { pushPayloadSchema, type PushPayload } from '@teamup/contracts/push';
import {
  clickTargetOf,
  NOTICE_ICON,
  noticeOf,
  parsePushPayload,
  shouldShowNotice,
  windowForClick,
  type WindowFacts,
} from './push-notices';

const origin = 'https://teamup.example';
const chatPush: PushPayload = {
  notificationId: 41,
  kind: 'MENTION',
  body: '김하늘님이 #일반에서 회원님을 언급했습니다: 내일 회의 몇 시?',
  link: '/ws/3/chat/9?message=12',
  tag: 'chat:9',
  count: 3,
  timestamp: '2026-11-29T12:00:00.000Z',
};

describe('reading a push', () => {
  it('takes the payload the server sends, as the contracts define it', () => {
    expect(parsePushPayload(JSON.stringify(chatPush))).toEqual(chatPush);
  });

  it('refuses what is not a payload, as the contracts’ schema does', () => {
    const bad: unknown[] = [
      { ...chatPush, kind: 'NOT_A_KIND' },
      { ...chatPush, kind: 'toString' },
      { ...chatPush, notificationId: '41' },
      { ...chatPush, count: 1.5 },
      { ...chatPush, body: null },
      { ...chatPush, link: 12 },
      { ...chatPush, tag: undefined },
      { ...chatPush, timestamp: 0 },
      [chatPush],
      null,
      '문자열',
    ];
    for (const value of bad) {
      expect(parsePushPayload(JSON.stringify(value)), JSON.stringify(value)).toBeNull();
      expect(pushPayloadSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    expect(parsePushPayload('{not json')).toBeNull();
    expect(parsePushPayload('')).toBeNull();
    expect(parsePushPayload(null)).toBeNull();
  });
});

describe('the notice of a push', () => {
  it('has the kind’s Korean title, the bell’s text, the room’s tag with renotify, icon and link', () => {
    const notice = noticeOf(chatPush);
    expect(notice.title).toBe('나를 언급한 메시지');
    expect(notice.options).toMatchObject({
      body: chatPush.body,
      icon: NOTICE_ICON,
      tag: 'chat:9',
      renotify: true,
      data: { link: '/ws/3/chat/9?message=12' },
      timestamp: Date.parse(chatPush.timestamp),
    });
  });

  it('does not renotify what is not chat', () => {
    const notice = noticeOf({
      ...chatPush,
      kind: 'TASK_ASSIGNED',
      tag: 'notice:7',
      link: '/ws/3/board',
    });
    expect(notice.title).toBe('작업 담당자 지정');
    expect(notice.options.renotify).toBe(false);
    expect(notice.options.tag).toBe('notice:7');
  });

  it('is a generic Korean notice opening the notifications page when the push is unreadable', () => {
    const notice = noticeOf(parsePushPayload('garbage'));
    expect(notice.title).toBe('TeamUp');
    expect(notice.options.body).toBe('새 알림이 있습니다. 눌러서 확인하세요.');
    expect(notice.options.data).toEqual({ link: '/notifications' });
  });
});

const win = (url: string, focused: boolean, visibilityState: DocumentVisibilityState) =>
  ({ url, focused, visibilityState }) satisfies WindowFacts;

describe('whether a notice is shown', () => {
  it('not when a window of the app is focused and visible (the app shows its own)', () => {
    expect(shouldShowNotice([win(`${origin}/#/ws/3/chat/9`, true, 'visible')], origin)).toBe(false);
  });

  it('when no window is open, or the app’s windows are hidden or in the background', () => {
    expect(shouldShowNotice([], origin)).toBe(true);
    expect(shouldShowNotice([win(`${origin}/`, false, 'visible')], origin)).toBe(true);
    expect(shouldShowNotice([win(`${origin}/`, true, 'hidden')], origin)).toBe(true);
    expect(shouldShowNotice([win('https://other.example/', true, 'visible')], origin)).toBe(true);
  });
});

describe('where a click goes', () => {
  it('to the app at the item’s hash route', () => {
    expect(clickTargetOf({ link: '/ws/3/chat/9?message=12' }, origin)).toBe(
      `${origin}/#/ws/3/chat/9?message=12`,
    );
  });

  it('to the notifications page for anything that is not an app path', () => {
    for (const link of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      'ws/3',
      '/ws/3 x',
    ]) {
      expect(clickTargetOf({ link }, origin), link).toBe(`${origin}/#/notifications`);
    }
    expect(clickTargetOf(null, origin)).toBe(`${origin}/#/notifications`);
    expect(clickTargetOf({ link: 5 }, origin)).toBe(`${origin}/#/notifications`);
  });

  it('into the focused window of the app, else a visible one, else the first; none: a new one', () => {
    const other = win('https://other.example/', true, 'visible');
    const hidden = win(`${origin}/#/ws/1`, false, 'hidden');
    const visible = win(`${origin}/#/ws/2`, false, 'visible');
    const focused = win(`${origin}/#/ws/3`, true, 'visible');
    expect(windowForClick([other, hidden, visible, focused], origin)).toBe(3);
    expect(windowForClick([other, hidden, visible], origin)).toBe(2);
    expect(windowForClick([other, hidden], origin)).toBe(1);
    expect(windowForClick([other], origin)).toBe(-1);
    expect(windowForClick([], origin)).toBe(-1);
  });
});
