import { describe, expect, it } from 'vitest';
import { ME, OTHER, member, message, room } from '../test/fixtures';
import {
  canDeleteAnyMessage,
  canPinNotice,
  formatMessageTime,
  membersByAccount,
  roomDisplayName,
  senderDisplayName,
} from './room-display';

describe('roomDisplayName', () => {
  it('names a DM after the other member, else the server name, else DM {id}', () => {
    expect(roomDisplayName(room(), ME)).toBe('이서연');
    expect(roomDisplayName(room({ members: [member(ME, '김민지')], name: '서버 이름' }), ME)).toBe(
      '서버 이름',
    );
    expect(roomDisplayName(room({ members: [], name: '' }), ME)).toBe('DM 4');
  });

  it('names a group by its name, else 그룹 채팅 {id}', () => {
    expect(roomDisplayName(room({ type: 'GROUP', name: '디자인 회의' }), ME)).toBe('디자인 회의');
    expect(roomDisplayName(room({ type: 'GROUP', name: ' ' }), ME)).toBe('그룹 채팅 4');
  });
});

describe('senderDisplayName', () => {
  const members = membersByAccount([member(OTHER, '이서연')]);

  it('uses the name on the message, else the member list, else 알 수 없는 사용자', () => {
    expect(senderDisplayName(message(1, { senderName: '박지훈' }), members)).toBe('박지훈');
    expect(senderDisplayName(message(1, { senderName: '' }), members)).toBe('이서연');
    expect(senderDisplayName(message(1, { senderName: '알 수 없는 사용자' }), members)).toBe(
      '이서연',
    );
    expect(senderDisplayName(message(1, { senderName: '', senderId: 77 }), members)).toBe(
      '알 수 없는 사용자',
    );
  });
});

describe('formatMessageTime', () => {
  it('shows the time of day, else 시간 정보 없음', () => {
    expect(formatMessageTime('2026-03-02T14:05:00')).toBe('오후 2:05');
    expect(formatMessageTime('')).toBe('시간 정보 없음');
    expect(formatMessageTime('not a date')).toBe('시간 정보 없음');
  });
});

describe('canPinNotice', () => {
  it('lets either member of a DM pin, and in a group its owner and the moderators', () => {
    expect(canPinNotice({ type: 'PERSONAL', createdBy: OTHER }, ME, 'MEMBER')).toBe(true);
    expect(canPinNotice({ type: 'GROUP', createdBy: OTHER }, ME, 'MEMBER')).toBe(false);
    expect(canPinNotice({ type: 'GROUP', createdBy: ME }, ME, 'MEMBER')).toBe(true);
    expect(canPinNotice({ type: 'GROUP', createdBy: OTHER }, ME, 'ADMIN')).toBe(true);
  });
});

describe('canDeleteAnyMessage', () => {
  it('lets the workspace owner and admins delete anyone’s message', () => {
    expect(canDeleteAnyMessage('OWNER')).toBe(true);
    expect(canDeleteAnyMessage('ADMIN')).toBe(true);
    expect(canDeleteAnyMessage('MEMBER')).toBe(false);
    expect(canDeleteAnyMessage(undefined)).toBe(false);
  });
});
