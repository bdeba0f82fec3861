import { ErrorCode } from '@teamup/contracts/error-codes';
import { FormationMessages as M } from '@teamup/contracts/formation';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import { assertMayRunFormation, assertParticipant, canRunFormation } from './formation.policy';

describe('formation policy', () => {
  it('lets the workspace moderators run a formation', () => {
    const roles: WorkspaceRole[] = ['OWNER', 'ADMIN', 'MEMBER'];
    expect(roles.filter(canRunFormation)).toEqual(['OWNER', 'ADMIN']);
    expect(refusalOf(() => assertMayRunFormation('MEMBER'))).toEqual({
      status: 403,
      code: ErrorCode.WORKSPACE_ADMIN_ONLY,
      detail: M.adminOnly,
    });
  });

  it('lets only its participants vote', () => {
    const formation = { participantIds: [1, 2] };
    expect(refusalOf(() => assertParticipant(formation, 2))).toBeUndefined();
    expect(refusalOf(() => assertParticipant(formation, 3))).toEqual({
      status: 403,
      code: ErrorCode.FORMATION_FORBIDDEN,
      detail: M.notParticipant,
    });
  });
});
