import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import { Limits } from '@teamup/contracts/limits';
import {
  WorkspaceMessages as M,
  type Workspace,
  type createWorkspaceSchema,
  type updateWorkspaceSchema,
} from '@teamup/contracts/workspaces';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../../platform/audit/audit-log';
import { collectOwnedFiles, deleteStoredFiles } from '../../platform/storage/owned-files';
import { badRequest } from '../../platform/errors/app-error';
import { readLimited, storePublicImage } from '../users/users.service';
import { presentWorkspace } from './workspaces.presenter';
import * as repo from './workspaces.repo';
import { announceAccessChange } from '../../platform/realtime/live-access';
import { AccessCaches, clearAccessCaches } from '../../platform/access-cache';
import { requireMembership, requireOwner, workspaceNotFound } from './membership.service';

/*
 * A workspace itself: making one, reading it, the owner's settings (name, icon, password) and its
 * deletion. Members are membership.service.ts, coming in invites.service.ts, going out
 * member-removal.service.ts.
 */

/** Unambiguous letters and digits (no 0/O, 1/l/I): codes are read aloud and typed by hand. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** 10 characters from a 56-letter alphabet: about 58 bits, not guessable. */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < Limits.inviteCodeLength; i += 1) {
    code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  }
  return code;
}

/** The workspace as `userId` (a member) sees it. */
export async function presentForViewer(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
): Promise<Workspace> {
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
  // The owner's open live streams hear the new workspace from now on (its joins, its teams), not
  // only after they reconnect.
  await announceAccessChange(ctx, { userIds: [userId] });
  return presentForViewer(ctx, workspaceId, userId);
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
  return presentForViewer(ctx, workspaceId, userId);
}

export async function updateWorkspace(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: z.output<typeof updateWorkspaceSchema>,
): Promise<Workspace> {
  await requireOwner(ctx, workspaceId, userId);
  const patch: { name?: string; iconUrl?: string | null; isClass?: boolean } = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.iconUrl !== undefined) patch.iconUrl = input.iconUrl;
  if (input.isClass !== undefined) patch.isClass = input.isClass;
  const demoted = await ctx.database.db.transaction(async (tx) => {
    await repo.updateWorkspace(tx, workspaceId, patch, ctx.now());
    // No instructors or TAs outside a class: they are members again, in the same commit.
    return input.isClass === false ? repo.demoteClassStaff(tx, workspaceId) : [];
  });
  if (demoted.length > 0) await clearAccessCaches(ctx, { userIds: demoted });
  return presentForViewer(ctx, workspaceId, userId);
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
  return presentForViewer(ctx, workspaceId, userId);
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
  from: RequestOrigin,
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
  await recordAudit(ctx, {
    action: 'WORKSPACE_DELETED',
    actorId: userId,
    target: { type: 'WORKSPACE', id: workspaceId, label: workspace.name },
    details: { members: members.length },
    from,
  });
  // Its teams, rooms and board went with it: every kept answer about its members goes too.
  await clearAccessCaches(ctx, { userIds: members.map((member) => member.user.id) });
  await clearAccessCaches(ctx, { caches: [AccessCaches.team, AccessCaches.kanbanBoard] });
  await deleteStoredFiles(ctx.storage, ctx.logger, files);
  await ctx.bus.publish(Topics.workspace(workspaceId), { type: 'WORKSPACE_DELETED', workspaceId });
  // Its rooms and meetings went with it: every live subscription to them ends.
  await announceAccessChange(ctx, { userIds: members.map((member) => member.user.id) });
}
