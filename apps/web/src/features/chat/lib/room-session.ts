import type {
  ChatMessage,
  ChatMessagePage,
  ChatMessageReactions,
  ChatReactionEmoji,
} from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { LiveEvent } from '@teamup/contracts/events';
import { Limits } from '@teamup/contracts/limits';
import {
  addTemp,
  applyEdit,
  confirmTemp,
  emptyStore,
  markDeleted,
  mergeMessages,
  nextTempId,
  replyPreviewOf,
  setProgress,
  setReactions,
  oldestServerId,
  olderStep,
  openStore,
  prependOlder,
  restoreMessage,
  setDelivery,
  widenWindow,
  hiddenCount,
  newestServerId,
  type LocalMessage,
  type MessageStore,
} from './message-store';
import { ApiError } from '../../../lib/api-error';
import { hasReacted, withReaction } from './reactions';
import { sendRefusal, withSendRetries, type Sleep } from './send-retry';
import { findFirstUnreadId } from './unread';

/** Follow-up resyncs after a send (spec 02 section 9). */
export const RESYNC_AFTER_SEND_MS = [1_000, 5_000] as const;
/** The fallback sync while the live link is not open. */
export const FALLBACK_SYNC_MS = 12_000;
/** How many of the newest messages a resync asks for. */
export const RESYNC_SIZE = 50;
/** The spec's pause before 'load older' shows more. */
export const LOAD_OLDER_DELAY_MS = 100;

export interface RoomSessionState {
  status: 'loading' | 'ready' | 'error';
  store: MessageStore;
  loadingOlder: boolean;
  /** Where the '새 메시지' divider goes: fixed when the room first loads. */
  firstUnreadId: number | null;
  /**
   * The room holds messages newer than the newest loaded one: it was opened around an older
   * message and has not been read down to the newest yet. Live messages are not added then
   * (they would land after a gap); they come with the newer pages or the jump to the latest.
   */
  newerOnServer: boolean;
  loadingNewer: boolean;
  /**
   * The message the room was opened at (a search result), once its window has loaded: `found`
   * false when it is not a message of this room any more (the newest window shows instead).
   */
  focus: { messageId: number; found: boolean } | null;
}

export interface RoomSessionDeps {
  me: { id: number; name: string; imageUrl: string | null };
  roomId: number;
  /** The room's read pointer and unread count when it was opened. */
  openedWith: { lastReadMessageId: number | null; unreadCount: number };
  fetchNewest: (size: number, signal: AbortSignal) => Promise<Page<ChatMessage>>;
  fetchOlder: (beforeId: number, size: number, signal: AbortSignal) => Promise<ChatMessagePage>;
  fetchNewer: (afterId: number, size: number, signal: AbortSignal) => Promise<ChatMessagePage>;
  fetchAround: (messageId: number, size: number, signal: AbortSignal) => Promise<ChatMessagePage>;
  /** Open at this message (its window around it) instead of the newest window. */
  focusMessageId?: number | undefined;
  /** `onProgress` hears how much of the files has gone up (0 to 1). */
  send: (
    content: string,
    files: readonly File[],
    replyTo?: number,
    onProgress?: (fraction: number) => void,
  ) => Promise<ChatMessage>;
  remove: (messageId: number) => Promise<void>;
  edit: (messageId: number, content: string) => Promise<ChatMessage>;
  react: (
    messageId: number,
    emoji: ChatReactionEmoji,
    reacted: boolean,
  ) => Promise<ChatMessageReactions>;
  now?: () => number;
  sleep?: Sleep;
}

