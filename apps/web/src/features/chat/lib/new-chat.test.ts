import { describe, expect, it } from 'vitest';
import { pickableMembers, validateNewChat } from './new-chat';

describe('validateNewChat', () => {
  it('needs at least one other person', () => {
    expect(validateNewChat('PERSONAL', [], '')).toBe('최소 1명의 사용자를 선택해주세요.');
    expect(validateNewChat('GROUP', [], '회의')).toBe('최소 1명의 사용자를 선택해주세요.');
  });

  it('allows exactly one other person in a 1:1 chat', () => {
    expect(validateNewChat('PERSONAL', [5, 6], '')).toBe(
      '1:1 채팅은 상대방 한 명만 선택할 수 있습니다.',
    );
    expect(validateNewChat('PERSONAL', [5], '')).toBeNull();
  });

  it('needs a name for a group', () => {
    expect(validateNewChat('GROUP', [5, 6], '  ')).toBe('그룹 채팅방 이름을 입력해주세요.');
    expect(validateNewChat('GROUP', [5], '회의')).toBeNull();
  });
});

describe('pickableMembers', () => {
  const people = [
    { id: 3, name: '김민지', email: 'minji@demo.teamup' },
    { id: 5, name: '이서연', email: 'seoyeon@demo.teamup' },
    { id: 6, name: 'Park', email: 'park@example.com' },
  ];

  it('leaves the caller out and finds by name or email', () => {
    expect(pickableMembers(people, 3, '').map((person) => person.id)).toEqual([5, 6]);
    expect(pickableMembers(people, 3, '서연').map((person) => person.id)).toEqual([5]);
    expect(pickableMembers(people, 3, 'PARK@').map((person) => person.id)).toEqual([6]);
    expect(pickableMembers(people, 3, 'minji')).toEqual([]);
  });
});
