import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';
import { endpoint } from './endpoint';

/** What a notification is about (issue 8); each can be turned off per person. */
export const notificationKinds = [
  'CHAT_MESSAGE',
  'MENTION',
  'TASK_ASSIGNED',
  'COMPLETION_REQUESTED',
  'COMPLETION_APPROVED',
  'COMPLETION_REJECTED',
  'ANNOUNCEMENT',
  'SCHEDULE',
  'TEAM_JOINED',
  'REMOVED_FROM_WORKSPACE',
  'FORMATION_RESULT',
  'FORMATION_VOTE',
  'COMMENT',
  'WORKSPACE_JOINED',
  /** A kanban card the person is assigned to is due soon (issue 44). */
  'TASK_DUE_SOON',
  /** The team leader's morning count of the team's overdue cards (issue 44). */
  'OVERDUE_DIGEST',
  /** A team calendar event starts soon (issue 44). */
  'SCHEDULE_REMINDER',
  /** A peer evaluation round opened, closes soon, or its results were released (issue 45). */
  'EVALUATION',
  /** An instructor or TA of a class nudged the person's team or the person (issue 45). */
  'CLASS_NUDGE',
  /** A workspace or personal export the person asked for is ready, or failed (issue 46). */
  'DATA_EXPORT',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  /** Korean text, ready to show. */
  message: z.string(),
  /** A route of the web app, e.g. `/ws/3/chat/9`. */
  link: z.string(),
  /** Chat messages of one room fold into one notification while it is unread. */
  count: z.number().int(),
  read: z.boolean(),
  /** When it last changed (a folded chat notification moves with each new message). */
  timestamp: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema);

export const notificationListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  size: z.coerce.number().int().min(1).max(100).default(20),
  unreadOnly: z.enum(['true', 'false']).optional(),
});

export const notificationParamsSchema = z.object({ id: idSchema });

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

/** Every kind with whether it is on. */
export const notificationPreferencesSchema = z.record(notificationKindSchema, z.boolean());
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const updatePreferencesSchema = z.partialRecord(notificationKindSchema, z.boolean());

export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    summary: 'Newest first (a folded chat one moves up with each message)',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/notifications/unread-count',
    summary: 'How many of the caller’s notifications are unread',
    response: unreadCountSchema,
  }),
  readAll: endpoint({
    method: 'PATCH',
    path: '/notifications/read-all',
    summary: 'Mark every notification read',
    status: 204,
  }),
  read: endpoint({
    method: 'PATCH',
    path: '/notifications/:id/read',
    summary: 'Mark one notification read',
    params: notificationParamsSchema,
    status: 204,
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/notifications/preferences',
    summary: 'Every kind with whether it is on',
    response: notificationPreferencesSchema,
  }),
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/notifications/preferences',
    summary: 'Turn kinds on or off (kinds not named stay as they are)',
    body: updatePreferencesSchema,
    response: notificationPreferencesSchema,
  }),
};

/**
 * A folded chat notice's text before its count: '외' only when several people sent the messages
 * ("minji.kim님의 새 메시지 2개" when one person sent both).
 */
const chatFoldedPrefix = (room: string, sender: string, severalSenders: boolean) =>
  severalSenders ? `${room}: ${sender}님 외 새 메시지 ` : `${room}: ${sender}님의 새 메시지 `;

/** "5분", "1시간", "1일": how long before something starts, as a reminder says it. */
const minutesLabel = (minutes: number) =>
  minutes % 1440 === 0
    ? `${minutes / 1440}일`
    : minutes % 60 === 0
      ? `${minutes / 60}시간`
      : `${minutes}분`;

