import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { ErrorCode } from './error-codes';

/*
 * Meetings (issue 45): a video channel's sessions with who attended them, their notes (회의록)
 * and the kanban cards made from the notes' action item lines.
 */

/** The longest notes a meeting keeps, in characters. */
export const MEETING_NOTES_MAX = 20_000;
/** The longest action item line made into a card. */
export const MEETING_LINE_MAX = 500;

export const MeetingMessages = {
  notFound: '회의를 찾을 수 없습니다.',
  notesTooLong: `회의록은 ${MEETING_NOTES_MAX.toLocaleString('ko-KR')}자 이하여야 합니다.`,
  stale:
    '다른 사람이 먼저 회의록을 고쳤습니다. 최신 내용을 불러온 뒤 다시 저장해주세요. (덮어쓰지 않았습니다)',
  teamOnly: '이 팀의 회의록은 팀원만 쓸 수 있습니다.',
  notActionItem: '"- [ ]", "TODO:", "할 일:"로 시작하는 줄만 카드로 만들 수 있습니다.',
  lineRequired: '카드로 만들 줄을 보내주세요.',
  lineTooLong: `카드로 만들 줄은 ${MEETING_LINE_MAX}자 이하여야 합니다.`,
  cardExists: '이 줄은 이미 카드로 만들었습니다.',
  teamRequired: '카드를 만들 팀을 골라주세요.',
  notYourTeam: '자신이 속한 팀에만 카드를 만들 수 있습니다.',
  listNotInTeam: '팀 보드의 목록을 골라주세요.',
  noList: '팀 보드에 목록이 없습니다. 보드에 목록을 먼저 만들어주세요.',
  assigneeNotMember: '담당자는 팀원 중에서 골라주세요.',
  badDueDate: '마감일은 YYYY-MM-DD 형식으로 입력해주세요.',
  baseRequired: '회의록의 마지막 수정 시각(baseUpdatedAt)을 보내주세요.',
  saved: '회의록을 저장했습니다.',
  cardCreated: '카드를 만들었습니다.',
} as const;

// --- action item lines (shared by the server and the web) -------------------------------------

const ACTION_MARKERS = [/^[-*]\s*\[\s\]\s*/, /^TODO:\s*/i, /^할\s*일:\s*/];

/** The line's text without its action item marker, or null when it is not an action item. */
export function actionItemText(line: string): string | null {
  const trimmed = line.trim();
  for (const marker of ACTION_MARKERS) {
    const found = marker.exec(trimmed);
    if (found) {
      const text = trimmed.slice(found[0].length).trim();
      return text.length > 0 ? text : null;
    }
  }
  return null;
}

/** The key a line is made a card under: its text, spaces collapsed (so retyping is the same). */
export function actionItemKey(line: string): string | null {
  const text = actionItemText(line);
  return text === null ? null : text.replace(/\s+/g, ' ');
}

export type ActionItem = {
  /** The card's subject: the text without the marker, `@이름` and the date. */
  subject: string;
  key: string;
  /** The name after the first `@`, if any. */
  assigneeName: string | null;
  /** YYYY-MM-DD, from `2026-12-10` or `12/10` (the next such day from `today`), if any. */
  dueDate: string | null;
};

const pad = (n: number) => String(n).padStart(2, '0');

function validDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Reads an action item line; `today` (YYYY-MM-DD) gives the year of a `12/10` date. */
export function parseActionItem(line: string, today: string): ActionItem | null {
  const text = actionItemText(line);
  const key = actionItemKey(line);
  if (text === null || key === null) return null;
  let rest = text;
  let assigneeName: string | null = null;
  const mention = /(?:^|\s)@([^\s@]+)/.exec(rest);
  if (mention) {
    assigneeName = mention[1] ?? null;
    rest = rest.replace(mention[0], ' ');
  }
  let dueDate: string | null = null;
  const full = /(?:^|\s)(\d{4})-(\d{1,2})-(\d{1,2})(?=\s|$|[,.)])/.exec(rest);
  if (full) {
    const [y, m, d] = [Number(full[1]), Number(full[2]), Number(full[3])];
    if (validDay(y, m, d)) {
      dueDate = `${y}-${pad(m)}-${pad(d)}`;
      rest = rest.replace(full[0], ' ');
    }
  } else {
    const short = /(?:^|\s)(\d{1,2})\/(\d{1,2})(?=\s|$|[,.)])/.exec(rest);
    const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
    if (short) {
      const [m, d] = [Number(short[1]), Number(short[2])];
      const passed = m < tm || (m === tm && d < td);
      const year = passed ? ty + 1 : ty;
      if (validDay(year, m, d)) {
        dueDate = `${year}-${pad(m)}-${pad(d)}`;
        rest = rest.replace(short[0], ' ');
      }
    }
  }
  const subject = rest.replace(/\s+/g, ' ').trim() || text;
  return { subject, key, assigneeName, dueDate };
}

// --- schemas -----------------------------------------------------------------------------------

