/** Business constants shared by server and web (spec 01 section 9). */
export const Limits = {
  codeLength: 6,
  codeTtlMinutes: 10,
  codeMaxAttempts: 5,
  codeResendSeconds: 60,
  /** How long a verified sign-up e-mail stays usable for registration. */
  verifiedEmailValidMinutes: 30,
  passwordMin: 8,
  passwordMax: 128,
  passwordCheckDelayMs: 500,
  emailMax: 254,
  nameMax: 50,
  workspaceNameMax: 100,
  teamNameMax: 50,
  teamDescriptionMax: 500,
  workspacePasswordMin: 4,
  workspacePasswordMax: 64,
  /** An emoji or a few letters typed as the icon. */
  workspaceIconTextMax: 8,
  inviteCodeLength: 10,
  /** Home page member preview (spec 01 section 9). */
  memberPreviewCount: 4,
  iconUploadMaxBytes: 5 * 1024 * 1024,
  profileImageMaxBytes: 5 * 1024 * 1024,
  hashtagMax: 30,
  hashtagsPerUser: 20,
  mbtiMax: 4,
  shortTextMax: 100,
  longTextMax: 2000,
  urlMax: 500,
  clientInfoFieldMax: 300,
  /** Announcements and posts (spec 02 section 9 page sizes). */
  announcementPageSize: 5,
  postPageSize: 5,
  commentPageSize: 10,
  titleMax: 200,
  contentMax: 20_000,
  commentMax: 2000,
  /** One attachment; a post holds at most `attachmentsPerPost` files of `postFilesMaxBytes` in all. */
  attachmentMaxBytes: 20 * 1024 * 1024,
  attachmentsPerPost: 10,
  postFilesMaxBytes: 50 * 1024 * 1024,
  fileNameMax: 255,
  /** Calendar and kanban (spec 02 section 9). */
  schedulePageSize: 20,
  calendarCells: 42,
  calendarEventsPerCell: 3,
  kanbanNameMax: 100,
  taskCommentPageSize: 4,
  taskCommentPagerWindow: 3,
  assigneeAvatars: 3,
  /** Chat (spec 02 section 9). */
  chatRoomPageSize: 20,
  chatMessagePageSize: 20,
  chatRoomNameMax: 100,
  chatMessageMax: 4000,
  /** Files one chat message carries (each at most `attachmentMaxBytes`), and their total. */
  chatFilesPerMessage: 10,
  chatMessageFilesMaxBytes: 50 * 1024 * 1024,
  /** A room's files list (the 파일 drawer): default and largest page. */
  chatFilesPageSize: 30,
  chatFilesPageMax: 100,
  chatWindow: 100,
  chatLoadMoreStep: 50,
  chatKeptPerRoom: 1000,
  sseTicketSeconds: 60,
  sseReplayWindowSeconds: 300,
  sseHeartbeatSeconds: 15,
  /** Video meetings (spec 02 section 9). */
  videoChannelNameMax: 50,
  meetingChatMax: 1000,
  /** Meeting chat lines sent with `init` to someone entering. */
  meetingChatHistory: 100,
  videoListPollMs: 5000,
  videoDeleteRefetchDelayMs: 1000,
  screenCaptureWidth: 1280,
  screenCaptureHeight: 720,
  screenCaptureFps: 15,
  meetingChatPanelPx: 300,
  placeholderAvatarPx: 60,
  diagnosticsWebsocketTimeoutMs: 15_000,
  /** A participant whose meeting connection is gone this long is removed. */
  videoPresenceGraceSeconds: 30,
  /** How often an open meeting connection marks its participant as still there. */
  videoPresenceTouchSeconds: 10,
  /** How long a LiveKit access token from join-conference is valid. */
  conferenceTokenSeconds: 6 * 60 * 60,
  /**
   * Discussion mode without LiveKit: every publisher sends to every other browser (a full mesh),
   * which a home uplink and a laptop carry for about four (issue 47).
   */
  meshPublishersMax: 4,
  /** How long signalling trusts that someone it found in a meeting is still in it. */
  signalPeerCacheSeconds: 5,
} as const;

const MB = 1024 * 1024;

/** Texts for any uploaded file (board attachments, chat files). */
export const FileMessages = {
  fileTooLarge: `파일 하나의 크기는 ${Limits.attachmentMaxBytes / MB}MB 이하여야 합니다.`,
  fileRequired: '파일을 선택해주세요.',
} as const;

/**
 * Every new password (sign-up, change, reset): 8+ with upper, lower and a digit, the sign-up rule
 * of spec 01 section 5, now the one policy (issue 41; the spec's reset rule also wanted a special
 * character, its change rule only 8 characters).
 */
export const signupPasswordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
/**
 * Simple e-mail shape; the sign-up form only requires an @ (spec), the server requires this.
 * Linear: the domain's labels cannot trade characters with each other, and every schema checks
 * the length (`Limits.emailMax`) before it runs the pattern.
 */
export const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Where uploaded workspace icons live; an icon URL must point here, never outside. */
export const workspaceIconUrlPrefix = '/api/files/public/icons/';

/** A workspace invite code: letters and digits, 6 to 15 (spec 01 section 5; we issue 10). */
export const inviteCodePattern = /^[A-Za-z0-9]{6,15}$/;
