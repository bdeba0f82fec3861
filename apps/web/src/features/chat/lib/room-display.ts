import dayjs from 'dayjs';
import type { ChatMember, ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import { chatListMessages } from '../../../lib/first-load-endpoints';
import { ko } from '../../../i18n/ko';
import { chatKo } from '../../../i18n/ko/chat';
import '../../../lib/dates';
import { canModerateWorkspace } from '@teamup/contracts/workspace-roles';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';

/**
 * The room's name (spec 02 section 2): a DM is named after the other member, else the server's
 * name, else 'DM {id}'; a group uses its name, else '그룹 채팅 {id}'.
 */
export function roomDisplayName(room: ChatRoom, myId: number | undefined): string {
  if (room.type === 'PERSONAL') {
    const other = room.members.find((member) => member.accountId !== myId);
    const otherName = other?.name || other?.accountName;
    return otherName || room.name.trim() || chatKo.dmFallback(room.id);
  }
  return room.name.trim() || chatKo.groupFallback(room.id);
}

/** Members by account id, for naming senders the message itself does not name. */
export function membersByAccount(members: readonly ChatMember[]): Map<number, ChatMember> {
  return new Map(members.map((member) => [member.accountId, member]));
}

/** The sender's name: the message's, else the member list's, else '알 수 없는 사용자'. */
export function senderDisplayName(
  message: Pick<ChatMessage, 'senderId' | 'senderName'>,
  members: ReadonlyMap<number, ChatMember>,
): string {
  const own = message.senderName.trim();
  if (own && own !== chatListMessages.unknownSender) return own;
  const member = members.get(message.senderId);
  return member?.name || member?.accountName || chatListMessages.unknownSender;
}

/** The sender's picture: the message's, else the member list's. */
export function senderImage(
  message: Pick<ChatMessage, 'senderId' | 'senderProfileImageUrl'>,
  members: ReadonlyMap<number, ChatMember>,
): string | null {
  return message.senderProfileImageUrl ?? members.get(message.senderId)?.profileImageUrl ?? null;
}

function validTime(iso: string | null | undefined): dayjs.Dayjs | null {
  if (!iso) return null;
  const time = dayjs(iso);
  return time.isValid() ? time : null;
}

/** The time of day a message was sent (오후 2:05), else '시간 정보 없음'. */
export function formatMessageTime(iso: string | null | undefined): string {
  return validTime(iso)?.format(chatKo.time) ?? chatKo.noTime;
}

/** The calendar day of a message, for date separators; '' when it has no time. */
export function messageDayKey(iso: string | null | undefined): string {
  return validTime(iso)?.format('YYYY-MM-DD') ?? '';
}

/** A date separator's text (2025년 3월 1일 토요일), else '시간 정보 없음'. */
export function formatMessageDay(iso: string | null | undefined): string {
  return validTime(iso)?.format(chatKo.day) ?? chatKo.noTime;
}

/** The full date and time, for a tooltip. */
export function formatMessageDateTime(iso: string | null | undefined): string {
  return validTime(iso)?.format(ko.dates.dateTime) ?? chatKo.noTime;
}

/**
 * Who may pin the room's notice (the server's chat.policy.ts): either member of a 1:1 DM (as
 * KakaoTalk's 공지), in a group its owner and the workspace's owner and admins.
 */
export function canPinNotice(
  room: Pick<ChatRoom, 'type' | 'createdBy'>,
  myId: number,
  role: WorkspaceRole | undefined,
): boolean {
  return room.type === 'PERSONAL' || room.createdBy === myId || canDeleteAnyMessage(role);
}

/** True for a workspace role that may delete anyone's chat message (spec 02 section 6). */
export function canDeleteAnyMessage(role: WorkspaceRole | undefined): boolean {
  return canModerateWorkspace(role);
}
