import { ErrorCode } from '@teamup/contracts/error-codes';
import { VideoMessages as M } from '@teamup/contracts/video';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import {
  assertMayDeleteChannel,
  assertMayRemoveParticipant,
  canDeleteChannel,
  canRemoveParticipant,
} from './video.policy';

const creator = 1;
const channel = { createdBy: creator };
const participant = 2;
const someone = 3;
const roles: WorkspaceRole[] = ['OWNER', 'ADMIN', 'MEMBER'];

describe('video policy', () => {
  it('leaves deleting a channel to the workspace owner', () => {
    expect(roles.filter(canDeleteChannel)).toEqual(['OWNER']);
    expect(refusalOf(() => assertMayDeleteChannel('ADMIN'))).toEqual({
      status: 403,
      code: ErrorCode.VIDEO_OWNER_ONLY,
      detail: M.ownerOnly,
    });
  });

  it('lets anyone leave, and the creator and moderators send others out', () => {
    expect(canRemoveParticipant(channel, participant, 'MEMBER', participant)).toBe(true);
    expect(canRemoveParticipant(channel, creator, 'MEMBER', participant)).toBe(true);
    expect(
      roles.filter((role) => canRemoveParticipant(channel, someone, role, participant)),
    ).toEqual(['OWNER', 'ADMIN']);
    expect(refusalOf(() => assertMayRemoveParticipant(channel, someone, 'MEMBER', 2))).toEqual({
      status: 403,
      code: ErrorCode.VIDEO_REMOVE_FORBIDDEN,
      detail: M.removeForbidden,
    });
  });
});
