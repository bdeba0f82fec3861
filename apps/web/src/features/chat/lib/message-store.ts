import {
  REPLY_PREVIEW_MAX,
  type ChatMessage,
  type ChatReaction,
  type ChatReplyPreview,
} from '@teamup/contracts/chat';
import { Limits } from '@teamup/contracts/limits';

/** Where a message stands while it exists only here. */
export type Delivery = 'sending' | 'failed';

/**
 * A message as the room shows it. One sent from here carries `pending` (and a negative id) until
 * the server's copy replaces it.
 */
export interface LocalMessage extends ChatMessage {
  /** `files`: the picked files, kept for the local preview and for a retry. */
  pending?: {
    delivery: Delivery;
    createdAtMs: number;
    files?: File[];
    /** How much of the files has gone up (0 to 1) while they are being sent. */
    progress?: number;
    /** Failed because the server refused it (its reason): not offered again. */
    refusal?: string;
  };
}

/** One room's messages (spec 02 sections 2 and 4). */
export interface MessageStore {
  /** Time order, oldest first; at most `chatKeptPerRoom`. */
  messages: LocalMessage[];
  /** How many of the newest messages show (the window). */
  visibleCount: number;
  /** Messages older than the oldest loaded one that the server still holds (as last told). */
  olderOnServer: number;
}

/** How long a temporary message may be matched by content, by where the real one came from. */
export const TEMP_MATCH_MS = { api: 10_000, live: 30_000 } as const;

export const emptyStore: MessageStore = { messages: [], visibleCount: 0, olderOnServer: 0 };

let lastTempId = 0;

/** A new negative id for a message being sent (unique for the page's life). */
export function nextTempId(): number {
  lastTempId -= 1;
  return lastTempId;
}

function timeOf(message: LocalMessage): number {
  if (message.pending) return message.pending.createdAtMs;
  const time = Date.parse(message.sentAt);
  return Number.isNaN(time) ? 0 : time;
}

/** Time order; equal times keep the server's id order, and a temporary one goes last. */
export function compareMessages(a: LocalMessage, b: LocalMessage): number {
  const byTime = timeOf(a) - timeOf(b);
  if (byTime !== 0) return byTime;
  if (a.pending && !b.pending) return 1;
  if (b.pending && !a.pending) return -1;
  return Math.abs(a.id) - Math.abs(b.id);
}

/**
 * Sorts, keeps the newest `chatKeptPerRoom` and keeps the window inside what is kept. What falls
 * off the old end is still on the server: 'load older' fetches it again by the oldest kept id.
 */
function finish(messages: LocalMessage[], visibleCount: number, olderOnServer: number) {
  const sorted = [...messages].sort(compareMessages);
  const dropped = Math.max(0, sorted.length - Limits.chatKeptPerRoom);
  const kept = dropped > 0 ? sorted.slice(dropped) : sorted;
  const droppedFromServer = sorted.slice(0, dropped).filter((message) => !message.pending).length;
  return {
    messages: kept,
    visibleCount: Math.min(Math.max(visibleCount, 0), kept.length),
    olderOnServer: olderOnServer + droppedFromServer,
  };
}

/** The first newest page (GET .../messages newest first): the window opens on its newest 100. */
export function openStore(newestFirst: ChatMessage[], totalElements: number): MessageStore {
  const messages = [...newestFirst];
  const result = finish(messages, Limits.chatWindow, Math.max(0, totalElements - messages.length));
  return result;
}

const fileNames = (message: ChatMessage) => message.attachments.map((file) => file.fileName);
const sameFileNames = (a: ChatMessage, b: ChatMessage) =>
  fileNames(a).join('/') === fileNames(b).join('/');

/**
 * A temporary message this one can replace: sent from here with the same content, still being
 * sent, created within `windowMs` of `nowMs`. The oldest such message goes first.
 */
function findTempFor(
  messages: LocalMessage[],
  real: ChatMessage,
  myId: number,
  windowMs: number,
  nowMs: number,
): LocalMessage | undefined {
  if (real.senderId !== myId) return undefined;
  return messages.find(
    (message) =>
      message.pending?.delivery === 'sending' &&
      message.content === real.content &&
      sameFileNames(message, real) &&
      nowMs - message.pending.createdAtMs <= windowMs,
  );
}