/** Texts of each kind (the server writes them into `message`). */
export const NotificationTexts = {
  chatFoldedPrefix,
  chatMessage: (room: string, sender: string, count: number, severalSenders = false) =>
    count > 1
      ? `${chatFoldedPrefix(room, sender, severalSenders)}${count}개`
      : `${room}: ${sender}님이 메시지를 보냈습니다.`,
  mention: (room: string, sender: string) => `${room}에서 ${sender}님이 회원님을 언급했습니다.`,
  taskAssigned: (team: string, task: string) => `[${team}] '${task}' 작업의 담당자가 되었습니다.`,
  completionRequested: (team: string, who: string, task: string) =>
    `[${team}] ${who}님이 '${task}' 완료 승인을 요청했습니다.`,
  completionApproved: (team: string, task: string) =>
    `[${team}] '${task}' 작업의 완료가 승인되었습니다.`,
  completionRejected: (team: string, task: string) =>
    `[${team}] '${task}' 작업의 완료 요청이 반려되었습니다.`,
  announcement: (team: string, title: string) => `[${team}] 새 공지사항: ${title}`,
  scheduleCreated: (team: string, title: string) => `[${team}] 새 일정: ${title}`,
  scheduleUpdated: (team: string, title: string) => `[${team}] 일정이 변경되었습니다: ${title}`,
  teamJoined: (team: string, who: string) => `[${team}] ${who}님이 팀에 참여했습니다.`,
  kicked: (workspace: string) => `'${workspace}' 워크스페이스에서 내보내졌습니다.`,
  banned: (workspace: string) => `'${workspace}' 워크스페이스에서 차단되었습니다.`,
  comment: (team: string, who: string, subject: string) =>
    `[${team}] ${who}님이 '${subject}'에 댓글을 남겼습니다.`,
  commentMention: (team: string, who: string, subject: string) =>
    `[${team}] ${who}님이 '${subject}'의 댓글에서 회원님을 언급했습니다.`,
  workspaceJoined: (workspace: string, who: string) =>
    `[${workspace}] ${who}님이 워크스페이스에 참여했습니다.`,
  formationResult: (team: string) => `팀 구성 결과: '${team}' 팀에 배정되었습니다.`,
  formationVoteOpened: (workspace: string) =>
    `[${workspace}] 팀 구성 희망 투표가 시작되었습니다. 원하는 팀 순서를 골라주세요.`,
  formationVoteClosing: (workspace: string, left: string) =>
    `[${workspace}] 팀 구성 투표 마감까지 ${left} 남았습니다. 아직 투표하지 않으셨어요.`,
  formationVoteClosed: (workspace: string) =>
    `[${workspace}] 팀 구성 투표가 마감 시각에 닫혔습니다. 결과를 확인하고 확정해주세요.`,
  taskDueSoon: (team: string, task: string, hours: number) =>
    `[${team}] '${task}' 마감까지 ${hours}시간 남았습니다.`,
  overdueDigest: (team: string, count: number) =>
    `[${team}] 기한이 지났는데 아직 승인되지 않은 카드가 ${count}개 있습니다.`,
  scheduleReminder: (team: string, title: string, minutesBefore: number) =>
    minutesBefore === 0
      ? `[${team}] '${title}' 일정이 지금 시작합니다.`
      : `[${team}] '${title}' 일정이 ${minutesLabel(minutesBefore)} 후 시작합니다.`,
  // Peer evaluation (issue 45): never who rated whom, only the round and the reader's own task.
  evaluationOpened: (workspace: string, title: string) =>
    `[${workspace}] 동료 평가 '${title}'가 시작되었습니다. 팀원들을 평가해주세요.`,
  evaluationClosing: (workspace: string, title: string, hours: number) =>
    `[${workspace}] 동료 평가 '${title}' 마감까지 ${hours}시간 남았습니다. 아직 평가를 마치지 않으셨어요.`,
  evaluationReleased: (workspace: string, title: string) =>
    `[${workspace}] 동료 평가 '${title}'의 결과가 공개되었습니다. 나에 대한 피드백을 확인하세요.`,
  classNudge: (team: string, sender: string, message: string) =>
    `[${team}] ${sender}님의 알림: ${message}`,
} as const;
