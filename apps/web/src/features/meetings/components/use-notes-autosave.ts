import { useCallback, useEffect, useState } from 'react';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { MeetingNotes } from '@teamup/contracts/meetings';
import { ApiError } from '../../../lib/api-error';
import { saveMeetingNotes } from '../api/meetings-api';

/** How long typing pauses before the notes are saved. */
export const NOTES_SAVE_DELAY_MS = 1000;
const RETRY_MS = 5000;

export type NotesStatus = 'saved' | 'saving' | 'dirty' | 'error' | 'stale';

/**
 * Saves a meeting's notes a moment after typing pauses: one save at a time, each from the version
 * the last one answered. A save refused as stale (someone else saved first) stops the saving until
 * `reload`: nothing is overwritten silently.
 */
export function createNotesSaver(
  sessionId: number,
  initial: MeetingNotes,
  onStatus: (status: NotesStatus) => void,
) {
  let base = initial.updatedAt;
  let latest = initial.content;
  let saving = false;
  let stale = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), ms);
  };

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (saving || stale) return;
    saving = true;
    onStatus('saving');
    const sent = latest;
    try {
      const saved = await saveMeetingNotes(sessionId, sent, base);
      base = saved.updatedAt;
      saving = false;
      if (latest !== sent) {
        onStatus('dirty');
        schedule(NOTES_SAVE_DELAY_MS);
      } else {
        onStatus('saved');
      }
    } catch (error) {
      saving = false;
      if (error instanceof ApiError && error.code === ErrorCode.MEETING_NOTES_STALE) {
        stale = true;
        onStatus('stale');
      } else {
        onStatus('error');
        schedule(RETRY_MS);
      }
    }
  }

  return {
    change(value: string) {
      latest = value;
      if (stale) return;
      onStatus('dirty');
      schedule(NOTES_SAVE_DELAY_MS);
    },
    /** Takes the server's notes (after a stale save, or someone else's save while idle). */
    reload(notes: MeetingNotes) {
      clearTimeout(timer);
      timer = undefined;
      stale = false;
      base = notes.updatedAt;
      latest = notes.content;
      onStatus('saved');
    },
    /** The version the next save starts from. */
    base: () => base,
    /** Leaving with a save pending: it is sent now. */
    flushPending() {
      if (timer !== undefined) void flush();
    },
  };
}

/** The notes as typed, saved as the writer types (see createNotesSaver). */
export function useNotesAutosave(sessionId: number, initial: MeetingNotes) {
  const [content, setContent] = useState(initial.content);
  const [status, setStatus] = useState<NotesStatus>('saved');
  const [saver] = useState(() => createNotesSaver(sessionId, initial, setStatus));
  useEffect(() => () => saver.flushPending(), [saver]);
  const change = useCallback(
    (value: string) => {
      setContent(value);
      saver.change(value);
    },
    [saver],
  );
  const reload = useCallback(
    (notes: MeetingNotes) => {
      setContent(notes.content);
      saver.reload(notes);
    },
    [saver],
  );
  return { content, status, change, reload, base: saver.base };
}