export interface MergeOptions {
  myId: number;
  source: keyof typeof TEMP_MATCH_MS;
  nowMs: number;
}

/**
 * Messages from the server (a resync page or a live event) merged in by id: a known id is
 * updated (a known deletion stays deleted), an unknown one is added, replacing a temporary
 * message of the same content sent from here. New messages extend the window.
 */
export function mergeMessages(
  store: MessageStore,
  incoming: ChatMessage[],
  { myId, source, nowMs }: MergeOptions,
): MessageStore {
  let messages = store.messages;
  const byId = new Map(messages.map((message) => [message.id, message]));
  const oldest = messages.find((message) => !message.pending);
  let added = 0;
  for (const real of incoming) {
    const known = byId.get(real.id);
    if (known) {
      const next: LocalMessage = known.deleted ? { ...real, deleted: true, content: '' } : real;
      messages = messages.map((message) => (message.id === real.id ? next : message));
      byId.set(real.id, next);
      continue;
    }
    // A resync page reaching below the oldest loaded message is not news: those stay hidden
    // until "load older" asks for them.
    if (oldest && source === 'api' && compareMessages(real, oldest) < 0) continue;
    const temp = findTempFor(messages, real, myId, TEMP_MATCH_MS[source], nowMs);
    if (temp) {
      messages = messages.filter((message) => message.id !== temp.id);
      byId.delete(temp.id);
    } else {
      added += 1;
    }
    messages = [...messages, real];
    byId.set(real.id, real);
  }
  if (messages === store.messages) return store;
  return finish(messages, store.visibleCount + added, store.olderOnServer);
}

/**
 * Older messages (oldest first) put before the loaded ones; the window grows by as many. Past
 * `chatKeptPerRoom`, the newest loaded messages give way (the list slides back through the room,
 * its length bounded however far one scrolls): the caller sees the newest server id change and
 * knows newer ones are on the server again. Messages being sent from here stay.
 */
export function prependOlder(
  store: MessageStore,
  olderOldestFirst: ChatMessage[],
  olderOnServer: number,
): MessageStore {
  const known = new Set(store.messages.map((message) => message.id));
  const fresh = olderOldestFirst.filter((message) => !known.has(message.id));
  const sorted = [...fresh, ...store.messages].sort(compareMessages);
  let excess = sorted.length - Limits.chatKeptPerRoom;
  const kept: LocalMessage[] = [];
  for (let index = sorted.length - 1; index >= 0; index -= 1) {
    const message = sorted[index] as LocalMessage;
    if (excess > 0 && !message.pending) {
      excess -= 1;
      continue;
    }
    kept.push(message);
  }
  kept.reverse();
  return {
    messages: kept,
    visibleCount: Math.min(store.visibleCount + fresh.length, kept.length),
    olderOnServer: Math.max(0, olderOnServer),
  };
}

/** A message being sent from here: shown at once, at the end, inside the window. */
export function addTemp(store: MessageStore, temp: LocalMessage): MessageStore {
  return finish([...store.messages, temp], store.visibleCount + 1, store.olderOnServer);
}

/**
 * The server's answer to a send: it replaces the temporary message, unless the live event
 * already brought it (then the temporary one just goes).
 */
export function confirmTemp(store: MessageStore, tempId: number, real: ChatMessage): MessageStore {
  const hadTemp = store.messages.some((message) => message.id === tempId);
  const alreadyThere = store.messages.some((message) => message.id === real.id);
  const without = store.messages.filter((message) => message.id !== tempId);
  if (alreadyThere) {
    return finish(without, store.visibleCount - (hadTemp ? 1 : 0), store.olderOnServer);
  }
  return finish([...without, real], store.visibleCount + (hadTemp ? 0 : 1), store.olderOnServer);
}

/** Marks a temporary message as sending again or failed (refused: with the server's reason). */
export function setDelivery(
  store: MessageStore,
  tempId: number,
  delivery: Delivery,
  refusal?: string,
): MessageStore {
  return {
    ...store,
    messages: store.messages.map((message) => {
      if (message.id !== tempId || !message.pending) return message;
      const { refusal: _previous, progress: _sent, ...pending } = message.pending;
      return { ...message, pending: { ...pending, delivery, ...(refusal ? { refusal } : {}) } };
    }),
  };
}

