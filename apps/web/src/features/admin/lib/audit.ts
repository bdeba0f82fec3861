import type { AuditAction, AuditEvent } from '@teamup/contracts/admin';

/** The audit log's days and times are Korea's, wherever the admin's browser is. */
const ZONE = 'Asia/Seoul';

/** The parts of an instant in Korea, as numbers (24-hour clock). */
function seoulParts(date: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * When an entry happened, in Korea and the Korean way: 2026. 11. 30. 오후 3:04:05. Built from the
 * numbers rather than the ko-KR format, whose 오전/오후 some ICU builds give as AM/PM.
 */
export function formatAuditTime(iso: string): string {
  const { year, month, day, hour, minute, second } = seoulParts(new Date(iso));
  const period = hour < 12 ? '오전' : '오후';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${year}. ${month}. ${day}. ${period} ${hour12}:${pad(minute)}:${pad(second)}`;
}

/** Today in Korea, YYYY-MM-DD: the latest day the filters may name. */
export function seoulToday(now: Date = new Date()): string {
  const { year, month, day } = seoulParts(now);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in Korea, YYYYMMDD: the day in an export's file name. */
export function auditFileDay(now: Date = new Date()): string {
  return seoulToday(now).replaceAll('-', '');
}

/** Which entries are shown in red: failures, deactivations, bans and deletions. */
const dangerous: Record<AuditAction, boolean> = {
  SIGN_IN: false,
  SIGN_IN_FAILED: true,
  ACCOUNT_CREATED: false,
  PASSWORD_CHANGED: false,
  PASSWORD_RESET: false,
  TWO_FACTOR_ENABLED: false,
  TWO_FACTOR_DISABLED: false,
  WORKSPACE_ROLE_CHANGED: false,
  MEMBER_KICKED: false,
  MEMBER_BANNED: true,
  MEMBER_UNBANNED: false,
  WORKSPACE_DELETED: true,
  TEAM_DELETED: true,
  USER_DEACTIVATED: true,
  USER_REACTIVATED: false,
  INSTANCE_ROLE_CHANGED: false,
  REGISTRATION_POLICY_CHANGED: false,
  INVITATION_CREATED: false,
  INVITATION_WITHDRAWN: false,
  AUDIT_EXPORTED: false,
  TOKEN_CREATED: false,
  TOKEN_REVOKED: false,
  WEBHOOK_CREATED: false,
  WEBHOOK_DELETED: false,
  DATA_EXPORT_REQUESTED: false,
  WORKSPACE_IMPORTED: false,
};

export function isDangerAction(action: AuditAction): boolean {
  return dangerous[action];
}

/** An entry's details, compactly: `key: value` each, in the order the server gave them. */
export function auditDetailItems(details: AuditEvent['details']): string[] {
  return Object.entries(details).map(
    ([key, value]) => `${key}: ${value === null ? '-' : String(value)}`,
  );
}
