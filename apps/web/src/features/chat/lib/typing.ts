import { CHAT_TYPING_SHOW_MS } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';

/** Someone typing in the room, shown until `until` (epoch ms) unless heard again. */
export type TypingEntry = { userId: number; name: string; until: number };

/** A CHAT_TYPING heard: shown (again) for CHAT_TYPING_SHOW_MS; the first heard stays first. */
export function heardTyping(
  entries: readonly TypingEntry[],
  who: { userId: number; name: string },
  now: number,
): TypingEntry[] {
  const entry = { userId: who.userId, name: who.name, until: now + CHAT_TYPING_SHOW_MS };
  const known = entries.some((item) => item.userId === who.userId);
  return known
    ? entries.map((item) => (item.userId === who.userId ? entry : item))
    : [...entries, entry];
}

/** Their message arrived (or they left): no longer typing. */
export function stoppedTyping(entries: readonly TypingEntry[], userId: number): TypingEntry[] {
  return entries.filter((item) => item.userId !== userId);
}

/** Those still typing at `now`. */
export function stillTyping(entries: readonly TypingEntry[], now: number): TypingEntry[] {
  return entries.filter((item) => item.until > now);
}

/** "지민님이 입력 중…", "지민님, 민수님이 입력 중…", "지민님 외 2명이 입력 중…"; null for nobody. */
export function typingText(names: readonly string[]): string | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return chatKo.typing.one(first);
  if (names.length === 2) return chatKo.typing.two(first, second);
  return chatKo.typing.many(first, names.length - 1);
}
