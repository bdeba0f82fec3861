import { randomBytes } from 'node:crypto';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import type { Db } from '../../db/client';
import { publicFileUrl, publicKeyFor } from '../files/files.service';
import { generateInviteCode } from '../workspaces/workspaces.service';
import { readArchive, type ReadArchive } from './archive-input';
import * as repo from './archive-restore.repo';
import {
  type People,
  type RestoreInput,
  restoreAnnouncements,
  restoreChat,
  restoreKanban,
  restorePosts,
  restoreSchedules,
  type Teams,
} from './workspace-restore-content';

export { ArchiveInvalid } from './archive-input';
export type { RestoreInput } from './workspace-restore-content';

/*
 * Restoring a workspace archive (issue 46) as a new workspace: every row the app's own creation
 * makes (a workspace with its owner; per team its bulletin board, kanban board and team room),
 * then the content, with new ids everywhere and the archive's ids mapped onto them.
 *
 * People are matched by e-mail to accounts of this instance. Someone who is not found here is
 * counted as missing; what they wrote keeps a null author where the column allows it (a chat
 * message's sender, a room's creator, a task's completion requester: the app shows those as a
 * gone account, as after an account is deleted) and is otherwise attributed to the importer
 * (announcements, posts, comments, files, schedules), so nothing of the workspace is lost.
 * Their memberships, assignments and reactions are dropped: they name no one here.
 */

export type RestoreResult = {
  workspaceId: number;
  name: string;
  membersMatched: number;
  membersMissing: number;
  /** What was restored with reminders to arm: schedules, and cards with their deadlines. */
  scheduleIds: number[];
  taskIds: number[];
};

/**
 * The archive's people matched by e-mail to accounts here; those listed as members who matched
 * join the new workspace, the importer always.
 */
async function matchPeople(db: Db, archive: ReadArchive, importerId: number): Promise<People> {
  const found = await repo.accountsByEmail(
    db,
    archive.members.map((person) => person.email),
  );
  const byEmail = new Map(found.map((account) => [account.email, account.id]));
  const accounts = new Map<number, number>();
  const names = new Map<number, string>();
  for (const person of archive.members) {
    names.set(person.id, person.name);
    const account = byEmail.get(person.email.toLowerCase());
    if (account !== undefined) accounts.set(person.id, account);
  }
  const members = new Set([importerId]);
  for (const person of archive.members) {
    const account = accounts.get(person.id);
    if (person.member && account !== undefined) members.add(account);
  }
  const account = (archiveId: number | null) =>
    archiveId === null ? undefined : accounts.get(archiveId);
  return {
    importerId,
    account,
    author: (archiveId) => account(archiveId) ?? importerId,
    members,
    name: (archiveId) => names.get(archiveId),
  };
}

/**
 * Restores a workspace archive as a NEW workspace owned by `importerId`, inside the caller's
 * transaction `db`. Throws ArchiveInvalid, before writing anything, for a missing or foreign
 * manifest, another version, or a document that does not parse as the archive's schemas say.
 * Files are copied through `putFile` as they are met: should the transaction fail after, the
 * caller removes the keys it was given.
 */
export async function restoreWorkspace(db: Db, input: RestoreInput): Promise<RestoreResult> {
  const archive = readArchive(input.readJson);
  const people = await matchPeople(db, archive, input.importerId);
  const workspaceId = await insertWorkspace(db, archive, input);

  let membersMatched = 0;
  let membersMissing = 0;
  const importer = archive.members.find((person) => people.account(person.id) === input.importerId);
  const rows = new Map<number, { role: WorkspaceRole; joinedAt: Date }>([
    [input.importerId, { role: 'OWNER', joinedAt: importer?.joinedAt ?? input.now }],
  ]);
  for (const person of archive.members) {
    if (!person.member) continue;
    const account = people.account(person.id);
    if (account === undefined) {
      membersMissing += 1;
      continue;
    }
    membersMatched += 1;
    if (rows.has(account)) continue;
    // One owner: the importer. Whoever owned the workspace there still runs it here, as an admin.
    const role = person.role === 'OWNER' ? 'ADMIN' : (person.role ?? 'MEMBER');
    rows.set(account, { role, joinedAt: person.joinedAt ?? input.now });
  }
  await repo.insertWorkspaceMembers(
    db,
    [...rows].map(([userId, row]) => ({ workspaceId, userId, ...row })),
  );

  const teams = await restoreTeams(db, archive, people, workspaceId);
  await restoreAnnouncements(db, archive, people, teams);
  await restorePosts(db, archive, people, teams, input);
  const scheduleIds = await restoreSchedules(db, archive, people, teams);
  const taskIds = await restoreKanban(db, archive, people, teams);
  await restoreChat(db, archive, people, teams, { workspaceId, input });
  return {
    workspaceId,
    name: archive.workspace.name,
    membersMatched,
    membersMissing,
    scheduleIds,
    taskIds,
  };
}

async function insertWorkspace(db: Db, archive: ReadArchive, input: RestoreInput) {
  let iconUrl = archive.workspace.iconText;
  if (archive.workspace.icon !== null) {
    const key = publicKeyFor('icons', `${randomBytes(18).toString('base64url')}.webp`);
    if (await input.putFile(archive.workspace.icon, key)) iconUrl = publicFileUrl(key);
  }
  // As workspaces.service.ts makes one: a fresh invite code, drawn again on the rare collision.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = await repo.insertWorkspace(db, {
      name: archive.workspace.name,
      iconUrl,
      inviteCode: generateInviteCode(),
      passwordHash: null,
      ownerId: input.importerId,
      isClass: archive.workspace.isClass,
      createdAt: input.now,
      updatedAt: input.now,
    });
    if (id !== undefined) return id;
  }
  throw new Error('could not draw a unique invite code');
}

async function restoreTeams(db: Db, archive: ReadArchive, people: People, workspaceId: number) {
  const teams: Teams = new Map();
  for (const team of archive.teams) {
    const joined = [...team.members].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
    const members = new Map<number, Date>();
    for (const member of joined) {
      const account = people.account(member.userId);
      if (account !== undefined && people.members.has(account) && !members.has(account)) {
        members.set(account, member.joinedAt);
      }
    }
    // A leader who is not here leaves the team to its longest member: a team with members and no
    // leader is, in the app, only a team whose last member left it.
    const leader = people.account(team.leaderId);
    const leaderId =
      leader !== undefined && members.has(leader) ? leader : ([...members.keys()][0] ?? null);
    const made = await repo.insertTeam(db, {
      workspaceId,
      name: team.name,
      description: team.description,
      passwordHash: null,
      leaderId,
      announcementPosting: team.announcementPosting,
      createdAt: team.createdAt,
      updatedAt: team.updatedAt,
    });
    await repo.insertTeamMembers(
      db,
      [...members].map(([userId, joinedAt]) => ({ teamId: made.teamId, userId, joinedAt })),
    );
    teams.set(team.id, { ...made, name: team.name, memberIds: [...members.keys()] });
  }
  return teams;
}
