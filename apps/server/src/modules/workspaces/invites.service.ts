import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  parseInviteInput,
  WorkspaceMessages as M,
  type InvitePreview,
  type PublicInvitePreview,
  type Workspace,
} from '@teamup/contracts/workspaces';
import type { AppContext } from '../../context';
import type { AppError } from '../../platform/errors/app-error';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../platform/errors/app-error';
import { Topics } from '@teamup/contracts/events';
import { AccessCaches, clearAccessCaches } from '../../platform/access-cache';
import { emitDomainEvent } from '../../platform/domain-events';
import { announceAccessChange } from '../../platform/realtime/live-access';
import { workspaceNotFound } from './membership.service';
import { assertNotBanned } from './workspaces.policy';
import * as repo from './workspaces.repo';
import { presentForViewer } from './workspaces.service';

/* Coming in: invite previews, joining by code or by id, and the join password's guess budget. */

const WRONG_PASSWORDS_ALLOWED = 10;
const WRONG_PASSWORD_WINDOW_SECONDS = 15 * 60;

/** Reads a pasted code or link; a bare number is refused here (ids join elsewhere). */
function inviteCodeOf(input: string): string {
  const parsed = parseInviteInput(input);
  if (!parsed) throw badRequest(ErrorCode.WORKSPACE_INVITE_INVALID, M.inviteInvalid);
  if (parsed.kind === 'id') throw badRequest(ErrorCode.WORKSPACE_ID_NOT_ALLOWED, M.idNotAllowed);
  return parsed.code;
}

async function workspaceByInvite(ctx: AppContext, input: string) {
  const workspace = await repo.findWorkspaceByInviteCode(ctx.database.db, inviteCodeOf(input));
  if (!workspace) throw notFound(M.inviteNotFound, ErrorCode.WORKSPACE_NOT_FOUND);
  return workspace;
}

export async function previewInvite(
  ctx: AppContext,
  userId: number,
  input: string,
): Promise<InvitePreview> {
  const workspace = await workspaceByInvite(ctx, input);
  const db = ctx.database.db;
  return {
    id: workspace.id,
    name: workspace.name,
    iconUrl: workspace.iconUrl,
    passwordProtected: workspace.passwordHash !== null,
    memberCount: await repo.countMembers(db, workspace.id),
    alreadyMember: (await repo.findRole(db, workspace.id, userId)) !== undefined,
  };
}

/** Before login: the name, icon and head count of a valid invite's workspace, nothing else. */
export async function previewInvitePublic(
  ctx: AppContext,
  input: string,
): Promise<PublicInvitePreview> {
  const workspace = await workspaceByInvite(ctx, input);
  return {
    name: workspace.name,
    iconUrl: workspace.iconUrl,
    memberCount: await repo.countMembers(ctx.database.db, workspace.id),
  };
}

export async function joinByInvite(
  ctx: AppContext,
  userId: number,
  input: { inviteCode: string; password?: string | null | undefined },
): Promise<Workspace> {
  const workspace = await workspaceByInvite(ctx, input.inviteCode);
  return join(ctx, userId, workspace, input.password);
}

/** Ids are sequential and guessable: only a workspace's password may stand in for its code. */
export async function joinById(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  password: string | null | undefined,
): Promise<Workspace> {
  const workspace = await repo.findWorkspace(ctx.database.db, workspaceId);
  if (!workspace) throw workspaceNotFound();
  const isMember = (await repo.findRole(ctx.database.db, workspaceId, userId)) !== undefined;
  if (!isMember && workspace.passwordHash === null) {
    throw badRequest(ErrorCode.WORKSPACE_ID_NOT_ALLOWED, M.idNotAllowed);
  }
  return join(ctx, userId, workspace, password);
}

async function join(
  ctx: AppContext,
  userId: number,
  workspace: repo.WorkspaceRow,
  password: string | null | undefined,
): Promise<Workspace> {
  const db = ctx.database.db;
  // Joining twice is harmless: the member simply lands in the workspace.
  if (await repo.findRole(db, workspace.id, userId)) {
    return presentForViewer(ctx, workspace.id, userId);
  }
  assertNotBanned(await repo.isBanned(db, workspace.id, userId));
  if (workspace.passwordHash !== null) {
    await checkPassword(
      ctx,
      `ws-password:${workspace.id}:${userId}`,
      workspace.passwordHash,
      password,
      {
        required: () => forbidden(M.passwordRequired, ErrorCode.WORKSPACE_PASSWORD_REQUIRED),
        wrong: () => forbidden(M.passwordWrong, ErrorCode.WORKSPACE_PASSWORD_WRONG),
      },
    );
  }
  await db.transaction(async (tx) => {
    // Checked again inside the write: a ban that landed meanwhile still wins.
    assertNotBanned(await repo.isBanned(tx, workspace.id, userId));
    await repo.insertMember(tx, { workspaceId: workspace.id, userId, role: 'MEMBER' });
  });
  await clearAccessCaches(ctx, { caches: [AccessCaches.workspaceRole], userIds: [userId] });
  // The newcomer's open live streams hear the workspace from now on, not only after reconnecting.
  await announceAccessChange(ctx, { userIds: [userId] });
  // Open member lists fetch again; the owner and admins are told (notifications).
  await ctx.bus.publish(Topics.workspace(workspace.id), {
    type: 'WORKSPACE_MEMBER_JOINED',
    workspaceId: workspace.id,
    userId,
  });
  await emitDomainEvent(ctx, {
    type: 'WORKSPACE_MEMBER_JOINED',
    workspaceId: workspace.id,
    userId,
  });
  return presentForViewer(ctx, workspace.id, userId);
}

/**
 * Checks a join password (workspaces and teams) with a per-account-and-target budget of wrong
 * guesses, so a password cannot be brute-forced through the join call.
 */
export async function checkPassword(
  ctx: AppContext,
  limiterKey: string,
  passwordHash: string,
  password: string | null | undefined,
  problems: { required: () => AppError; wrong: () => AppError },
): Promise<void> {
  if (!password) throw problems.required();
  const budget = await ctx.limiter.peek(
    limiterKey,
    WRONG_PASSWORDS_ALLOWED,
    WRONG_PASSWORD_WINDOW_SECONDS,
  );
  if (!budget.allowed) {
    throw tooManyRequests(
      budget.retryAfterSeconds,
      '비밀번호를 너무 많이 틀렸습니다. 잠시 후 다시 시도해주세요.',
    );
  }
  if (!(await ctx.passwords.verify(passwordHash, password))) {
    await ctx.limiter.hit(limiterKey, WRONG_PASSWORDS_ALLOWED, WRONG_PASSWORD_WINDOW_SECONDS);
    throw problems.wrong();
  }
  await ctx.limiter.reset(limiterKey);
}
