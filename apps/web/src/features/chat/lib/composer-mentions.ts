import { parseMentions } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import { plainText, type MentionTarget, type PickedMention } from './message-text';

/*
 * What the message input offers after `@` and what it fills in when a message is edited: the
 * composer's mention rules without React, so they can be tested on their own.
 */

/** How many members the mention list shows at once. */
const MENTION_OPTIONS_MAX = 8;

export interface MentionCandidate {
  id: number;
  name: string;
  imageUrl: string | null;
}

export interface MentionOption {
  target: MentionTarget;
  name: string;
  hint: string | null;
  imageUrl: string | null;
}

/** The members (and, for owners and admins, @all / @here) that match what follows `@`. */
export function mentionOptions(
  query: string,
  members: readonly MentionCandidate[],
  canMentionAll: boolean,
): MentionOption[] {
  const wanted = query.toLocaleLowerCase('ko-KR');
  const options: MentionOption[] = members
    .filter((member) => member.name.toLocaleLowerCase('ko-KR').includes(wanted))
    .slice(0, MENTION_OPTIONS_MAX)
    .map((member) => ({
      target: member.id,
      name: member.name,
      hint: null,
      imageUrl: member.imageUrl,
    }));
  if (canMentionAll) {
    if ('all'.startsWith(wanted)) {
      options.push({ target: 'all', name: 'all', hint: chatKo.mention.all, imageUrl: null });
    }
    if ('here'.startsWith(wanted)) {
      options.push({ target: 'here', name: 'here', hint: chatKo.mention.here, imageUrl: null });
    }
  }
  return options;
}

/**
 * A message's content as the input shows it for editing: its mentions read as `@이름`, and the
 * ones that still name someone are remembered as picked so saving writes them back as tokens.
 */
export function editDraft(
  content: string,
  members: readonly MentionCandidate[],
): { text: string; picked: PickedMention[] } {
  const nameOf = (id: number) => members.find((member) => member.id === id)?.name;
  const picked: PickedMention[] = parseMentions(content).userIds.flatMap((id) => {
    const name = nameOf(id);
    return name ? [{ target: id, name }] : [];
  });
  for (const target of ['all', 'here'] as const) {
    if (content.includes(`<@${target}>`)) picked.push({ target, name: target });
  }
  return { text: plainText(content, nameOf), picked };
}
