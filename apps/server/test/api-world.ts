/**
 * A world of real resources for the tests that walk the OpenAPI document (the API fuzz test, the
 * authorization-order test): an owner's workspace with two more members and one of everything a
 * path can name, and the ids that exist for each path parameter.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { Invitation } from '@teamup/contracts/admin';
import { authHeader, call, dataOf, multipartBody, uniqueEmail } from './factories';
import type { MultipartPart, TestUser } from './factories';
import type { Operation } from './api-fuzz';
import type { TestApp } from './test-app';
import { insertOpenRound } from './world-rounds.repo';
import { startSession } from '../src/modules/auth/auth.service';
import { setRole } from '../src/modules/admin/admin.repo';
import { createLocalUser } from '../src/modules/users/users.service';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export type World = {
  owner: TestUser;
  member: TestUser;
  third: TestUser;
  workspace: { id: number; name: string; inviteCode: string };
  team: { id: number; name: string; bulletinBoardId: number };
  postId: number;
  commentId: number;
  attachmentId: number;
  announcementId: number;
  scheduleId: number;
  kanbanId: number;
  listIds: number[];
  taskId: number;
  taskCommentId: number;
  roomId: number;
  messageId: number;
  chatAttachmentId: number;
  channelId: number;
  participantIds: number[];
  formationIds: number[];
  notificationId: number;
  pushSubscriptionId: number;
  /** An address the owner, an instance admin here, invited to register. */
  invitationId: number;
  /** A personal access token of the owner. */
  tokenId: number;
  /** An outgoing webhook of the workspace (turned off: the fuzz sends nothing anywhere). */
  outgoingWebhookId: number;
  /** An incoming webhook of the room. */
  incomingWebhookId: number;
  /** A personal data export of the owner (issue 46). */
  exportId: number;
  avatar: { folder: string; name: string };
  otherSessionId: number;
  preferenceKeys: string[];
  /** A peer evaluation round of the workspace (issue 45), written directly. */
  roundId: number;
};

let worldCounter = 0;

/** How many worlds were built so far (the fuzz test reports it). */
export const worldsBuilt = () => worldCounter;

let addressCounter = 0;
/**
 * A fresh client address per request: the per-IP limits of the sign-in routes (60 a minute) would
 * otherwise answer 429 to most of the fuzzing, and how many depends on the machine's speed.
 */
export function nextAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * A new session for a user, opened by the auth service as a login would (no password check: an
 * argon2 verification per user would make the worlds the slowest part of the run).
 */
async function sessionFor(app: TestApp, userId: number) {
  return startSession(app.context, userId, {}, { ip: nextAddress() }, 'PASSWORD');
}

let passwordHash: string | undefined;
/** A local account (no mail round trip) signed in from an address of its own. */
export async function worldUser(app: TestApp, name: string): Promise<TestUser> {
  const email = uniqueEmail('fuzz');
  passwordHash ??= await app.context.passwords.hash('Password1');
  const user = await createLocalUser(app.context, { email, name, passwordHash }, null);
  if (!user) throw new Error(`world set-up: could not create ${email}`);
  const session = await sessionFor(app, user.id);
  return {
    token: session.token,
    refreshToken: session.refreshToken,
    userId: session.user.id,
    email,
    name: user.name,
  };
}

/**
 * A signed-in owner with a workspace (two more members), a team with a post (comment, file), an
 * announcement, a schedule, a kanban board with a task and its comment, a chat room with a message
 * and a file, a video channel both have joined, two team formations, notifications, a profile
 * image and a second session.
 */
