// @vitest-environment jsdom
// jsdom: recent places are kept in localStorage.
import { describe, expect, it } from 'vitest';
import type { Team } from '@teamup/contracts/teams';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { message, ME, OTHER, room } from '../../chat/test/fixtures';
import { quickSwitchGroups } from './quick-switch';
import { RECENT_PLACES_MAX, recentPlaces, rememberPlace } from './recent-places';

const team = (id: number, name: string, isMember = true) => ({ id, name, isMember }) as Team;
const person = (id: number, name: string) => ({ id, name }) as WorkspaceMember;

const dm = room({
  id: 1,
  name: '이서연',
  lastMessage: message(5, { sentAt: '2026-03-01T00:00:00Z' }),
});
const quiet = room({ id: 2, type: 'GROUP', name: '조용한 방', memberCount: 3, members: [] });
const busy = room({
  id: 3,
  type: 'GROUP',
  name: '바쁜 방',
  memberCount: 4,
  members: [],
  lastMessage: message(9, { sentAt: '2026-03-05T00:00:00Z' }),
});

describe('quickSwitchGroups', () => {
  const base = {
    workspaceId: 7,
    myId: ME,
    rooms: [dm, quiet, busy],
    teams: [team(10, '디자인팀'), team(11, '개발팀'), team(12, '남의 팀', false)],
    people: [person(ME, '김민지'), person(8, '박지훈'), person(OTHER, '이서연')],
    recent: [],
  };

  it('offers rooms by last activity, my teams, and people other than me (1:1 partners first)', () => {
    const groups = quickSwitchGroups(base);
    expect(groups.map((group) => group.key)).toEqual(['rooms', 'teams', 'people']);
    const [rooms, teams, people] = groups;
    expect(rooms?.options.map((option) => option.title)).toEqual([
      '바쁜 방',
      '이서연',
      '조용한 방',
    ]);
    expect(rooms?.options.map((option) => option.context)).toEqual([
      '그룹 · 4명',
      '1:1 대화',
      '그룹 · 3명',
    ]);
    expect(rooms?.options[0]?.href).toBe('/ws/7/chat/3');
    expect(teams?.options.map((option) => option.title)).toEqual(['디자인팀', '개발팀']);
    expect(teams?.options[1]?.href).toBe('/ws/7/team/11');
    expect(people?.options.map((option) => option.title)).toEqual(['이서연', '박지훈']);
    expect(people?.options[0]?.href).toBe(`/users/${OTHER}`);
  });

  it('puts the places opened lately first, newest first', () => {
    const groups = quickSwitchGroups({
      ...base,
      recent: [
        { kind: 'team', id: 11 },
        { kind: 'room', id: 2 },
        { kind: 'room', id: 1 },
      ],
    });
    expect(groups[0]?.options.map((option) => option.key)).toEqual(['room:2', 'room:1', 'room:3']);
    expect(groups[1]?.options.map((option) => option.key)).toEqual(['team:11', 'team:10']);
  });

  it('shows at most five of each and leaves empty groups out', () => {
    const many = Array.from({ length: 8 }, (_, index) => team(100 + index, `팀 ${index}`));
    const groups = quickSwitchGroups({ ...base, rooms: [], people: [], teams: many });
    expect(groups.map((group) => group.key)).toEqual(['teams']);
    expect(groups[0]?.options).toHaveLength(5);
  });
});

describe('recent places', () => {
  it('keeps each place once, newest first, at most ten, per workspace', () => {
    localStorage.clear();
    for (let id = 1; id <= 12; id += 1) rememberPlace(3, { kind: 'room', id });
    rememberPlace(3, { kind: 'room', id: 5 });
    rememberPlace(4, { kind: 'team', id: 1 });
    const places = recentPlaces(3);
    expect(places).toHaveLength(RECENT_PLACES_MAX);
    expect(places.slice(0, 3)).toEqual([
      { kind: 'room', id: 5 },
      { kind: 'room', id: 12 },
      { kind: 'room', id: 11 },
    ]);
    expect(places.filter((place) => place.id === 5)).toHaveLength(1);
    expect(recentPlaces(4)).toEqual([{ kind: 'team', id: 1 }]);
  });

  it('ignores what it did not write', () => {
    localStorage.setItem('teamup.recent-places.3', '{not json');
    expect(recentPlaces(3)).toEqual([]);
    localStorage.setItem(
      'teamup.recent-places.3',
      JSON.stringify([
        { kind: 'room', id: 2 },
        { kind: 'file', id: 1 },
        { kind: 'team', id: -1 },
      ]),
    );
    expect(recentPlaces(3)).toEqual([{ kind: 'room', id: 2 }]);
  });
});
