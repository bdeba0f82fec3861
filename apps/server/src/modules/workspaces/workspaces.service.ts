import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics, type WorkspaceMemberRemovedEvent } from '@teamup/contracts/events';
import { Limits } from '@teamup/contracts/limits';
import {
  parseInviteInput,
  WorkspaceMessages as M,
  type BannedUser,
  type InvitePreview,
  type PublicInvitePreview,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceRole,
  type createWorkspaceSchema,
  type updateWorkspaceSchema,
} from '@teamup/contracts/workspaces';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { AppError } from '../../platform/errors/app-error';
import { collectOwnedFiles, deleteStoredFiles } from '../../platform/storage/owned-files';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
} from '../../platform/errors/app-error';
import { readLimited, storePublicImage } from '../users/users.service';
import { presentBan, presentMember, presentWorkspace } from './workspaces.presenter';

/** Co-members' profile fields, also shown by teams: other modules reach it through the service. */
export { presentMemberProfile } from './workspaces.presenter';
import * as repo from './workspaces.repo';
import { emitDomainEventNow } from '../../platform/domain-events';
import { announceAccessChange } from '../../platform/realtime/live-access';
import { AccessCaches, accessCacheOf, clearAccessCaches } from '../../platform/access-cache';

/** Unambiguous letters and digits (no 0/O, 1/l/I): codes are read aloud and typed by hand. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const WRONG_PASSWORDS_ALLOWED = 10;
const WRONG_PASSWORD_WINDOW_SECONDS = 15 * 60;

const workspaceNotFound = () => notFound(M.notFound, ErrorCode.WORKSPACE_NOT_FOUND);

/** 10 characters from a 56-letter alphabet: about 58 bits, not guessable. */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < Limits.inviteCodeLength; i += 1) {
    code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  }
  return code;
}

export const isAdminRole = (role: WorkspaceRole | undefined) =>
  role === 'OWNER' || role === 'ADMIN';

/**
 * The caller's role in the workspace; 404 when it does not exist, 403 when they are not a member.
 * Every workspace-scoped call of every module starts here.
 */
export async function requireMembership(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
  db: Db = ctx.database.db,
): Promise<WorkspaceRole> {
  // Inside a transaction the role is read there; otherwise a member's role may come from the
  // cache, which every join, role change, removal and deletion clears on every instance.
  const role =
    db === ctx.database.db
      ? await accessCacheOf<WorkspaceRole>(ctx, AccessCaches.workspaceRole).get(
          workspaceId,
          userId,
          () => repo.findRole(db, workspaceId, userId),
        )
      : await repo.findRole(db, workspaceId, userId);
  if (role) return role;
  if (!(await repo.findWorkspace(db, workspaceId))) throw workspaceNotFound();
  throw forbidden(M.forbidden, ErrorCode.WORKSPACE_FORBIDDEN);
}

/** The owner's operations (settings, roles, deletion); also their routes' access step (0036). */
export async function requireOwner(ctx: AppContext, workspaceId: number, userId: number) {
  const role = await requireMembership(ctx, workspaceId, userId);
  if (role !== 'OWNER') throw forbidden(M.ownerOnly, ErrorCode.WORKSPACE_OWNER_ONLY);
}

async function requireAdmin(ctx: AppContext, workspaceId: number, userId: number) {
  const role = await requireMembership(ctx, workspaceId, userId);
  if (!isAdminRole(role)) throw forbidden(M.adminOnly, ErrorCode.WORKSPACE_ADMIN_ONLY);
  return role;
}

async function present(ctx: AppContext, workspaceId: number, userId: number): Promise<Workspace> {
  const view = await repo.viewWorkspace(ctx.database.db, workspaceId, userId);
  if (!view) throw workspaceNotFound();
  return presentWorkspace(view, ctx.config.publicOrigin);
}

