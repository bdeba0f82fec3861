import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { dateRangeMessage, idSchema, isSupportedDate, pageSchema, positionSchema } from './common';
import {
  CommentMessages,
  commentListQuerySchemaOf,
  commentTextSchema,
  commentView,
} from './comments';
import { endpoint } from './endpoint';
import { Limits } from './limits';

/** Texts of spec 02 sections 5 and 8 for the kanban board. */
export const KanbanMessages = {
  listNameRequired: '리스트 이름을 입력해주세요.',
  listNameTooLong: `리스트 이름은 ${Limits.kanbanNameMax}자 이하여야 합니다.`,
  subjectRequired: '카드 제목을 입력해주세요.',
  subjectTooLong: `카드 제목은 ${Limits.titleMax}자 이하여야 합니다.`,
  contentTooLong: `카드 내용은 ${Limits.longTextMax.toLocaleString('ko-KR')}자 이하여야 합니다.`,
  commentRequired: CommentMessages.commentRequired,
  commentTooLong: CommentMessages.commentTooLong,
  messageTooLong: `메시지는 ${Limits.shortTextMax * 5}자 이하여야 합니다.`,
  badDeadline: '마감일은 YYYY-MM-DD 형식의 날짜나 시각을 포함한 ISO-8601 형식이어야 합니다.',
  boardNotFound: '칸반 보드를 찾을 수 없습니다.',
  listNotFound: '리스트를 찾을 수 없습니다.',
  taskNotFound: '카드를 찾을 수 없습니다.',
  commentNotFound: CommentMessages.commentNotFound,
  commentAuthorOnly: '작성자만 댓글을 수정하거나 삭제할 수 있습니다.',
  leaderOnly: '팀장만 완료 요청을 승인하거나 반려할 수 있습니다.',
  alreadyRequested: '이미 완료 요청된 카드입니다.',
  alreadyApproved: '이미 완료 승인된 카드입니다.',
  notRequested: '완료 요청되지 않은 카드입니다.',
  crossBoard: '다른 팀의 칸반 보드로는 옮길 수 없습니다.',
  doneListLeaderOnly: '완료 리스트는 팀장만 바꿀 수 있습니다.',
  approvedStaysDone: '승인된 카드는 팀장만 완료 리스트에서 뺄 수 있습니다.',
  doneListLeaderAdds:
    '완료 리스트에는 팀장만 카드를 추가할 수 있습니다. 다른 리스트에 만든 뒤 완료 요청을 보내주세요.',
  doneListMismatch:
    '완료 리스트에는 승인된 카드만 있고, 승인된 카드는 완료 리스트에 있어야 합니다.',
  noListOutsideDone: '완료 리스트 밖에 카드를 옮길 리스트가 없습니다. 리스트를 먼저 만들어주세요.',
  doneListHasUnapproved:
    '승인되지 않은 카드가 있는 리스트는 완료 리스트로 지정할 수 없습니다. 카드를 승인하거나 다른 리스트로 옮겨주세요.',
} as const;

const listNameSchema = z
  .string({ error: KanbanMessages.listNameRequired })
  .trim()
  .min(1, KanbanMessages.listNameRequired)
  .max(Limits.kanbanNameMax, KanbanMessages.listNameTooLong);
const subjectSchema = z
  .string({ error: KanbanMessages.subjectRequired })
  .trim()
  .min(1, KanbanMessages.subjectRequired)
  .max(Limits.titleMax, KanbanMessages.subjectTooLong);
const taskContentSchema = z
  .string()
  .max(Limits.longTextMax, KanbanMessages.contentTooLong)
  .nullable()
  .optional();
const calendarDay = z.iso.date();
const instant = z.iso.datetime({ offset: true });
/**
 * A calendar day (YYYY-MM-DD), or a due time as an ISO-8601 instant with an offset, stored and
 * answered as UTC (`2026-11-25T09:00:00.000Z`); null clears it.
 */
const deadlineSchema = z
  .string()
  .trim()
  .max(40, { message: KanbanMessages.badDeadline, abort: true })
  .refine((value) => calendarDay.safeParse(value).success || instant.safeParse(value).success, {
    message: KanbanMessages.badDeadline,
    abort: true,
  })
  .refine(isSupportedDate, dateRangeMessage)
  .transform((value) =>
    calendarDay.safeParse(value).success ? value : new Date(value).toISOString(),
  )
  .nullable()
  .optional();