export const channelMeetingsParamsSchema = z.object({ workspaceId: idSchema, channelId: idSchema });
export const meetingParamsSchema = z.object({ sessionId: idSchema });

/** One meeting of a channel, as its list of past (and the current) meetings shows it. */
export const meetingSummarySchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  startedAt: z.string(),
  /** Null while the meeting goes on. */
  endedAt: z.string().nullable(),
  /** Its length so far, in whole minutes. */
  minutes: z.number().int(),
  attendeeCount: z.number().int(),
  hasNotes: z.boolean(),
});
export type MeetingSummary = z.infer<typeof meetingSummarySchema>;

export const meetingStaySchema = z.object({ joinedAt: z.string(), leftAt: z.string().nullable() });

/** One person's attendance: their stays (joins and leaves) and the minutes they add up to. */
export const meetingAttendeeSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  minutes: z.number().int(),
  stays: z.array(meetingStaySchema),
});
export type MeetingAttendee = z.infer<typeof meetingAttendeeSchema>;

export const meetingNotesSchema = z.object({
  content: z.string(),
  /** Null until the notes are first saved; sent back as `baseUpdatedAt` with the next save. */
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type MeetingNotes = z.infer<typeof meetingNotesSchema>;

/** An action item line made into a card. */
export const meetingCardSchema = z.object({
  lineKey: z.string(),
  /** Null when the card was deleted since. */
  taskId: z.number().int().nullable(),
  teamId: z.number().int().nullable(),
  subject: z.string().nullable(),
  createdAt: z.string(),
});
export type MeetingCard = z.infer<typeof meetingCardSchema>;

export const meetingDetailSchema = z.object({
  session: meetingSummarySchema.extend({
    workspaceId: z.number().int(),
    channelName: z.string(),
    teamId: z.number().int().nullable(),
    teamName: z.string().nullable(),
  }),
  attendance: z.array(meetingAttendeeSchema),
  notes: meetingNotesSchema,
  cards: z.array(meetingCardSchema),
  /** False for class staff reading a team they are not in. */
  canWrite: z.boolean(),
});
export type MeetingDetail = z.infer<typeof meetingDetailSchema>;

/** PUT /meetings/{sessionId}/notes */
export const saveMeetingNotesSchema = z.object({
  content: z.string().max(MEETING_NOTES_MAX, MeetingMessages.notesTooLong),
  /** The `updatedAt` the writer started from (null: the notes were never saved). */
  baseUpdatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SaveMeetingNotesInput = z.input<typeof saveMeetingNotesSchema>;

/** POST /meetings/{sessionId}/cards */
export const createMeetingCardSchema = z.object({
  line: z
    .string(MeetingMessages.lineRequired)
    .trim()
    .min(1, MeetingMessages.lineRequired)
    .max(MEETING_LINE_MAX, MeetingMessages.lineTooLong),
  /** The card's title; the line's text without marker, name and date when absent. */
  subject: z.string().trim().min(1).max(200).optional(),
  assigneeId: idSchema.nullable().optional(),
  dueDate: z.iso.date(MeetingMessages.badDueDate).nullable().optional(),
  /** The team board's list; its first list when absent. */
  kanbanListId: idSchema.optional(),
  /** For a channel without a team: one of the writer's teams. */
  teamId: idSchema.optional(),
});
export type CreateMeetingCardInput = z.input<typeof createMeetingCardSchema>;

// --- endpoints ---------------------------------------------------------------------------------

export const meetingEndpoints = {
  channelMeetings: endpoint({
    method: 'GET',
    path: '/workspaces/:workspaceId/video-channels/:channelId/meetings',
    summary: 'A video channel’s meetings, newest first (the one going on, then the past ones)',
    params: channelMeetingsParamsSchema,
    response: z.array(meetingSummarySchema),
  }),
  meeting: endpoint({
    method: 'GET',
    path: '/meetings/:sessionId',
    summary: 'A meeting with its attendance, notes and the cards made from them',
    params: meetingParamsSchema,
    response: meetingDetailSchema,
    errors: { 404: [ErrorCode.MEETING_NOT_FOUND] },
  }),
  saveNotes: endpoint({
    method: 'PUT',
    path: '/meetings/:sessionId/notes',
    summary: 'Save the notes (409 when they changed since `baseUpdatedAt`)',
    params: meetingParamsSchema,
    body: saveMeetingNotesSchema,
    response: meetingNotesSchema,
    errors: { 409: [ErrorCode.MEETING_NOTES_STALE] },
  }),
  createCard: endpoint({
    method: 'POST',
    path: '/meetings/:sessionId/cards',
    summary: 'Make an action item line of the notes a kanban card (409 when it already is one)',
    params: meetingParamsSchema,
    body: createMeetingCardSchema,
    response: meetingCardSchema,
    status: 201,
    errors: {
      400: [ErrorCode.MEETING_NOT_ACTION_ITEM, ErrorCode.MEETING_CARD_TARGET_INVALID],
      409: [ErrorCode.MEETING_CARD_EXISTS],
    },
  }),
};