async function hashOptional(ctx: AppContext, password: string | null | undefined) {
  return password ? ctx.passwords.hash(password) : null;
}

export async function createWorkspace(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof createWorkspaceSchema>,
): Promise<Workspace> {
  const passwordHash = await hashOptional(ctx, input.password);
  const workspaceId = await ctx.database.db.transaction(async (tx) => {
    // A collision in 56^10 is all but impossible; retrying keeps the unique index the referee.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const created = await repo.insertWorkspace(tx, {
        name: input.name,
        iconUrl: input.iconUrl ?? null,
        inviteCode: generateInviteCode(),
        passwordHash,
        ownerId: userId,
      });
      if (created) {
        await repo.insertMember(tx, { workspaceId: created.id, userId, role: 'OWNER' });
        return created.id;
      }
    }
    throw new Error('could not draw a unique invite code');
  });
  return present(ctx, workspaceId, userId);
}

export async function listMyWorkspaces(ctx: AppContext, userId: number): Promise<Workspace[]> {
  const views = await repo.listWorkspacesOf(ctx.database.db, userId);
  return views.map((view) => presentWorkspace(view, ctx.config.publicOrigin));
}

export async function getWorkspace(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<Workspace> {
  await requireMembership(ctx, workspaceId, userId);
  return present(ctx, workspaceId, userId);
}

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

/** Before login: the name and head count of a valid invite's workspace, nothing else. */
export async function previewInvitePublic(
  ctx: AppContext,
  input: string,
): Promise<PublicInvitePreview> {
  const workspace = await workspaceByInvite(ctx, input);
  return {
    name: workspace.name,
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
  if (await repo.findRole(db, workspace.id, userId)) return present(ctx, workspace.id, userId);
  if (await repo.isBanned(db, workspace.id, userId)) {
    throw forbidden(M.banned, ErrorCode.WORKSPACE_BANNED);
  }
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
    if (await repo.isBanned(tx, workspace.id, userId)) {
      throw forbidden(M.banned, ErrorCode.WORKSPACE_BANNED);
    }
    await repo.insertMember(tx, { workspaceId: workspace.id, userId, role: 'MEMBER' });
  });
  await clearAccessCaches(ctx, { caches: [AccessCaches.workspaceRole], userIds: [userId] });
  return present(ctx, workspace.id, userId);
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

export async function updateWorkspace(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: z.output<typeof updateWorkspaceSchema>,
): Promise<Workspace> {
  await requireOwner(ctx, workspaceId, userId);
  const patch: { name?: string; iconUrl?: string | null } = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.iconUrl !== undefined) patch.iconUrl = input.iconUrl;
  await repo.updateWorkspace(ctx.database.db, workspaceId, patch, ctx.now());
  return present(ctx, workspaceId, userId);
}

export async function setPassword(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  password: string | null,
): Promise<Workspace> {
  await requireOwner(ctx, workspaceId, userId);
  const passwordHash = await hashOptional(ctx, password);
  await repo.updateWorkspace(ctx.database.db, workspaceId, { passwordHash }, ctx.now());
  return present(ctx, workspaceId, userId);
}

export async function setIcon(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  file: Readable,
): Promise<string> {
  await requireOwner(ctx, workspaceId, userId);
  const bytes = await readLimited(file, Limits.iconUploadMaxBytes);
  const iconUrl = await storePublicImage(ctx, 'icons', bytes, 256);
  await repo.updateWorkspace(ctx.database.db, workspaceId, { iconUrl }, ctx.now());
  return iconUrl;
}

