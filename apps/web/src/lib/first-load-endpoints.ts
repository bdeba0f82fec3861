import type { authEndpoints } from '@teamup/contracts/auth';
import type { chatEndpoints } from '@teamup/contracts/chat';
import type { Endpoint } from '@teamup/contracts/endpoint';
import type { liveEndpoints } from '@teamup/contracts/live';
import type { myTaskEndpoints } from '@teamup/contracts/my-tasks';
import type { notificationEndpoints } from '@teamup/contracts/notifications';
import type { presenceEndpoints } from '@teamup/contracts/presence';
import type { teamEndpoints } from '@teamup/contracts/teams';
import type { videoEndpoints } from '@teamup/contracts/video';
import type { workspaceEndpoints } from '@teamup/contracts/workspaces';

/** Method and path of each named endpoint of a table: what `pathOf` and a fetch need. */
type Routes<Table, Names extends keyof Table> = {
  readonly [Name in Names]: Pick<Table[Name] & Endpoint, 'method' | 'path'>;
};

/*
 * The endpoints the login page, the session check, the signed-in app's first fetches (the
 * user's workspaces, asked for beside the session as the app starts) and the signed-in first
 * screen (the frame and the workspace home: teams, members, chat rooms, video rooms, the bell,
 * the live connection) call, as method and path only. The contracts' modules build their zod schemas when they load, which would put all of zod (about
 * 30 KB gzip'd) on the first load although the first screen validates nothing with it. The
 * types below are the tables' own (`import type`, erased from the build): a path or method that
 * differs from its table's literal fails `tsc`, so the tables stay the single source.
 */

export const authRoutes = {
  login: { method: 'POST', path: '/auth/login' },
  loginTwoFactor: { method: 'POST', path: '/auth/login/2fa' },
  refresh: { method: 'POST', path: '/auth/refresh' },
  logout: { method: 'POST', path: '/auth/logout' },
  session: { method: 'GET', path: '/auth/session' },
  providers: { method: 'GET', path: '/auth/providers' },
  oauthLogin: { method: 'GET', path: '/auth/oauth/:provider/login' },
  /** Asked by the logout of the profile menu (the session provider), before the logout itself. */
  ssoEndSession: { method: 'GET', path: '/auth/sso/end-session' },
} as const satisfies Routes<
  typeof authEndpoints,
  | 'login'
  | 'loginTwoFactor'
  | 'refresh'
  | 'logout'
  | 'session'
  | 'providers'
  | 'oauthLogin'
  | 'ssoEndSession'
>;

export const workspaceRoutes = {
  publicInvitePreview: { method: 'GET', path: '/workspaces/invite/:code/public' },
  my: { method: 'GET', path: '/workspaces/my' },
  members: { method: 'GET', path: '/workspaces/:id/members' },
} as const satisfies Routes<typeof workspaceEndpoints, 'publicInvitePreview' | 'my' | 'members'>;

export const teamRoutes = {
  workspaceTeams: { method: 'GET', path: '/teams/workspace/:workspaceId' },
} as const satisfies Routes<typeof teamEndpoints, 'workspaceTeams'>;

export const chatRoutes = {
  listRooms: { method: 'GET', path: '/workspaces/:workspaceId/chat-rooms' },
} as const satisfies Routes<typeof chatEndpoints, 'listRooms'>;

export const notificationRoutes = {
  list: { method: 'GET', path: '/notifications' },
  unreadCount: { method: 'GET', path: '/notifications/unread-count' },
} as const satisfies Routes<typeof notificationEndpoints, 'list' | 'unreadCount'>;

/** The side panel's "내 할 일" badge (issue 44). */
export const myTaskRoutes = {
  count: { method: 'GET', path: '/users/me/tasks/count' },
} as const satisfies Routes<typeof myTaskEndpoints, 'count'>;

/** Presence (decision 0021): the dots of the side panel's DMs, and the away report. */
export const presenceRoutes = {
  workspace: { method: 'GET', path: '/workspaces/:workspaceId/presence' },
  report: { method: 'PUT', path: '/presence/me' },
} as const satisfies Routes<typeof presenceEndpoints, 'workspace' | 'report'>;

export const liveRoutes = {
  register: { method: 'POST', path: '/sse/register' },
  subscribe: { method: 'GET', path: '/sse/subscribe' },
} as const satisfies Routes<typeof liveEndpoints, 'register' | 'subscribe'>;

/** Every call of the video rooms' API module (the side panel lists the rooms). */
export const videoRoutes = {
  listChannels: { method: 'GET', path: '/workspaces/:workspaceId/video-channels' },
  createChannel: { method: 'POST', path: '/workspaces/:workspaceId/video-channels' },
  getChannel: { method: 'GET', path: '/workspaces/:workspaceId/video-channels/:channelId' },
  join: { method: 'POST', path: '/workspaces/:workspaceId/video-channels/:channelId' },
  updateChannel: { method: 'PATCH', path: '/workspaces/:workspaceId/video-channels/:channelId' },
  deleteChannel: {
    method: 'DELETE',
    path: '/workspaces/:workspaceId/video-channels/:channelId',
  },
  participants: {
    method: 'GET',
    path: '/workspaces/:workspaceId/video-channels/:channelId/video-members',
  },
  removeMember: {
    method: 'DELETE',
    path: '/workspaces/:workspaceId/video-channels/:channelId/video-members/:userId',
  },
  leave: {
    method: 'DELETE',
    path: '/workspaces/:workspaceId/video-channels/:channelId/participants/:participantId',
  },
  joinConference: {
    method: 'POST',
    path: '/workspaces/:workspaceId/video-channels/:channelId/join-conference',
  },
  claimBroadcast: {
    method: 'POST',
    path: '/workspaces/:workspaceId/video-channels/:channelId/broadcast',
  },
  releaseBroadcast: {
    method: 'DELETE',
    path: '/workspaces/:workspaceId/video-channels/:channelId/broadcast',
  },
  setMedia: { method: 'PUT', path: '/workspaces/:workspaceId/video-channels/:channelId/media' },
} as const satisfies Routes<typeof videoEndpoints, keyof typeof videoEndpoints>;

/**
 * The chat texts the side panel's room list shows, copied for the same reason (the chat module
 * builds its schemas as it loads); the unit test keeps them equal to `ChatMessages`.
 */
export const chatListMessages = {
  listFailed: '채팅방 목록을 불러오지 못했습니다.',
  unknownSender: '알 수 없는 사용자',
} as const;
