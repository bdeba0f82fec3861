import { describe, expect, it } from 'vitest';
import type { Workspace } from '@teamup/contracts/workspaces';
import {
  defaultWorkspace,
  findWorkspace,
  isWorkspaceIdParam,
  replaceWorkspaceSegment,
} from './match-workspace';

function workspace(id: number, inviteCode: string): Workspace {
  return {
    id,
    name: `ws${id}`,
    iconUrl: null,
    inviteCode,
    url: `http://localhost/#/ws/${inviteCode}`,
    passwordProtected: false,
    isClass: false,
    owner: { id: 1 },
    myRole: 'MEMBER',
    memberCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const list = [workspace(3, 'AbCdEf1234'), workspace(7, 'ZzYyXx9876')];

describe('findWorkspace', () => {
  it('matches by id', () => {
    expect(findWorkspace(list, '7')?.id).toBe(7);
  });

  it('matches by invite code', () => {
    expect(findWorkspace(list, 'AbCdEf1234')?.id).toBe(3);
  });

  it('matches by the whole invite link', () => {
    expect(findWorkspace(list, 'http://localhost/#/ws/ZzYyXx9876')?.id).toBe(7);
  });

  it('answers undefined for an unknown id, an unknown code or nothing', () => {
    expect(findWorkspace(list, '99')).toBeUndefined();
    expect(findWorkspace(list, 'Unknown123')).toBeUndefined();
    expect(findWorkspace(list, undefined)).toBeUndefined();
    expect(findWorkspace(list, '')).toBeUndefined();
  });

  it('is case sensitive for codes', () => {
    expect(findWorkspace(list, 'abcdef1234')).toBeUndefined();
  });
});

describe('defaultWorkspace', () => {
  it('prefers the last accessed workspace', () => {
    expect(defaultWorkspace(list, 7)?.id).toBe(7);
  });

  it('falls back to the first when the last one is gone or unknown', () => {
    expect(defaultWorkspace(list, 42)?.id).toBe(3);
    expect(defaultWorkspace(list, null)?.id).toBe(3);
    expect(defaultWorkspace([], 3)).toBeUndefined();
  });
});

describe('isWorkspaceIdParam', () => {
  it('accepts digits only', () => {
    expect(isWorkspaceIdParam('12')).toBe(true);
    expect(isWorkspaceIdParam('12a')).toBe(false);
    expect(isWorkspaceIdParam('AbCdEf1234')).toBe(false);
  });
});

describe('replaceWorkspaceSegment', () => {
  it('swaps the workspace segment and keeps the rest', () => {
    expect(replaceWorkspaceSegment('/ws/AbCdEf1234/team/3', '/ws/7')).toBe('/ws/7/team/3');
    expect(replaceWorkspaceSegment('/ws/AbCdEf1234', '/ws/7')).toBe('/ws/7');
  });
});