export async function deleteWorkspace(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  /** The name the screen had the owner type, when it sends it; the API does not require it. */
  confirmName: string | undefined,
): Promise<void> {
  await requireOwner(ctx, workspaceId, userId);
  const workspace = await repo.findWorkspace(ctx.database.db, workspaceId);
  if (!workspace) throw workspaceNotFound();
  if (confirmName !== undefined && confirmName !== workspace.name) {
    throw badRequest(ErrorCode.WORKSPACE_NAME_MISMATCH, M.nameMismatch, [
      { field: 'confirmName', message: M.nameMismatch },
    ]);
  }
  const files = await collectOwnedFiles(ctx.hooks.ownedFiles, ctx.database.db, { workspaceId });
  const members = await repo.listMembers(ctx.database.db, workspaceId);
  await repo.deleteWorkspace(ctx.database.db, workspaceId);
  // Its teams, rooms and board went with it: every kept answer about its members goes too.
  await clearAccessCaches(ctx, { userIds: members.map((member) => member.user.id) });
  await clearAccessCaches(ctx, { caches: [AccessCaches.team, AccessCaches.kanbanBoard] });
  await deleteStoredFiles(ctx.storage, ctx.logger, files);
  await ctx.bus.publish(Topics.workspace(workspaceId), { type: 'WORKSPACE_DELETED', workspaceId });
  // Its rooms and meetings went with it: every live subscription to them ends.
  await announceAccessChange(ctx, { userIds: members.map((member) => member.user.id) });
}

