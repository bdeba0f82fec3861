import type { ChatMessage } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { LiveEvent } from '@teamup/contracts/events';
import { Limits } from '@teamup/contracts/limits';
import {
  addTemp,
  confirmTemp,
  emptyStore,
  markDeleted,
  mergeMessages,
  nextTempId,
  oldestServerId,
  olderStep,
  openStore,
  prependOlder,
  restoreMessage,
  setDelivery,
  widenWindow,
  hiddenCount,
  type LocalMessage,
  type MessageStore,
} from './message-store';
import { withSendRetries, type Sleep } from './send-retry';
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
}

export interface RoomSessionDeps {
  me: { id: number; name: string; imageUrl: string | null };
  roomId: number;
  /** The room's read pointer and unread count when it was opened. */
  openedWith: { lastReadMessageId: number | null; unreadCount: number };
  fetchNewest: (size: number, signal: AbortSignal) => Promise<Page<ChatMessage>>;
  fetchOlder: (beforeId: number, size: number, signal: AbortSignal) => Promise<Page<ChatMessage>>;
  send: (content: string, file?: File) => Promise<ChatMessage>;
  remove: (messageId: number) => Promise<void>;
  now?: () => number;
  sleep?: Sleep;
}

/** How a picked file shows before the server has it: no id or address yet. */
function localAttachment(file: File): LocalMessage['attachment'] {
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
  };
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

  /** The newest window; messages being sent from here are kept. */
  async load(): Promise<void> {
    if (this.state.status !== 'ready') this.setState({ status: 'loading' });
    try {
      const page = await this.deps.fetchNewest(Limits.chatWindow, this.aborter.signal);
      if (!this.active) return;
      const pending = this.state.store.messages.filter((message) => message.pending);
      let store = openStore(page.content, page.totalElements);
      for (const message of pending) store = addTemp(store, message);
      if (!this.dividerPlaced) {
        this.dividerPlaced = true;
        const { lastReadMessageId, unreadCount } = this.deps.openedWith;
        const firstUnreadId = findFirstUnreadId(
          store.messages,
          lastReadMessageId,
          this.deps.me.id,
          unreadCount,
        );
        this.setState({ status: 'ready', store, firstUnreadId });
      } else {
        this.setState({ status: 'ready', store });
      }
    } catch {
      if (this.active && this.state.status !== 'ready') this.setState({ status: 'error' });
    }
  }

  /** The newest messages fetched again and merged in (nothing is lost, nothing doubles). */
  async resync(): Promise<void> {
    if (this.state.status !== 'ready') return this.load();
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
      this.updateStore((current) => prependOlder(current, page.content, left));
    } catch {
      // The button stays; pressing it again tries again.
    } finally {
      if (this.active) this.setState({ loadingOlder: false });
    }
  }

  /**
   * Sends a message (text, a file, or both): shown at once with a temporary id; the input was
   * cleared already.
   */
  send(text: string, file?: File): void {
    const content = text.trim();
    if (!content && !file) return;
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
      attachment: file ? localAttachment(file) : null,
      pending: { delivery: 'sending', createdAtMs, ...(file ? { file } : {}) },
    };
    this.updateStore((store) => addTemp(store, temp));
    void this.deliver(temp.id, content, file);
  }

  /** Sends a failed message again. */
  retry(tempId: number): void {
    const temp = this.state.store.messages.find((message) => message.id === tempId);
    if (temp?.pending?.delivery !== 'failed') return;
    this.updateStore((store) => setDelivery(store, tempId, 'sending'));
    void this.deliver(tempId, temp.content, temp.pending.file);
  }

  private async deliver(tempId: number, content: string, file?: File): Promise<void> {
    try {
      const real = await withSendRetries(() => this.deps.send(content, file), this.deps.sleep);
      if (!this.active) return;
      this.updateStore((store) => confirmTemp(store, tempId, real));
      for (const delay of RESYNC_AFTER_SEND_MS) this.later(delay, () => void this.resync());
    } catch {
      if (this.active) this.updateStore((store) => setDelivery(store, tempId, 'failed'));
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

  /** Live events of this room: new messages merged in, deletions applied. */
  handleEvent(event: LiveEvent): void {
    if (!('chatRoomId' in event) || event.chatRoomId !== this.deps.roomId) return;
    if (event.type === 'NEW_CHAT_MESSAGE') {
      this.updateStore((store) =>
        mergeMessages(store, [event.message], {
          myId: this.deps.me.id,
          source: 'live',
          nowMs: this.now(),
        }),
      );
    } else if (event.type === 'CHAT_MESSAGE_DELETED') {
      this.updateStore((store) => markDeleted(store, event.messageId));
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
