import { ErrorCode } from '@teamup/contracts/error-codes';
import { TeamMessages as M } from '@teamup/contracts/teams';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import {
  assertCanDeleteTeam,
  assertCanEditTeam,
  assertInTeam,
  canDeleteTeam,
  canEditTeam,
  leads,
} from './teams.policy';

const leader = 7;
const team = { leaderId: leader };
const leaderless = { leaderId: null };
const someone = 8;
const leaderOnly = { status: 403, code: ErrorCode.TEAM_FORBIDDEN, detail: M.leaderOnly };

describe('team policy', () => {
  it('knows the leader, and that a leaderless team is led by nobody', () => {
    expect(leads(team, leader)).toBe(true);
    expect(leads(team, someone)).toBe(false);
    expect(leads(leaderless, someone)).toBe(false);
  });

  it('lets the leader and the workspace moderators edit the team', () => {
    expect(canEditTeam(team, leader, 'MEMBER')).toBe(true);
    const roles: WorkspaceRole[] = ['OWNER', 'ADMIN', 'MEMBER'];
    expect(roles.filter((role) => canEditTeam(team, someone, role))).toEqual(['OWNER', 'ADMIN']);
    expect(refusalOf(() => assertCanEditTeam(team, someone, 'MEMBER'))).toEqual(leaderOnly);
    expect(refusalOf(() => assertCanEditTeam(team, someone, 'ADMIN'))).toBeUndefined();
  });

  it('offers deletion to the leader and the workspace owner, not to every admin', () => {
    expect(canDeleteTeam(team, leader, 'MEMBER')).toBe(true);
    expect(canDeleteTeam(team, someone, 'OWNER')).toBe(true);
    expect(canDeleteTeam(team, someone, 'ADMIN')).toBe(false);
    expect(refusalOf(() => assertCanDeleteTeam(leaderless, someone, 'ADMIN'))).toEqual(leaderOnly);
  });

  it('refuses those outside the team as not members', () => {
    expect(refusalOf(() => assertInTeam(true))).toBeUndefined();
    expect(refusalOf(() => assertInTeam(false))).toEqual({
      status: 403,
      code: ErrorCode.TEAM_NOT_MEMBER,
      detail: M.notMember,
    });
  });
});
