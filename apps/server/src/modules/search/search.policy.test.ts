import { ErrorCode } from '@teamup/contracts/error-codes';
import { searchMessages } from '@teamup/contracts/search';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import { assertTeamSearchable, searchesAllTeams } from './search.policy';

describe('search policy', () => {
  it("searches every team's content for the roles that read it all", () => {
    const roles: WorkspaceRole[] = ['OWNER', 'ADMIN', 'MEMBER'];
    expect(roles.filter(searchesAllTeams)).toEqual(['OWNER']);
  });

  it('narrows to a team only the caller reads', () => {
    expect(refusalOf(() => assertTeamSearchable([4, 5], 5))).toBeUndefined();
    expect(refusalOf(() => assertTeamSearchable([4, 5], 6))).toEqual({
      status: 403,
      code: ErrorCode.TEAM_NOT_MEMBER,
      detail: searchMessages.teamNotReadable,
    });
  });
});
