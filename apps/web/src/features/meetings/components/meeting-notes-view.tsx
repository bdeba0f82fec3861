import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { MeetingMessages, type MeetingDetail } from '@teamup/contracts/meetings';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { AttendanceList } from './attendance-list';
import { ActionItems } from './action-items';
import { useNotesAutosave } from './use-notes-autosave';

const t = meetingsKo;

interface MeetingNotesViewProps {
  detail: MeetingDetail;
  /** Asks the server for the meeting again (after a stale save). */
  refetch: () => Promise<MeetingDetail | undefined>;
  /** Rows of the editor (fewer in the side drawer). */
  minRows?: number;
}

/** A meeting's notes (saved as you type), its action items and its attendance. */
export function MeetingNotesView({ detail, refetch, minRows = 12 }: MeetingNotesViewProps) {
  const sessionId = detail.session.id;
  const notes = useNotesAutosave(sessionId, detail.notes);
  const [draft, setDraft] = useState<string | null>(null);
  const { status, base, reload } = notes;

  // Someone else saved while this writer was idle: their version is shown.
  useEffect(() => {
    const theirs = detail.notes.updatedAt;
    const mine = base();
    const newer = theirs !== null && (mine === null || theirs > mine);
    if (status === 'saved' && newer) reload(detail.notes);
  }, [detail.notes, status, base, reload]);

  return (
    <Stack gap="sm" data-testid="meeting-notes">
      {!detail.canWrite && (
        <Alert color="blue" p="xs">
          {t.readOnly}
        </Alert>
      )}
      {status === 'stale' && (
        <Alert color="orange" role="alert" data-testid="meeting-notes-stale">
          <Stack gap="xs">
            <Text size="sm">{MeetingMessages.stale}</Text>
            <Group>
              <Button
                size="xs"
                onClick={() => {
                  const mine = notes.content;
                  void refetch().then((fresh) => {
                    if (!fresh) return;
                    setDraft(mine);
                    reload(fresh.notes);
                  });
                }}
              >
                {t.staleReload}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Textarea
        label={
          <Group gap="xs" component="span">
            <span>{t.editorLabel}</span>
            {detail.canWrite && (
              <Badge
                size="sm"
                variant="light"
                color={status === 'error' || status === 'stale' ? 'red' : 'gray'}
                data-testid="meeting-notes-status"
                aria-live="polite"
              >
                {status === 'stale' ? MeetingMessages.stale.split('.')[0] : t.status[status]}
              </Badge>
            )}
          </Group>
        }
        placeholder={t.placeholder}
        value={notes.content}
        onChange={(event) => notes.change(event.currentTarget.value)}
        readOnly={!detail.canWrite}
        autosize
        minRows={minRows}
        maxRows={30}
        data-testid="meeting-notes-editor"
      />
      {draft !== null && (
        <Textarea
          label={t.staleHint}
          value={draft}
          readOnly
          autosize
          minRows={3}
          data-testid="meeting-notes-draft"
        />
      )}
      <ActionItems
        sessionId={sessionId}
        workspaceId={detail.session.workspaceId}
        content={notes.content}
        cards={detail.cards}
        channelTeamId={detail.session.teamId}
        canWrite={detail.canWrite}
      />
      <AttendanceList attendance={detail.attendance} />
    </Stack>
  );
}
