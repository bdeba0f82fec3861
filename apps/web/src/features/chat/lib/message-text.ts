import { MENTION_TOKEN, mentionToken, mentionsAsText } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';

/*
 * A message's text as pieces to render as React nodes (never HTML): plain text, http(s) links
 * and mentions (`<@id>`, `<@all>`, `<@here>`, decision 0019's sibling in the contracts).
 */

export type MentionTarget = number | 'all' | 'here';
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'mention'; target: MentionTarget };

const LINK = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("보세요: https://a.kr/x."). */
const TRAILING = new Set([...'.,!?;:\'")]}>…。、']);

/** How many characters at the end of `raw` are sentence punctuation. */
function trailingLength(raw: string): number {
  let end = raw.length;
  while (end > 0 && TRAILING.has(raw[end - 1] ?? '')) end -= 1;
  return raw.length - end;
}

/** The address when it is a well-formed http or https URL; null otherwise. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    let raw = match[0];
    // A closing bracket the address opened is part of it (https://ko.wikipedia.org/wiki/A_(B)).
    const trailing = raw.slice(raw.length - trailingLength(raw));
    if (trailing) {
      const kept = trailing.startsWith(')') && raw.includes('(') ? ')' : '';
      raw = raw.slice(0, raw.length - trailing.length) + kept;
    }
    const href = safeHref(raw);
    if (!href) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', href, text: raw });
    at = start + raw.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

export function messageParts(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of content.matchAll(MENTION_TOKEN)) {
    if (match.index > at) parts.push(...linkParts(content.slice(at, match.index)));
    const target = match[1] ?? '';
    parts.push({
      kind: 'mention',
      target: target === 'all' || target === 'here' ? target : Number(target),
    });
    at = match.index + match[0].length;
  }
  if (at < content.length) parts.push(...linkParts(content.slice(at)));
  return parts;
}

/** How a mention reads: `@이름` with today's name, `@all` / `@here`. */
export function mentionLabel(target: MentionTarget, nameOf: (id: number) => string | undefined) {
  if (typeof target !== 'number') return `@${target}`;
  return `@${nameOf(target) ?? chatKo.mention.unknown}`;
}

/** The text with its mentions as `@이름` (previews, the input when editing). */
export function plainText(content: string, nameOf: (id: number) => string | undefined): string {
  return mentionsAsText(content, (target) => mentionLabel(target, nameOf));
}

export interface PickedMention {
  target: MentionTarget;
  /** As it was inserted into the input: `@` + this. */
  name: string;
}

/**
 * The input's text with each picked mention's `@이름` turned into its token (longest names first,
 * so '@김민지' is not taken for '@김민'). A mention typed without picking stays plain text.
 */
export function withMentionTokens(text: string, picked: readonly PickedMention[]): string {
  const byLength = [...picked].sort((a, b) => b.name.length - a.name.length);
  let result = text;
  const placeholders: string[] = [];
  for (const mention of byLength) {
    const label = `@${mention.name}`;
    if (!result.includes(label)) continue;
    // A placeholder first, so a shorter name cannot match inside a token already written.
    const slot = `\uE000${placeholders.length}\uE000`;
    placeholders.push(mentionToken(mention.target));
    result = result.split(label).join(slot);
  }
  return result.replace(
    /\uE000(\d+)\uE000/g,
    (_slot, index: string) => placeholders[Number(index)] ?? '',
  );
}

/**
 * The mention being typed at the cursor: `@` at the start or after a space, then no space.
 * Answers the query after `@` and where the `@` is, or null.
 */
export function mentionQueryAt(
  text: string,
  cursor: number,
): { query: string; start: number } | null {
  const before = text.slice(0, cursor);
  const match = /(?:^|\s)@([^\s@]{0,20})$/u.exec(before);
  if (!match) return null;
  return { query: match[1] ?? '', start: cursor - (match[1] ?? '').length - 1 };
}
