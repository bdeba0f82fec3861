import { Limits, workspaceIconUrlPrefix } from '@teamup/contracts/limits';

export type IconKind =
  | { kind: 'image'; src: string }
  | { kind: 'text'; text: string }
  | { kind: 'letter'; text: string };

/** The first letter of a name, upper-cased; '?' for a blank name. */
export function firstLetter(name: string): string {
  const [letter] = [...name.trim()];
  return letter ? letter.toUpperCase() : '?';
}

/**
 * How a workspace icon shows: an uploaded image (our own icon URL), the emoji or letters the
 * owner typed, or else the first letter of the name.
 */
export function iconKind(iconUrl: string | null | undefined, name: string): IconKind {
  const value = iconUrl?.trim() ?? '';
  if (value.startsWith(workspaceIconUrlPrefix) && !value.includes('..')) {
    return { kind: 'image', src: value };
  }
  if (value && !/[:/\\]/.test(value) && [...value].length <= Limits.workspaceIconTextMax) {
    return { kind: 'text', text: value };
  }
  return { kind: 'letter', text: firstLetter(name) };
}