const messageSchema = z
  .string()
  .max(Limits.shortTextMax * 5, KanbanMessages.messageTooLong)
  .nullable()
  .optional();
/** Target position, 0-based, among the other items of the list; past the end means last. */
const orderSchema = positionSchema.optional();

/** POST /kanban: the team's board, made if it does not exist yet. */
export const createKanbanSchema = z.object({ teamId: idSchema });

/** POST /kanban/lists */
export const createListSchema = z.object({
  kanbanListName: listNameSchema,
  kanbanId: idSchema,
  order: orderSchema,
  /** Make it the board's done list: anyone while the board has none, else the leader. */
  isDoneList: z.boolean().optional(),
});
/** PUT /kanban/lists/{id}: rename and/or move the list; mark or unmark it as the done list (leader). */
export const updateListSchema = z.object({
  kanbanListName: listNameSchema.optional(),
  order: orderSchema,
  isDoneList: z.boolean().optional(),
});

/** POST /kanban/tasks */
export const createTaskSchema = z.object({
  subject: subjectSchema,
  content: taskContentSchema,
  kanbanListId: idSchema,
  order: orderSchema,
  deadline: deadlineSchema,
  /** Ids that are not members of the team are dropped. */
  assigneeIds: z.array(idSchema).max(50).optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/**
 * PUT /kanban/tasks/{id}. Every field optional: a move sends `kanbanListId` and `order`.
 * `isApproved` may only be changed by the team leader (as an approval would).
 */
export const updateTaskSchema = z.object({
  subject: subjectSchema.optional(),
  content: taskContentSchema,
  deadline: deadlineSchema,
  order: orderSchema,
  kanbanListId: idSchema.optional(),
  assigneeIds: z.array(idSchema).max(50).optional(),
  isApproved: z.boolean().optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

export const taskCommentInputSchema = z.object({
  comment: commentTextSchema,
  /** Echo of the path id some clients send; ignored when equal, refused when not. */
  kanbanTaskId: idSchema.optional(),
});

export const taskCommentListQuerySchema = commentListQuerySchemaOf(Limits.taskCommentPageSize);

export const completionRequestSchema = z.object({ message: messageSchema }).optional();
export const completionApprovalSchema = z.object({
  approved: z.boolean(),
  approvalMessage: messageSchema,
});

export const kanbanTeamParamsSchema = z.object({ teamId: idSchema });
export const kanbanIdParamsSchema = z.object({ id: idSchema });
export const taskCommentParamsSchema = z.object({ id: idSchema, commentId: idSchema });

export const taskMemberSchema = z.object({
  accountId: z.number().int(),
  memberName: z.string(),
  profileImage: z.string().nullable(),
});
export type TaskMember = z.infer<typeof taskMemberSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  kanbanListId: z.number().int(),
  subject: z.string(),
  content: z.string().nullable(),
  /** YYYY-MM-DD or null. */
  deadline: z.string().nullable(),
  /** 0-based position in its list. */
  order: z.number().int(),
  isApproved: z.boolean(),
  completionRequested: z.boolean(),
  completionRequestMessage: z.string().nullable(),
  completionRequesterId: z.number().int().nullable(),
  /** The leader's message on the last approval or rejection. */
  approvalMessage: z.string().nullable(),
  /** True after a rejection, until the next request. */
  rejected: z.boolean(),
  members: z.array(taskMemberSchema),
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const kanbanListSchema = z.object({
  id: z.number().int(),
  kanbanListName: z.string(),
  order: z.number().int(),
  /** The board's done list (at most one): an approved card moves here. */
  isDoneList: z.boolean(),
  tasks: z.array(taskSchema),
});
export type KanbanList = z.infer<typeof kanbanListSchema>;

export const kanbanSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  kanbanLists: z.array(kanbanListSchema),
});
export type Kanban = z.infer<typeof kanbanSchema>;

/** A task's comment: the shared shape under the spec's kanban names, without the avatar. */
export const taskCommentView = commentView({
  subjectId: 'kanbanTaskId',
  content: 'comment',
  authorId: 'accountId',
  authorProfileImageUrl: null,
});
export const taskCommentSchema = taskCommentView.schema;
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const taskCommentPageSchema = pageSchema(taskCommentSchema);

// --- endpoints -------------------------------------------------------------------------------

/** A team's kanban board: its lists, its tasks and their completion review. */
export const kanbanEndpoints = {
  ensure: endpoint({
    method: 'POST',
    path: '/kanban',
    summary: 'The team’s board, made if it has none (one per team)',
    body: createKanbanSchema,
    response: kanbanSchema,
    errors: { 404: [ErrorCode.TEAM_NOT_FOUND] },
  }),
  team: endpoint({
    method: 'GET',
    path: '/kanban/team/:teamId',
    summary: 'The team’s board with its lists and tasks in order (made on first use)',
    params: kanbanTeamParamsSchema,
    response: kanbanSchema,
  }),
  createList: endpoint({
    method: 'POST',
    path: '/kanban/lists',
    summary: 'Add a list to a kanban board',
    body: createListSchema,
    response: kanbanListSchema,
    status: 201,
    errors: { 403: [ErrorCode.WORKSPACE_FORBIDDEN], 404: [ErrorCode.KANBAN_NOT_FOUND] },
  }),
  updateList: endpoint({
    method: 'PUT',
    path: '/kanban/lists/:id',
    summary: 'Rename a list and/or move it to position `order`',
    params: kanbanIdParamsSchema,
    body: updateListSchema,
    response: kanbanListSchema,
    errors: { 409: [ErrorCode.KANBAN_DONE_LIST_MISMATCH] },
  }),
  removeList: endpoint({
    method: 'DELETE',
    path: '/kanban/lists/:id',
    summary: 'Delete a list with its tasks',
    params: kanbanIdParamsSchema,
    status: 204,
  }),
  createTask: endpoint({
    method: 'POST',
    path: '/kanban/tasks',
    summary: 'Add a task to a kanban list',
    body: createTaskSchema,
    response: taskSchema,
    status: 201,
    errors: { 403: [ErrorCode.KANBAN_LEADER_ONLY] },
  }),
  updateTask: endpoint({
    method: 'PUT',
    path: '/kanban/tasks/:id',
    summary:
      'Edit a task; `kanbanListId` and/or `order` move it (a member’s move into the done list requests completion)',
    params: kanbanIdParamsSchema,
    body: updateTaskSchema,
    response: taskSchema,
    errors: {
      409: [
        ErrorCode.TASK_ALREADY_REQUESTED,
        ErrorCode.TASK_ALREADY_APPROVED,
        ErrorCode.KANBAN_DONE_LIST_MISMATCH,
      ],
    },
  }),
  removeTask: endpoint({
    method: 'DELETE',
    path: '/kanban/tasks/:id',
    summary: 'Delete a kanban task',
    params: kanbanIdParamsSchema,
    status: 204,
  }),
  requestCompletion: endpoint({
    method: 'POST',
    path: '/kanban/cards/:id/completion-request',
    summary: 'Ask the leader to approve the task as done (optional message)',
    params: kanbanIdParamsSchema,
    body: completionRequestSchema,
    response: taskSchema,
    errors: { 409: [ErrorCode.TASK_ALREADY_REQUESTED, ErrorCode.TASK_ALREADY_APPROVED] },
  }),
  reviewCompletion: endpoint({
    method: 'POST',
    path: '/kanban/cards/:id/completion-approval',
    summary: 'Approve or reject a completion request (team leader only)',
    params: kanbanIdParamsSchema,
    body: completionApprovalSchema,
    response: taskSchema,
    errors: { 409: [ErrorCode.TASK_ALREADY_APPROVED, ErrorCode.TASK_NOT_REQUESTED] },
  }),
};

/** A task's comments, all under the task's path. */
export const taskCommentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/kanban/tasks/:id/comments',
    summary: 'A task’s comments, oldest first (size 4 by default)',
    params: kanbanIdParamsSchema,
    query: taskCommentListQuerySchema,
    response: taskCommentPageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/kanban/tasks/:id/comments',
    summary: 'Comment on a kanban task',
    params: kanbanIdParamsSchema,
    body: taskCommentInputSchema,
    response: taskCommentSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/kanban/tasks/:id/comments/:commentId',
    summary: 'Edit a task comment (author only)',
    params: taskCommentParamsSchema,
    body: taskCommentInputSchema,
    response: taskCommentSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/kanban/tasks/:id/comments/:commentId',
    summary: 'Delete a task comment (author only)',
    params: taskCommentParamsSchema,
    status: 204,
  }),
};
