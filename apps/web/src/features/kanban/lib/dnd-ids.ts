import type { DropRef } from './board-moves';

/** Sortable ids must be unique across lists and cards: each carries its kind. */
export const taskDndId = (taskId: number) => `task-${taskId}`;
export const listDndId = (listId: number) => `list-${listId}`;

/** The kind and id of a sortable id made above; null for anything else. */
export function parseDndId(value: string | number | null | undefined): DropRef | null {
  if (typeof value !== 'string') return null;
  const match = /^(task|list)-(\d+)$/.exec(value);
  if (!match) return null;
  return { type: match[1] as DropRef['type'], id: Number(match[2]) };
}

/** The CSS of a sortable's shift (translate only: cards and lists never scale). */
export function translateStyle(transform: { x: number; y: number } | null): string | undefined {
  return transform
    ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`
    : undefined;
}
