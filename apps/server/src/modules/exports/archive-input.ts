import { WORKSPACE_ARCHIVE_FORMAT, WORKSPACE_ARCHIVE_VERSION } from '@teamup/contracts/exports';
import type { z } from 'zod';
import {
  announcementsSchema,
  ArchivePaths,
  chatSchema,
  kanbanSchema,
  manifestSchema,
  membersSchema,
  postsSchema,
  schedulesSchema,
  teamsSchema,
  workspaceSchema,
} from './archive-format';

/*
 * An uploaded archive read and checked whole before a restore writes anything (issue 46): the
 * file is the uploader's, so nothing in it is taken on trust, references between documents
 * included.
 */

/** The archive is not one this instance restores; the message says why (for the log). */
export class ArchiveInvalid extends Error {
  override readonly name = 'ArchiveInvalid';
}

/** Every document of a workspace archive, parsed. */
export type ReadArchive = {
  manifest: z.output<typeof manifestSchema>;
  workspace: z.output<typeof workspaceSchema>;
  members: z.output<typeof membersSchema>;
  teams: z.output<typeof teamsSchema>;
  announcements: z.output<typeof announcementsSchema>;
  posts: z.output<typeof postsSchema>;
  schedules: z.output<typeof schedulesSchema>;
  kanban: z.output<typeof kanbanSchema>;
  chat: z.output<typeof chatSchema>;
};

type ReadJson = (path: string) => unknown;

function documentAt<S extends z.ZodType>(readJson: ReadJson, path: string, schema: S): z.output<S> {
  const json = readJson(path);
  if (json === undefined) throw new ArchiveInvalid(`${path} is missing`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the document';
    throw new ArchiveInvalid(`${path}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The manifest says what the archive is before anything else is read. */
function checkManifest(readJson: ReadJson) {
  const json = readJson(ArchivePaths.manifest);
  if (json === undefined) throw new ArchiveInvalid('no manifest.json: not a workspace archive');
  const format = typeof json === 'object' && json !== null && 'format' in json ? json.format : null;
  if (format !== WORKSPACE_ARCHIVE_FORMAT) {
    throw new ArchiveInvalid(
      `manifest.json: format ${JSON.stringify(format)} is not a workspace archive`,
    );
  }
  const manifest = documentAt(readJson, ArchivePaths.manifest, manifestSchema);
  if (manifest.version !== WORKSPACE_ARCHIVE_VERSION) {
    throw new ArchiveInvalid(
      `manifest.json: version ${manifest.version} (this instance reads ${WORKSPACE_ARCHIVE_VERSION})`,
    );
  }
  return manifest;
}

function unique(what: string, values: Iterable<number | string>) {
  const seen = new Set<number | string>();
  for (const value of values) {
    if (seen.has(value)) throw new ArchiveInvalid(`${what} ${String(value)} appears twice`);
    seen.add(value);
  }
}

/** What the documents say of each other holds: ids are unique, every team named exists. */
function checkReferences(archive: ReadArchive) {
  unique(
    'members.json: person',
    archive.members.map((person) => person.id),
  );
  unique(
    'members.json: e-mail',
    archive.members.map((person) => person.email.toLowerCase()),
  );
  unique(
    'teams.json: team',
    archive.teams.map((team) => team.id),
  );
  unique(
    'posts.json: post',
    archive.posts.map((post) => post.id),
  );
  unique(
    'schedules.json: schedule',
    archive.schedules.map((schedule) => schedule.id),
  );
  unique(
    'kanban.json: team',
    archive.kanban.map((board) => board.teamId),
  );
  unique(
    'chat.json: room',
    archive.chat.rooms.map((room) => room.id),
  );
  unique(
    'chat.json: message',
    archive.chat.rooms.flatMap((room) => room.messages.map((message) => message.id)),
  );
  const teams = new Set(archive.teams.map((team) => team.id));
  const named = [
    ...archive.announcements.map((row) => ['announcements.json', row.teamId] as const),
    ...archive.posts.map((row) => ['posts.json', row.teamId] as const),
    ...archive.schedules.map((row) => ['schedules.json', row.teamId] as const),
    ...archive.kanban.map((row) => ['kanban.json', row.teamId] as const),
  ];
  for (const [path, teamId] of named) {
    if (!teams.has(teamId))
      throw new ArchiveInvalid(`${path}: team ${teamId} is not in teams.json`);
  }
  for (const board of archive.kanban) {
    if (board.lists.filter((list) => list.isDone).length > 1) {
      throw new ArchiveInvalid(`kanban.json: team ${board.teamId} has two done lists`);
    }
  }
}

/** Reads and checks every document; throws ArchiveInvalid at the first thing wrong. */
export function readArchive(readJson: ReadJson): ReadArchive {
  const manifest = checkManifest(readJson);
  const archive: ReadArchive = {
    manifest,
    workspace: documentAt(readJson, ArchivePaths.workspace, workspaceSchema),
    members: documentAt(readJson, ArchivePaths.members, membersSchema),
    teams: documentAt(readJson, ArchivePaths.teams, teamsSchema),
    announcements: documentAt(readJson, ArchivePaths.announcements, announcementsSchema),
    posts: documentAt(readJson, ArchivePaths.posts, postsSchema),
    schedules: documentAt(readJson, ArchivePaths.schedules, schedulesSchema),
    kanban: documentAt(readJson, ArchivePaths.kanban, kanbanSchema),
    chat: documentAt(readJson, ArchivePaths.chat, chatSchema),
  };
  checkReferences(archive);
  return archive;
}
