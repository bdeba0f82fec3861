import { ErrorCode } from '@teamup/contracts/error-codes';
import { WorkspaceMessages as M, type WorkspaceRole } from '@teamup/contracts/workspaces';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import {
  assertCanManageWorkspace,
  assertCanModerateWorkspace,
  assertMayLeave,
  assertMayRemoveMember,
  assertNotBanned,
  assertNotYourself,
  canManageWorkspace,
  canModerateWorkspace,
  canReadAllTeamContent,
} from './workspaces.policy';

const roles: WorkspaceRole[] = ['OWNER', 'ADMIN', 'MEMBER'];
const whoMay = (rule: (role: WorkspaceRole) => boolean) => roles.filter(rule);

const ownerOnly = { status: 403, code: ErrorCode.WORKSPACE_OWNER_ONLY, detail: M.ownerOnly };

describe('workspace roles', () => {
  it('lets the owner alone manage the workspace', () => {
    expect(whoMay(canManageWorkspace)).toEqual(['OWNER']);
    expect(canManageWorkspace(undefined)).toBe(false);
  });

  it('lets the owner and admins moderate it', () => {
    expect(whoMay(canModerateWorkspace)).toEqual(['OWNER', 'ADMIN']);
    expect(canModerateWorkspace(undefined)).toBe(false);
  });

  it("lets the owner alone read every team's content", () => {
    expect(whoMay(canReadAllTeamContent)).toEqual(['OWNER']);
  });

  it('refuses the others with the codes and words clients know', () => {
    expect(refusalOf(() => assertCanManageWorkspace('OWNER'))).toBeUndefined();
    expect(refusalOf(() => assertCanManageWorkspace('ADMIN'))).toEqual(ownerOnly);
    expect(refusalOf(() => assertCanModerateWorkspace('ADMIN'))).toBeUndefined();
    expect(refusalOf(() => assertCanModerateWorkspace('MEMBER'))).toEqual({
      status: 403,
      code: ErrorCode.WORKSPACE_ADMIN_ONLY,
      detail: M.adminOnly,
    });
  });
});

describe('joining, leaving and role changes', () => {
  it('keeps the banned out', () => {
    expect(refusalOf(() => assertNotBanned(false))).toBeUndefined();
    expect(refusalOf(() => assertNotBanned(true))).toEqual({
      status: 403,
      code: ErrorCode.WORKSPACE_BANNED,
      detail: M.banned,
    });
  });

  it('acts on others only', () => {
    expect(refusalOf(() => assertNotYourself(1, 2))).toBeUndefined();
    expect(refusalOf(() => assertNotYourself(1, 1))).toEqual({
      status: 400,
      code: ErrorCode.WORKSPACE_NOT_YOURSELF,
      detail: M.notYourself,
    });
  });

  it('keeps the owner in the workspace they run', () => {
    expect(refusalOf(() => assertMayLeave('ADMIN'))).toBeUndefined();
    expect(refusalOf(() => assertMayLeave('MEMBER'))).toBeUndefined();
    expect(refusalOf(() => assertMayLeave('OWNER'))).toEqual({
      status: 409,
      code: ErrorCode.WORKSPACE_OWNER_CANNOT_LEAVE,
      detail: M.ownerCannotLeave,
    });
  });
});

describe('who may remove whom', () => {
  const remove = (actor: WorkspaceRole, target: WorkspaceRole | undefined, targetId = 2) =>
    refusalOf(() => assertMayRemoveMember({ id: 1, role: actor }, { id: targetId, role: target }));

  it('lets admins remove plain members and former members, the owner anyone else', () => {
    expect(remove('ADMIN', 'MEMBER')).toBeUndefined();
    expect(remove('ADMIN', undefined)).toBeUndefined();
    expect(remove('OWNER', 'MEMBER')).toBeUndefined();
    expect(remove('OWNER', 'ADMIN')).toBeUndefined();
  });

  it('leaves admins to the owner', () => {
    expect(remove('ADMIN', 'ADMIN')).toEqual(ownerOnly);
  });

  it('protects the owner from everyone', () => {
    const protectedOwner = {
      status: 403,
      code: ErrorCode.WORKSPACE_OWNER_PROTECTED,
      detail: M.ownerProtected,
    };
    expect(remove('ADMIN', 'OWNER')).toEqual(protectedOwner);
  });

  it('refuses removing oneself before anything else', () => {
    expect(remove('OWNER', 'OWNER', 1)).toMatchObject({ code: ErrorCode.WORKSPACE_NOT_YOURSELF });
  });
});
