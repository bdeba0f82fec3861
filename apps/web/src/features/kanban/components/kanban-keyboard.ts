import {
  KeyboardCode,
  type DroppableContainer,
  type DroppableContainers,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { parseDndId } from '../lib/dnd-ids';

type ContainersConstructor = new (
  entries: [UniqueIdentifier, DroppableContainer][],
) => DroppableContainers;

/** The list a drop target belongs to: a column is its own list, a card is in its list. */
function listOf(container: DroppableContainer): number | undefined {
  const data = container.data.current as { type?: string; listId?: number } | undefined;
  if (data?.type === 'task') return data.listId;
  const ref = parseDndId(container.id);
  return ref?.type === 'list' ? ref.id : undefined;
}

const horizontal: string[] = [KeyboardCode.Left, KeyboardCode.Right];
const vertical: string[] = [KeyboardCode.Up, KeyboardCode.Down];

/**
 * The sortable arrow-key moves, kept to the board's two directions: with a card, Up and Down
 * stay among the cards of its list and Left and Right go to another list; with a list, only
 * Left and Right, among lists. Without this a card whose edge lies a pixel off its neighbours'
 * would take Right for "the card above".
 */
export const kanbanKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { context } = args;
  const active = context.active?.data.current as { type?: string; listId?: number } | undefined;
  if (!active || (!horizontal.includes(event.code) && !vertical.includes(event.code))) {
    return sortableKeyboardCoordinates(event, args);
  }
  const keep = (container: DroppableContainer) => {
    if (container.id === context.active?.id) return true;
    const type = (container.data.current as { type?: string } | undefined)?.type;
    if (active.type === 'list') return type === 'list' && horizontal.includes(event.code);
    if (vertical.includes(event.code))
      return type === 'task' && listOf(container) === active.listId;
    return listOf(container) !== active.listId;
  };
  const all = context.droppableContainers;
  const Containers = all.constructor as ContainersConstructor;
  const kept = new Containers([...all.entries()].filter(([, container]) => keep(container)));
  if (kept.getEnabled().length <= 1) {
    // Nowhere to go that way: stay put rather than jump.
    event.preventDefault();
    return undefined;
  }
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...context, droppableContainers: kept },
  });
};
