/**
 * Live events, one typed union. Clients treat them as invalidation signals: on any of them they
 * refetch what the event names, so an event carries ids, never whole records.
 */
export type WorkspaceMemberRemovedEvent = {
  type: 'WORKSPACE_MEMBER_REMOVED';
  workspaceId: number;
  userId: number;
  reason: 'KICKED' | 'BANNED' | 'LEFT';
};
export type WorkspaceDeletedEvent = { type: 'WORKSPACE_DELETED'; workspaceId: number };
export type TeamDeletedEvent = { type: 'TEAM_DELETED'; workspaceId: number; teamId: number };
export type TeamMembershipChangedEvent = {
  type: 'TEAM_MEMBERSHIP_CHANGED';
  workspaceId: number;
  teamId: number;
  userId: number;
  change: 'JOINED' | 'LEFT' | 'REMOVED';
};

/** Something in a team's space changed: clients refetch that area of the team. */
export type TeamContentChangedEvent = {
  type: 'TEAM_CONTENT_CHANGED';
  workspaceId: number;
  teamId: number;
  area: 'KANBAN' | 'SCHEDULES' | 'ANNOUNCEMENTS' | 'POSTS';
};

export type LiveEvent =
  | WorkspaceMemberRemovedEvent
  | TeamContentChangedEvent
  | WorkspaceDeletedEvent
  | TeamDeletedEvent
  | TeamMembershipChangedEvent;

/** Bus topics: everything about one workspace, and everything addressed to one user. */
export const Topics = {
  workspace: (workspaceId: number) => `workspace.${workspaceId}`,
  user: (userId: number) => `user.${userId}`,
} as const;