export async function buildWorld(app: TestApp): Promise<World> {
  worldCounter += 1;
  const n = worldCounter;
  const must = async <T>(
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await call(app, user, method, url, payload);
    if (response.statusCode >= 300) {
      throw new Error(`world set-up: ${method} ${url} → ${response.statusCode} ${response.body}`);
    }
    return dataOf<T>(response);
  };
  const upload = async <T>(user: TestUser, url: string, parts: MultipartPart[]) => {
    const form = multipartBody(parts);
    const response = await app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, ...authHeader(user.token) },
    });
    if (response.statusCode >= 300) {
      throw new Error(`world set-up: POST ${url} → ${response.statusCode} ${response.body}`);
    }
    return dataOf<T>(response);
  };

  const owner = await worldUser(app, `소유자${n}`);
  // The instance admin's calls are fuzzed as the owner too.
  await setRole(app.context.database.db, owner.userId, 'ADMIN');
  const member = await worldUser(app, `팀원${n}`);
  const third = await worldUser(app, `셋째${n}`);
  const workspace = await must<World['workspace']>(owner, 'POST', '/api/workspaces', {
    name: `퍼징 수업 ${n}`,
  });
  for (const person of [member, third]) {
    await must(person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  const team = await must<World['team']>(owner, 'POST', '/api/teams', {
    name: `퍼징팀 ${n}`,
    workspaceId: workspace.id,
  });
  await must(member, 'POST', `/api/teams/${team.id}/join`, {});

  const post = await must<{ id: number }>(owner, 'POST', `/api/teams/${team.id}/posts`, {
    title: '첫 글',
    content: '내용',
  });
  const comment = await must<{ id: number }>(owner, 'POST', `/api/posts/${post.id}/comments`, {
    content: '댓글',
  });
  await must(member, 'POST', `/api/posts/${post.id}/comments`, { content: '팀원 댓글' });
  const attachment = await upload<{ id: number }>(owner, `/api/posts/${post.id}/attachments`, [
    { name: 'file', filename: 'dot.png', content: PNG, type: 'image/png' },
  ]);
  const announcement = await must<{ id: number }>(
    owner,
    'POST',
    `/api/workspaces/${workspace.id}/announcement`,
    { teamId: team.id, title: '공지', content: '공지 내용' },
  );
  const schedule = await must<{ id: number }>(owner, 'POST', `/api/teams/${team.id}/schedules`, {
    title: '회의',
    startDate: '2030-05-01T09:00:00Z',
    endDate: '2030-05-01T10:00:00Z',
  });

  const kanban = await must<{ id: number }>(owner, 'GET', `/api/kanban/team/${team.id}`);
  const lists = [
    await must<{ id: number }>(owner, 'POST', '/api/kanban/lists', {
      kanbanListName: '할 일',
      kanbanId: kanban.id,
    }),
    await must<{ id: number }>(owner, 'POST', '/api/kanban/lists', {
      kanbanListName: '완료',
      kanbanId: kanban.id,
    }),
  ];
  const task = await must<{ id: number }>(member, 'POST', '/api/kanban/tasks', {
    subject: '자료 조사',
    kanbanListId: lists[0]?.id,
    assigneeIds: [owner.userId, member.userId],
  });
  const taskComment = await must<{ id: number }>(
    owner,
    'POST',
    `/api/kanban/tasks/${task.id}/comments`,
    { comment: '확인했습니다' },
  );

  const room = await must<{ id: number }>(
    owner,
    'POST',
    `/api/workspaces/${workspace.id}/chat-rooms/create`,
    { name: '잡담', type: 'GROUP', chatMemberIdList: [member.userId, third.userId] },
  );
  const message = await must<{ id: number }>(
    owner,
    'POST',
    `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
    { content: '안녕하세요' },
  );
  await must(member, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`, {
    content: '반갑습니다',
  });
  const chatFile = await upload<{ attachments: Array<{ id: number }> }>(
    owner,
    `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages/attachment`,
    [
      { name: 'content', value: '사진' },
      { name: 'file', filename: 'dot.png', content: PNG, type: 'image/png' },
    ],
  );

  const channel = await must<{ id: number }>(
    owner,
    'POST',
    `/api/workspaces/${workspace.id}/video-channels`,
    { name: `회의실 ${n}` },
  );
  const participants = [
    await must<{ id: number }>(
      owner,
      'POST',
      `/api/workspaces/${workspace.id}/video-channels/${channel.id}`,
    ),
    await must<{ id: number }>(
      member,
      'POST',
      `/api/workspaces/${workspace.id}/video-channels/${channel.id}`,
    ),
  ];

  const people = [owner.userId, member.userId, third.userId];
  const formations = [
    await must<{ id: number }>(owner, 'POST', `/api/workspaces/${workspace.id}/formations`, {
      method: 'VOTE',
      participantIds: people,
      teamCount: 2,
    }),
    await must<{ id: number }>(owner, 'POST', `/api/workspaces/${workspace.id}/formations`, {
      method: 'MANUAL',
      participantIds: people,
      teamCount: 2,
    }),
  ];

  const { profileImageUrl } = await upload<{ profileImageUrl: string }>(
    owner,
    '/api/users/me/profile-image',
    [{ name: 'file', filename: 'me.png', content: PNG, type: 'image/png' }],
  );
  const [, folder = '', name = ''] = /\/api\/files\/public\/([^/]+)\/([^/?]+)/.exec(
    profileImageUrl,
  ) ?? [profileImageUrl];

  let notificationId: number | undefined;
  for (let attempt = 0; attempt < 50 && notificationId === undefined; attempt += 1) {
    const page = await must<{ content: Array<{ id: number }> }>(owner, 'GET', '/api/notifications');
    notificationId = page.content[0]?.id;
    if (notificationId === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (notificationId === undefined) throw new Error('world set-up: the owner has no notification');

  // A device of the owner's for push (an address that never resolves: nothing is delivered).
  const browserKey = createECDH('prime256v1');
  browserKey.generateKeys();
  const pushSubscription = await must<{ id: number }>(owner, 'POST', '/api/push/subscriptions', {
    endpoint: 'https://push.invalid/world',
    keys: {
      p256dh: browserKey.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  });

  await sessionFor(app, owner.userId);
  const sessions = await must<Array<{ id: number; current: boolean }>>(
    owner,
    'GET',
    '/api/auth/sessions',
  );
  const otherSession = sessions.find((session) => !session.current);
  if (!otherSession) throw new Error('world set-up: no second session');
  const preferences = await must<Record<string, boolean>>(
    owner,
    'GET',
    '/api/notifications/preferences',
  );

  // A round in the world's workspace (not a class: its routes answer CLASS_NOT_A_CLASS).
  const roundId = await insertOpenRound(app.context.database.db, workspace.id, `평가 ${n}`);

  const token = await must<{ id: number }>(owner, 'POST', '/api/users/me/tokens', {
    name: '세계 토큰',
    scopes: ['read'],
  });
  const outgoingWebhook = await must<{ id: number }>(
    owner,
    'POST',
    `/api/workspaces/${workspace.id}/webhooks`,
    { name: '세계 웹훅', url: 'https://hooks.example.com/world', events: ['member.joined'] },
  );
  await must(owner, 'PATCH', `/api/workspaces/${workspace.id}/webhooks/${outgoingWebhook.id}`, {
    enabled: false,
  });
  const dataExport = await must<{ id: number }>(owner, 'POST', '/api/users/me/export');
  const incomingWebhook = await must<{ id: number }>(
    owner,
    'POST',
    `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/webhooks`,
    { name: '세계 봇' },
  );
  const invitedEmail = uniqueEmail('invited');
  const invitations = await must<Invitation[]>(owner, 'POST', '/api/admin/invitations', {
    emails: [invitedEmail],
  });
  return {
    owner,
    member,
    third,
    workspace,
    team,
    postId: post.id,
    commentId: comment.id,
    attachmentId: attachment.id,
    announcementId: announcement.id,
    scheduleId: schedule.id,
    kanbanId: kanban.id,
    listIds: lists.map((list) => list.id),
    taskId: task.id,
    taskCommentId: taskComment.id,
    roomId: room.id,
    messageId: message.id,
    chatAttachmentId: chatFile.attachments[0]?.id ?? 0,
    channelId: channel.id,
    participantIds: participants.map((participant) => participant.id),
    formationIds: formations.map((formation) => formation.id),
    notificationId,
    pushSubscriptionId: pushSubscription.id,
    invitationId: invitations.find((invitation) => invitation.email === invitedEmail)?.id ?? 0,
    avatar: { folder, name },
    tokenId: token.id,
    outgoingWebhookId: outgoingWebhook.id,
    incomingWebhookId: incomingWebhook.id,
    exportId: dataExport.id,
    otherSessionId: otherSession.id,
    preferenceKeys: Object.keys(preferences),
    roundId,
  };
}

/** The ids that exist for a path parameter, by the segment before it when it is `{id}`. */
export function pathValues(
  world: World,
  operation: Operation,
  name: string,
): unknown[] | undefined {
  const segments = operation.path.split('/');
  const owner = segments[segments.indexOf(`{${name}}`) - 1];
  if (name === 'id') {
    const bySegment: Record<string, unknown[]> = {
      workspaces: [world.workspace.id],
      teams: [world.team.id],
      posts: [world.postId],
      comments: [world.commentId],
      files: [world.attachmentId],
      lists: world.listIds,
      tasks: [world.taskId],
      cards: [world.taskId],
      notifications: [world.notificationId],
      subscriptions: [world.pushSubscriptionId],
      formations: world.formationIds,
      users: [world.owner.userId, world.member.userId],
      schedules: [world.scheduleId],
      announcement: [world.announcementId],
      'chat-attachments': [world.chatAttachmentId],
      invitations: [world.invitationId],
      tokens: [world.tokenId],
      exports: [world.exportId],
    };
    return owner === undefined ? undefined : bySegment[owner];
  }
  const byName: Record<string, unknown[]> = {
    workspaceId: [world.workspace.id],
    teamId: [world.team.id],
    roomId: [world.roomId],
    messageId: [world.messageId],
    channelId: [world.channelId],
    participantId: world.participantIds,
    attachmentId: [world.attachmentId],
    userId: [world.member.userId, world.third.userId],
    accountId: [world.owner.userId, '*'],
    sessionId: [world.otherSessionId],
    commentId: [world.taskCommentId],
    code: [world.workspace.inviteCode],
    folder: [world.avatar.folder],
    name: [world.avatar.name],
    /** A Monday: the free-time weeks (contracts free-time.ts). */
    weekStart: ['2026-11-30'],
    roundId: [world.roundId],
    webhookId: [
      operation.path.includes('/chat-rooms/') ? world.incomingWebhookId : world.outgoingWebhookId,
    ],
    // A calendar feed's file name of the right form that no feed has (issue 44).
    file: [`${'a'.repeat(43)}.ics`],
  };
  return byName[name];
}
