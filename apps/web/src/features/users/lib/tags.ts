import { Limits } from '@teamup/contracts/limits';
import { ko } from '../../../i18n/ko';

export interface TagChange {
  tags: string[];
  /** Why nothing was added (null when added, or when the input was blank). */
  error: string | null;
}

const sameTag = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Adds a skill tag (spec 01 section 5): trimmed, never a duplicate, within the limits. */
export function addTag(
  tags: readonly string[],
  raw: string,
  limits: { maxLength: number; maxCount: number } = {
    maxLength: Limits.hashtagMax,
    maxCount: Limits.hashtagsPerUser,
  },
): TagChange {
  const tag = raw.trim();
  if (!tag) return { tags: [...tags], error: null };
  if (tags.some((existing) => sameTag(existing, tag))) {
    return { tags: [...tags], error: ko.validation.tagDuplicate };
  }
  if (tag.length > limits.maxLength) {
    return { tags: [...tags], error: ko.validation.tagTooLong(limits.maxLength) };
  }
  if (tags.length >= limits.maxCount) {
    return { tags: [...tags], error: ko.validation.tooManyTags(limits.maxCount) };
  }
  return { tags: [...tags, tag], error: null };
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((existing) => existing !== tag);
}

/** Suggestions not yet chosen, in the server's order. */
export function freshSuggestions(suggestions: readonly string[], tags: readonly string[]) {
  return suggestions.filter((candidate) => !tags.some((tag) => sameTag(tag, candidate)));
}