export async function listMembers(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<WorkspaceMember[]> {
  await requireMembership(ctx, workspaceId, userId);
  const rows = await repo.listMembers(ctx.database.db, workspaceId);
  return rows.map(presentMember);
}

export async function changeRole(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  targetId: number,
  role: 'ADMIN' | 'MEMBER',
): Promise<WorkspaceMember> {
  await requireOwner(ctx, workspaceId, userId);
  if (targetId === userId) throw badRequest(ErrorCode.WORKSPACE_NOT_YOURSELF, M.notYourself);
  const db = ctx.database.db;
  if (!(await repo.setRole(db, workspaceId, targetId, role))) {
    throw notFound(M.memberNotFound, ErrorCode.WORKSPACE_MEMBER_NOT_FOUND);
  }
  await clearAccessCaches(ctx, { userIds: [targetId] });
  const member = await repo.findMember(db, workspaceId, targetId);
  if (!member) throw notFound(M.memberNotFound, ErrorCode.WORKSPACE_MEMBER_NOT_FOUND);
  return presentMember(member);
}

/**
 * Who may remove whom: admins act on plain members, the owner on anyone but themselves, and
 * nobody on the owner.
 */
async function assertMayRemove(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  targetId: number,
) {
  const actorRole = await requireAdmin(ctx, workspaceId, actorId);
  if (targetId === actorId) throw badRequest(ErrorCode.WORKSPACE_NOT_YOURSELF, M.notYourself);
  const targetRole = await repo.findRole(ctx.database.db, workspaceId, targetId);
  if (targetRole === 'OWNER') {
    throw forbidden(M.ownerProtected, ErrorCode.WORKSPACE_OWNER_PROTECTED);
  }
  if (targetRole === 'ADMIN' && actorRole !== 'OWNER') {
    throw forbidden(M.ownerOnly, ErrorCode.WORKSPACE_OWNER_ONLY);
  }
  return targetRole;
}

/** Removes the membership and everything hanging off it (teams, rooms) in one transaction. */
async function removeMember(
  ctx: AppContext,
  db: Db,
  workspaceId: number,
  userId: number,
): Promise<boolean> {
  const removed = await repo.deleteMember(db, workspaceId, userId);
  if (removed) for (const step of ctx.hooks.memberRemovalSteps) await step(db, workspaceId, userId);
  return removed;
}

async function announceRemoval(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
  reason: WorkspaceMemberRemovedEvent['reason'],
) {
  // First the kept answers (role, teams, rooms) on every instance, so access ends at once; teams
  // they led have a new leader, and boards they were assigned on lost them.
  await clearAccessCaches(ctx, { userIds: [userId] });
  await clearAccessCaches(ctx, { caches: [AccessCaches.team, AccessCaches.kanbanBoard] });
  const event: WorkspaceMemberRemovedEvent = {
    type: 'WORKSPACE_MEMBER_REMOVED',
    workspaceId,
    userId,
    reason,
  };
  await ctx.bus.publish(Topics.workspace(workspaceId), event);
  await ctx.bus.publish(Topics.user(userId), event);
  if (reason !== 'LEFT') {
    await emitDomainEventNow(ctx, {
      type: 'WORKSPACE_MEMBER_REMOVED',
      workspaceId,
      userId,
      reason,
    });
  }
  // Out of the workspace is out of its rooms and meetings too, on every live connection (after
  // the reactions above, so the meetings' SHOULD_OUT_CHANNEL still reaches the person).
  await announceAccessChange(ctx, { userIds: [userId] });
}

export async function kickMember(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  targetId: number,
): Promise<void> {
  const targetRole = await assertMayRemove(ctx, actorId, workspaceId, targetId);
  if (!targetRole) throw notFound(M.memberNotFound, ErrorCode.WORKSPACE_MEMBER_NOT_FOUND);
  const removed = await ctx.database.db.transaction((tx) =>
    removeMember(ctx, tx, workspaceId, targetId),
  );
  if (!removed) throw notFound(M.memberNotFound, ErrorCode.WORKSPACE_MEMBER_NOT_FOUND);
  await announceRemoval(ctx, workspaceId, targetId, 'KICKED');
}

/** Bans a member (removing them) or a former member, so they cannot join again. */
export async function banMember(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  targetId: number,
): Promise<void> {
  await assertMayRemove(ctx, actorId, workspaceId, targetId);
  if ((await repo.userNames(ctx.database.db, [targetId])).size === 0) {
    throw notFound('사용자를 찾을 수 없습니다.', ErrorCode.USER_NOT_FOUND);
  }
  await ctx.database.db.transaction(async (tx) => {
    await removeMember(ctx, tx, workspaceId, targetId);
    await repo.insertBan(tx, { workspaceId, userId: targetId, bannedBy: actorId });
  });
  await announceRemoval(ctx, workspaceId, targetId, 'BANNED');
}

export async function unbanMember(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  targetId: number,
): Promise<void> {
  await requireAdmin(ctx, workspaceId, actorId);
  if (!(await repo.deleteBan(ctx.database.db, workspaceId, targetId))) {
    throw notFound(M.notBanned, ErrorCode.WORKSPACE_NOT_BANNED);
  }
}

export async function listBlacklist(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
): Promise<BannedUser[]> {
  await requireAdmin(ctx, workspaceId, actorId);
  const db = ctx.database.db;
  const rows = await repo.listBans(db, workspaceId);
  const adminIds = [...new Set(rows.flatMap((row) => (row.bannedById ? [row.bannedById] : [])))];
  const names = await repo.userNames(db, adminIds);
  return rows.map((row) => presentBan(row, names));
}

export async function leaveWorkspace(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<void> {
  const role = await requireMembership(ctx, workspaceId, userId);
  if (role === 'OWNER') {
    throw conflict(ErrorCode.WORKSPACE_OWNER_CANNOT_LEAVE, M.ownerCannotLeave);
  }
  await ctx.database.db.transaction((tx) => removeMember(ctx, tx, workspaceId, userId));
  await announceRemoval(ctx, workspaceId, userId, 'LEFT');
}

/** For other modules (teams, chat): the member's profile if they belong to the workspace. */
export async function findMember(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceMember | undefined> {
  const row = await repo.findMember(ctx.database.db, workspaceId, userId);
  return row && presentMember(row);
}

/** Of `userIds`, those who belong to the workspace (chat rooms invite only them). */
export function memberIdsAmong(
  ctx: AppContext,
  workspaceId: number,
  userIds: readonly number[],
): Promise<number[]> {
  return repo.memberIdsAmong(ctx.database.db, workspaceId, userIds);
}