/** How a picked file shows before the server has it: no id or address yet. */
function localAttachment(file: File): LocalMessage['attachments'][number] {
  return {
    id: 0,
    type: file.type.startsWith('image/') ? 'image' : 'file',
    url: '',
    fileName: file.name,
    size: file.size,
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One open chat room's messages (spec 02 section 4): the newest window, older pages, live
 * events, optimistic sends with network retries, deletes undone on failure, resyncs after a
 * send and a fallback sync while the live link is not open. Framework-free; the room page
 * reads it through useSyncExternalStore.
 */
export class RoomSession {
  private state: RoomSessionState = {
    status: 'loading',
    store: emptyStore,
    loadingOlder: false,
    firstUnreadId: null,
    newerOnServer: false,
    loadingNewer: false,
    focus: null,
  };
  private focusPending: number | undefined;
  private dividerPlaced = false;
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private fallbackTimer: ReturnType<typeof setInterval> | undefined;
  private liveOpen: boolean | undefined;
  private aborter = new AbortController();
  private active = false;
  private readonly now: () => number;

  constructor(private readonly deps: RoomSessionDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.focusPending = deps.focusMessageId;
  }

  getSnapshot = (): RoomSessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    if (this.active) return;
    this.active = true;
    this.aborter = new AbortController();
    void this.load();
    if (this.liveOpen === false) this.startFallback();
  }

  dispose(): void {
    this.active = false;
    this.aborter.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearInterval(this.fallbackTimer);
    this.fallbackTimer = undefined;
  }

  private setState(patch: Partial<RoomSessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private updateStore(update: (store: MessageStore) => MessageStore): void {
    const store = update(this.state.store);
    if (store !== this.state.store) this.setState({ store });
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.active) run();
    }, ms);
    this.timers.add(timer);
  }

  /**
   * The first window: around the message the room was opened at (once), else the newest window;
   * messages being sent from here are kept.
   */
  async load(): Promise<void> {
    if (this.state.status !== 'ready') this.setState({ status: 'loading' });
    const focusId = this.focusPending;
    this.focusPending = undefined;
    if (focusId !== undefined && (await this.loadAround(focusId))) return;
    try {
      const page = await this.deps.fetchNewest(Limits.chatWindow, this.aborter.signal);
      if (!this.active) return;
      const pending = this.state.store.messages.filter((message) => message.pending);
      let store = openStore(page.content, page.totalElements);
      for (const message of pending) store = addTemp(store, message);
      this.opened(store, {
        newerOnServer: false,
        ...(focusId !== undefined ? { focus: { messageId: focusId, found: false } } : {}),
      });
    } catch {
      if (this.active && this.state.status !== 'ready') this.setState({ status: 'error' });
    }
  }

  /**
   * The window around a message. Answers false when the room does not hold it (the newest
   * window is loaded instead); true otherwise (also when the load failed: the error shows).
   */
  private async loadAround(messageId: number): Promise<boolean> {
    try {
      const page = await this.deps.fetchAround(messageId, Limits.chatWindow, this.aborter.signal);
      if (!this.active) return true;
      const olderOnServer = Math.max(0, page.totalElements - page.content.length);
      const store = openStore([...page.content].reverse(), page.content.length + olderOnServer);
      this.opened(store, {
        newerOnServer: page.hasNewer ?? false,
        focus: { messageId, found: true },
      });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      if (this.active && this.state.status !== 'ready') this.setState({ status: 'error' });
      return true;
    }
  }

  private opened(store: MessageStore, patch: Partial<RoomSessionState>): void {
    if (!this.dividerPlaced) {
      this.dividerPlaced = true;
      const { lastReadMessageId, unreadCount } = this.deps.openedWith;
      const firstUnreadId = findFirstUnreadId(
        store.messages,
        lastReadMessageId,
        this.deps.me.id,
        unreadCount,
      );
      this.setState({ ...patch, status: 'ready', store, firstUnreadId });
    } else {
      this.setState({ ...patch, status: 'ready', store });
    }
  }

  /** Leaves an older window for the newest one (the '최신 메시지로' button, or a send). */
  async jumpToLatest(): Promise<void> {
    if (!this.state.newerOnServer) return;
    await this.load();
  }

  /** The next newer page after the newest loaded message, while the room holds newer ones. */
  async loadNewer(): Promise<void> {
    if (!this.state.newerOnServer || this.state.loadingNewer || this.state.status !== 'ready') {
      return;
    }
    const afterId = newestServerId(this.state.store);
    if (afterId === undefined) return;
    this.setState({ loadingNewer: true });
    try {
      const page = await this.deps.fetchNewer(
        afterId,
        Limits.chatLoadMoreStep,
        this.aborter.signal,
      );
      if (!this.active) return;
      const reachedNewest = !(page.hasNewer ?? false);
      this.updateStore((store) =>
        mergeMessages(store, page.content, {
          myId: this.deps.me.id,
          source: 'api',
          nowMs: this.now(),
        }),
      );
      this.setState({ newerOnServer: !reachedNewest });
      // Live messages were set aside while the newest was not loaded: one sent between this
      // answer and now comes with a resync.
      if (reachedNewest) void this.resync();
    } catch {
      // Scrolling to the end again (or the button) tries again.
    } finally {
      if (this.active) this.setState({ loadingNewer: false });
    }
  }

  /** The newest messages fetched again and merged in (nothing is lost, nothing doubles). */
  async resync(): Promise<void> {
    if (this.state.status !== 'ready') return this.load();
    // An older window is not joined to the newest messages (there is a gap between them).
    if (this.state.newerOnServer) return;
    try {
      const page = await this.deps.fetchNewest(RESYNC_SIZE, this.aborter.signal);
      if (!this.active) return;
      this.updateStore((store) =>
        mergeMessages(store, page.content, {
          myId: this.deps.me.id,
          source: 'api',
          nowMs: this.now(),
        }),
      );
    } catch {
      // The next resync, live event or fallback sync tries again.
    }
  }

  /** Shows up to 50 older messages: hidden loaded ones first, then from the server. */
  async loadOlder(): Promise<void> {
    const store = this.state.store;
    const step = olderStep(store);
    if (step === 0 || this.state.loadingOlder) return;
    this.setState({ loadingOlder: true });
    try {
      if (hiddenCount(store) > 0) {
        await pause(LOAD_OLDER_DELAY_MS);
        if (this.active) this.updateStore((current) => widenWindow(current, step));
        return;
      }
      const beforeId = oldestServerId(store);
      if (beforeId === undefined) return;
      const page = await this.deps.fetchOlder(beforeId, step, this.aborter.signal);
      if (!this.active) return;
      // With a cursor the server counts the messages older than it.
      const left = Math.max(0, page.totalElements - page.content.length);
      const current = this.state.store;
      const next = prependOlder(current, page.content, left);
      // Past the per-room cap the newest gave way: they are on the server again, loaded as the
      // list is scrolled back down (and live messages wait for that, as in an older window).
      const slid = newestServerId(next) !== newestServerId(current);
      this.setState({ store: next, ...(slid ? { newerOnServer: true } : {}) });
    } catch {
      // The button stays; pressing it again tries again.
    } finally {
      if (this.active) this.setState({ loadingOlder: false });
    }
  }

  /**
   * Sends a message (text, files, or both): shown at once with a temporary id, the files' upload
   * progress on it; the input was cleared already.
   */
  send(text: string, files: readonly File[] = [], replyTo?: LocalMessage): void {
    const content = text.trim();
    if (!content && files.length === 0) return;
    // A message goes after the newest: an older window gives way to the newest one first
    // (the message being sent is kept through that load).
    if (this.state.newerOnServer) void this.jumpToLatest();
    const { me, roomId } = this.deps;
    const createdAtMs = this.now();
    const temp: LocalMessage = {
      id: nextTempId(),
      chatRoomId: roomId,
      senderId: me.id,
      senderName: me.name,
      senderProfileImageUrl: me.imageUrl,
      content,
      deleted: false,
      sentAt: new Date(createdAtMs).toISOString(),
      attachments: files.map(localAttachment),
      replyTo: replyTo ? replyPreviewOf(replyTo) : null,
      reactions: [],
      editedAt: null,
      pending: {
        delivery: 'sending',
        createdAtMs,
        ...(files.length > 0 ? { files: [...files], progress: 0 } : {}),
      },
    };
    this.updateStore((store) => addTemp(store, temp));
    void this.deliver(temp.id, content, files, temp.replyTo?.id);
  }

  /** Sends a failed message again. */
  retry(tempId: number): void {
    const temp = this.state.store.messages.find((message) => message.id === tempId);
    if (temp?.pending?.delivery !== 'failed' || temp.pending.refusal) return;
    this.updateStore((store) => setDelivery(store, tempId, 'sending'));
    if (temp.pending.files?.length) this.updateStore((store) => setProgress(store, tempId, 0));
    void this.deliver(tempId, temp.content, temp.pending.files ?? [], temp.replyTo?.id);
  }

  private async deliver(
    tempId: number,
    content: string,
    files: readonly File[],
    replyTo?: number,
  ): Promise<void> {
    const onProgress =
      files.length > 0
        ? (fraction: number) => {
            // Whole percents: the list renders again only when the bar would move.
            const percent = Math.floor(fraction * 100) / 100;
            if (this.active) this.updateStore((store) => setProgress(store, tempId, percent));
          }
        : undefined;
    try {
      const real = await withSendRetries(
        () => this.deps.send(content, files, replyTo, onProgress),
        this.deps.sleep,
      );
      if (!this.active) return;
      this.updateStore((store) => confirmTemp(store, tempId, real));
      for (const delay of RESYNC_AFTER_SEND_MS) this.later(delay, () => void this.resync());
    } catch (error) {
      if (this.active) {
        this.updateStore((store) => setDelivery(store, tempId, 'failed', sendRefusal(error)));
      }
    }
  }

  /**
   * Deletes a message: gone here first; on failure it comes back and the list is fetched again.
   * Answers whether the server agreed.
   */
  async remove(messageId: number): Promise<boolean> {
    const original = this.state.store.messages.find((message) => message.id === messageId);
    if (!original || original.pending) return false;
    this.updateStore((store) => markDeleted(store, messageId));
    try {
      await this.deps.remove(messageId);
      return true;
    } catch {
      if (this.active) {
        this.updateStore((store) => restoreMessage(store, original));
        void this.resync();
      }
      return false;
    }
  }

  /**
   * Changes my message's text: shown at once (edited), then as the server answers; put back when
   * the server refuses. Answers whether the server agreed.
   */
  async edit(messageId: number, text: string): Promise<boolean> {
    const content = text.trim();
    const original = this.state.store.messages.find((message) => message.id === messageId);
    if (!original || original.pending || original.deleted || !content) return false;
    if (content === original.content) return true;
    const editedAt = new Date(this.now()).toISOString();
    this.updateStore((store) => applyEdit(store, { ...original, content, editedAt }));
    try {
      const answer = await this.deps.edit(messageId, content);
      if (this.active) this.updateStore((store) => applyEdit(store, answer));
      return true;
    } catch {
      if (this.active) this.updateStore((store) => applyEdit(store, original));
      return false;
    }
  }

  /**
   * Turns my reaction with `emoji` on a message on or off: shown at once, then as the server
   * counts it; put back when the server refuses. Answers whether the server agreed.
   */
  async react(messageId: number, emoji: ChatReactionEmoji): Promise<boolean> {
    const original = this.state.store.messages.find((message) => message.id === messageId);
    if (!original || original.pending || original.deleted) return false;
    const { me } = this.deps;
    const reacted = !hasReacted(original.reactions, emoji, me.id);
    this.updateStore((store) =>
      setReactions(store, messageId, withReaction(original.reactions, emoji, me, reacted)),
    );
    try {
      const answer = await this.deps.react(messageId, emoji, reacted);
      if (this.active)
        this.updateStore((store) => setReactions(store, messageId, answer.reactions));
      return true;
    } catch {
      if (this.active) {
        this.updateStore((store) => setReactions(store, messageId, original.reactions));
      }
      return false;
    }
  }

  /** Live events of this room: new messages merged in, deletions and reactions applied. */
  handleEvent(event: LiveEvent): void {
    if (!('chatRoomId' in event) || event.chatRoomId !== this.deps.roomId) return;
    if (event.type === 'NEW_CHAT_MESSAGE') {
      // Viewing an older window: the message comes with the newer pages or the jump to latest.
      if (this.state.newerOnServer) return;
      this.updateStore((store) =>
        mergeMessages(store, [event.message], {
          myId: this.deps.me.id,
          source: 'live',
          nowMs: this.now(),
        }),
      );
    } else if (event.type === 'CHAT_MESSAGE_DELETED') {
      this.updateStore((store) => markDeleted(store, event.messageId));
    } else if (event.type === 'CHAT_MESSAGE_EDITED') {
      this.updateStore((store) => applyEdit(store, event.message));
    } else if (event.type === 'CHAT_REACTIONS_CHANGED') {
      this.updateStore((store) => setReactions(store, event.messageId, event.reactions));
    }
  }

  /**
   * The live link's state: while it is not open a fallback sync runs every 12 s; when it opens
   * again the newest messages are fetched once.
   */
  setLiveOpen(open: boolean): void {
    const was = this.liveOpen;
    this.liveOpen = open;
    if (open) {
      clearInterval(this.fallbackTimer);
      this.fallbackTimer = undefined;
      if (was === false && this.active) void this.resync();
    } else if (this.active) {
      this.startFallback();
    }
  }

  private startFallback(): void {
    if (this.fallbackTimer !== undefined) return;
    this.fallbackTimer = setInterval(() => void this.resync(), FALLBACK_SYNC_MS);
  }
}