/** How much of a message's files has gone up (0 to 1) while it is being sent. */
export function setProgress(store: MessageStore, tempId: number, progress: number): MessageStore {
  const target = store.messages.find((message) => message.id === tempId);
  if (target?.pending?.delivery !== 'sending' || target.pending.progress === progress) return store;
  return {
    ...store,
    messages: store.messages.map((message) =>
      message === target && message.pending
        ? { ...message, pending: { ...message.pending, progress } }
        : message,
    ),
  };
}

/** How a reply being sent from here quotes its original (as the server will). */
export function replyPreviewOf(original: ChatMessage): ChatReplyPreview {
  return {
    id: original.id,
    senderId: original.senderId,
    senderName: original.senderName,
    content: original.content.slice(0, REPLY_PREVIEW_MAX),
    deleted: original.deleted,
    hasAttachment: original.attachments.length > 0,
  };
}

/**
 * A deletion: the message stays in place, empty and marked deleted, as the server keeps it; the
 * replies quoting it show it as deleted.
 */
export function markDeleted(store: MessageStore, messageId: number): MessageStore {
  if (
    !store.messages.some(
      (message) =>
        (message.id === messageId && !message.deleted) ||
        (message.replyTo?.id === messageId && !message.replyTo.deleted),
    )
  ) {
    return store;
  }
  return {
    ...store,
    messages: store.messages.map((message) => {
      if (message.id === messageId) {
        return { ...message, deleted: true, content: '', reactions: [] };
      }
      if (message.replyTo?.id === messageId) {
        return {
          ...message,
          replyTo: { ...message.replyTo, deleted: true, content: '', hasAttachment: false },
        };
      }
      return message;
    }),
  };
}

/**
 * A message's new text (an edit here, its answer, or a live event): the message itself, and the
 * quotes of it in replies.
 */
export function applyEdit(store: MessageStore, edited: ChatMessage): MessageStore {
  if (!store.messages.some((m) => m.id === edited.id || m.replyTo?.id === edited.id)) return store;
  return {
    ...store,
    messages: store.messages.map((message) => {
      if (message.id === edited.id) return message.deleted ? message : { ...message, ...edited };
      if (message.replyTo?.id === edited.id && !message.replyTo.deleted) {
        return {
          ...message,
          replyTo: { ...message.replyTo, content: edited.content.slice(0, REPLY_PREVIEW_MAX) },
        };
      }
      return message;
    }),
  };
}

/** A message's reactions replaced (the server's answer, a live event, or a local toggle). */
export function setReactions(
  store: MessageStore,
  messageId: number,
  reactions: ChatReaction[],
): MessageStore {
  if (!store.messages.some((message) => message.id === messageId && !message.deleted)) {
    return store;
  }
  return {
    ...store,
    messages: store.messages.map((message) =>
      message.id === messageId ? { ...message, reactions } : message,
    ),
  };
}

/** Puts a message back as it was (a deletion the server refused). */
export function restoreMessage(store: MessageStore, original: LocalMessage): MessageStore {
  return {
    ...store,
    messages: store.messages.map((message) => (message.id === original.id ? original : message)),
  };
}

/** The messages in the window, oldest first. */
export function visibleMessages(store: MessageStore): LocalMessage[] {
  return store.messages.slice(store.messages.length - store.visibleCount);
}

/** Loaded messages outside the window. */
export function hiddenCount(store: MessageStore): number {
  return store.messages.length - store.visibleCount;
}

/**
 * How many more messages 'load older' would show (at most 50): hidden loaded ones first, then
 * ones still on the server.
 */
export function olderStep(store: MessageStore): number {
  const hidden = hiddenCount(store);
  if (hidden > 0) return Math.min(Limits.chatLoadMoreStep, hidden);
  return Math.max(0, Math.min(Limits.chatLoadMoreStep, store.olderOnServer));
}

/** Shows up to `count` more of the hidden loaded messages. */
export function widenWindow(store: MessageStore, count: number): MessageStore {
  return {
    ...store,
    visibleCount: Math.min(store.messages.length, store.visibleCount + count),
  };
}

/** The oldest message the server gave (the cursor of 'load older'). */
export function oldestServerId(store: MessageStore): number | undefined {
  return store.messages.find((message) => !message.pending)?.id;
}

/** The newest message the server gave (what 'last read' points at). */
export function newestServerId(store: MessageStore): number | undefined {
  return store.messages.findLast((message) => !message.pending)?.id;
}
