/**
 * Every hash route of spec 01 section 2, in one table. Components link with `routes.x.href(...)`
 * and the router matches `routes.x.path`: no path is ever built from strings elsewhere.
 */

type Segment = string | number;
type Query = Record<string, Segment | null | undefined>;

const segment = (value: Segment) => encodeURIComponent(String(value));

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export type RouteAccess = 'public' | 'protected';

export const routes = {
  login: {
    path: '/login',
    access: 'public',
    href: (query?: { inviteCode?: string | null }) => withQuery('/login', query),
  },
  signup: {
    path: '/signup',
    access: 'public',
    href: (query?: { inviteCode?: string | null }) => withQuery('/signup', query),
  },
  forgotPassword: {
    path: '/forgot-password',
    access: 'public',
    href: () => '/forgot-password',
  },
  oauthSuccess: {
    path: '/oauth/success',
    access: 'public',
    href: (query?: {
      tempCode?: string;
      token?: string;
      refreshToken?: string;
      user?: string;
      error?: string;
    }) => withQuery('/oauth/success', query),
  },
  /** The page a digest mail's unsubscribe link opens (issue 43): it stops the digest mails. */
  digestUnsubscribe: {
    path: '/digest-unsubscribe',
    access: 'public',
    href: (query?: { token?: string }) => withQuery('/digest-unsubscribe', query),
  },
  home: {
    path: '/',
    access: 'protected',
    href: () => '/',
  },
  workspace: {
    path: '/ws/:workspaceId',
    access: 'protected',
    href: (workspaceId: Segment) => `/ws/${segment(workspaceId)}`,
  },
  team: {
    path: '/ws/:workspaceId/team/:teamId',
    access: 'protected',
    /**
     * `query`: the tab to open; on the bulletin tab the post, on the kanban tab the task card,
     * and in either the comment to show (search results, notices).
     */
    href: (
      workspaceId: Segment,
      teamId: Segment,
      query?: { tab?: string; post?: Segment; task?: Segment; comment?: Segment },
    ) => withQuery(`/ws/${segment(workspaceId)}/team/${segment(teamId)}`, query),
  },
  chat: {
    path: '/ws/:workspaceId/chat/:chatId',
    access: 'protected',
    /** `query.message`: the message to open the room at (search results). */
    href: (workspaceId: Segment, chatId: Segment, query?: { message?: number }) =>
      withQuery(`/ws/${segment(workspaceId)}/chat/${segment(chatId)}`, query),
  },
  videoLive: {
    path: '/ws/:workspaceId/video/live',
    access: 'protected',
    href: (workspaceId: Segment, room: { roomId: Segment; roomName?: string }) =>
      withQuery(`/ws/${segment(workspaceId)}/video/live`, room),
  },
  /** A team's contribution as a printable page (issue 45): no app frame, `from`/`to` days. */
  contributionPrint: {
    path: '/print/ws/:workspaceId/team/:teamId/contribution',
    access: 'protected',
    href: (workspaceId: Segment, teamId: Segment, query?: { from?: string; to?: string }) =>
      withQuery(`/print/ws/${segment(workspaceId)}/team/${segment(teamId)}/contribution`, query),
  },
  /** A video channel's meetings (issue 45): the one going on and the past ones. */
  meetings: {
    path: '/ws/:workspaceId/video/:channelId/meetings',
    access: 'protected',
    href: (workspaceId: Segment, channelId: Segment) =>
      `/ws/${segment(workspaceId)}/video/${segment(channelId)}/meetings`,
  },
  /** One meeting's notes (회의록) with its attendance. */
  meetingNotes: {
    path: '/ws/:workspaceId/video/:channelId/meetings/:sessionId',
    access: 'protected',
    href: (workspaceId: Segment, channelId: Segment, sessionId: Segment) =>
      `/ws/${segment(workspaceId)}/video/${segment(channelId)}/meetings/${segment(sessionId)}`,
  },
  evaluations: {
    path: '/ws/:workspaceId/evaluations',
    access: 'protected',
    href: (workspaceId: Segment) => `/ws/${segment(workspaceId)}/evaluations`,
  },
  evaluation: {
    path: '/ws/:workspaceId/evaluations/:roundId',
    access: 'protected',
    href: (workspaceId: Segment, roundId: number) =>
      `/ws/${segment(workspaceId)}/evaluations/${roundId}`,
  },
  teamFormation: {
    path: '/ws/:workspaceId/team-formation',
    access: 'protected',
    href: (workspaceId: Segment) => `/ws/${segment(workspaceId)}/team-formation`,
  },
  /** "수업 현황" (issue 45): every team of a class, for its instructors and TAs. */
  classOverview: {
    path: '/ws/:workspaceId/class',
    access: 'protected',
    href: (workspaceId: Segment) => `/ws/${segment(workspaceId)}/class`,
  },
  /** The chooser's four targets (spec 02 section 2); the workspace and session ride in the query. */
  formationMethod: {
    path: '/team-formation/:method',
    access: 'protected',
    href: (
      method: 'auto-dice' | 'auto-ladder' | 'vote' | 'admin',
      query: { ws: Segment; session?: Segment | null },
    ) => withQuery(`/team-formation/${method}`, query),
  },
  myPage: {
    path: '/my-page',
    access: 'protected',
    href: () => '/my-page',
  },
  profileEdit: {
    path: '/my-page/profile-edit',
    access: 'protected',
    href: () => '/my-page/profile-edit',
  },
  accountSettings: {
    path: '/my-page/account-settings',
    access: 'protected',
    href: () => '/my-page/account-settings',
  },
  /** "내 데이터 내보내기" (issue 46): a personal export and every export the person asked for. */
  myExports: {
    path: '/my-page/exports',
    access: 'protected',
    href: () => '/my-page/exports',
  },
  userProfile: {
    path: '/users/:userId',
    access: 'protected',
    href: (userId: Segment) => `/users/${segment(userId)}`,
  },
  /**
   * The installed app's "chat" shortcut (the web app manifest): the chat room opened last, else
   * the last workspace's home.
   */
  recentChat: {
    path: '/chat',
    access: 'protected',
    href: () => '/chat',
  },
  /** "내 할 일" (issue 44): my cards across every team and workspace. */
  myTasks: {
    path: '/my-tasks',
    access: 'protected',
    href: () => '/my-tasks',
  },
  /**
   * The instance admin's page (issue 46): the instance's figures, its people, who may register
   * and the invitations. `query.tab`: the tab to open.
   */
  admin: {
    path: '/admin',
    access: 'protected',
    href: (query?: { tab?: string }) => withQuery('/admin', query),
  },
  notifications: {
    path: '/notifications',
    access: 'protected',
    href: () => '/notifications',
  },
  emptyWorkspace: {
    path: '/empty-workspace',
    access: 'protected',
    href: () => '/empty-workspace',
  },
} as const satisfies Record<
  string,
  { path: string; access: RouteAccess; href: (...args: never[]) => string }
>;

/**
 * Paths on which the workspace side panel shows: the team, chat, video and workspace-home paths of
 * spec 01 section 2, and the screens people reach from them and leave again (team formation, the
 * notifications page, My Page and its subpages, the admin page), where a panel that vanished left
 * them no way back to their rooms but the rail (issue 41). Off a /ws path it shows the last
 * workspace.
 */
export const sidePanelPaths: readonly string[] = [
  routes.workspace.path,
  routes.team.path,
  routes.chat.path,
  routes.videoLive.path,
  routes.meetings.path,
  routes.meetingNotes.path,
  routes.teamFormation.path,
  routes.classOverview.path,
  routes.evaluations.path,
  routes.evaluation.path,
  routes.formationMethod.path,
  routes.notifications.path,
  routes.myTasks.path,
  routes.myPage.path,
  routes.profileEdit.path,
  routes.accountSettings.path,
  routes.myExports.path,
  routes.admin.path,
];

/** A safe in-app return path (router state `from`): same-app paths only, never the login page. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value === routes.login.path || value.startsWith(`${routes.login.path}?`)) return null;
  return value;
}
