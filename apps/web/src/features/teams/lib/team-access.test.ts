import { describe, expect, it } from 'vitest';
import { canDeleteTeam, canManageTeam, parseRouteId } from './team-access';

describe('parseRouteId', () => {
  it('reads plain positive numbers', () => {
    expect(parseRouteId('12')).toBe(12);
    expect(parseRouteId('007')).toBe(7);
  });

  it('refuses missing, zero and non-numeric ids', () => {
    expect(parseRouteId(undefined)).toBeNull();
    expect(parseRouteId('')).toBeNull();
    expect(parseRouteId('0')).toBeNull();
    expect(parseRouteId('-3')).toBeNull();
    expect(parseRouteId('1.5')).toBeNull();
    expect(parseRouteId('abc')).toBeNull();
    expect(parseRouteId('12abc')).toBeNull();
    expect(parseRouteId('9999999999999999999')).toBeNull();
  });
});

describe('canDeleteTeam', () => {
  const owner = { owner: { id: 1 }, myRole: 'MEMBER' as const };

  it('lets the leader and the workspace owner delete', () => {
    expect(canDeleteTeam({ leader: { id: 5, name: '팀장' } }, 5, owner)).toBe(true);
    expect(canDeleteTeam({ leader: { id: 5, name: '팀장' } }, 1, owner)).toBe(true);
    expect(canDeleteTeam({ leader: null }, 9, { owner: { id: 2 }, myRole: 'OWNER' as const })).toBe(
      true,
    );
  });

  it('refuses other members, admins included', () => {
    expect(canDeleteTeam({ leader: { id: 5, name: '팀장' } }, 6, owner)).toBe(false);
    expect(
      canDeleteTeam({ leader: { id: 5, name: '팀장' } }, 6, {
        owner: { id: 1 },
        myRole: 'ADMIN' as const,
      }),
    ).toBe(false);
    expect(canDeleteTeam({ leader: null }, undefined, owner)).toBe(false);
    expect(canDeleteTeam({ leader: null }, 6, undefined)).toBe(false);
  });
});

describe('canManageTeam', () => {
  const leader = { leader: { id: 5, name: '팀장' } };

  it('lets the leader, the workspace owner and admins edit and remove members', () => {
    expect(canManageTeam(leader, 5, { owner: { id: 1 }, myRole: 'MEMBER' })).toBe(true);
    expect(canManageTeam(leader, 1, { owner: { id: 1 }, myRole: 'OWNER' })).toBe(true);
    expect(canManageTeam(leader, 7, { owner: { id: 1 }, myRole: 'ADMIN' })).toBe(true);
  });

  it('refuses other members and unknown viewers', () => {
    expect(canManageTeam(leader, 6, { owner: { id: 1 }, myRole: 'MEMBER' })).toBe(false);
    expect(canManageTeam(leader, undefined, { owner: { id: 1 }, myRole: 'OWNER' })).toBe(false);
    expect(canManageTeam({ leader: null }, 6, undefined)).toBe(false);
  });
});
