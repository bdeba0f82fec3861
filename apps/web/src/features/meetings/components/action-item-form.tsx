import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ActionItem, MeetingCard } from '@teamup/contracts/meetings';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { errorMessage } from '../../../lib/error-message';
import { useWorkspaceTeams } from '../../../lib/queries/workspace-teams';
import { useCreateMeetingCard, useTeamBoard, useTeamMembers } from '../api/meetings-api';

const t = meetingsKo.form;

interface ActionItemFormProps {
  sessionId: number;
  workspaceId: number;
  item: ActionItem & { line: string };
  /** The channel's team; null: the writer picks one of their teams. */
  channelTeamId: number | null;
  onCreated: (card: MeetingCard) => void;
  onCancel: () => void;
}

/**
 * Makes an action item line a card: the assignee (a team member) and due date come prefilled from
 * the line's `@이름` and date; the list defaults to the board's first (not done) list.
 */
export function ActionItemForm({
  sessionId,
  workspaceId,
  item,
  channelTeamId,
  onCreated,
  onCancel,
}: ActionItemFormProps) {
  const [teamId, setTeamId] = useState<number | null>(channelTeamId);
  const [subject, setSubject] = useState(item.subject);
  // Undefined until the writer picks: the line's @이름 decides meanwhile.
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const [dueDate, setDueDate] = useState(item.dueDate ?? '');
  const [listId, setListId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateMeetingCard(sessionId);

  const teams = useWorkspaceTeams(channelTeamId === null ? workspaceId : undefined);
  const myTeams = useMemo(() => (teams.data ?? []).filter((team) => team.isMember), [teams.data]);
  const members = useTeamMembers(teamId);
  const board = useTeamBoard(teamId);
  const lists = useMemo(() => board.data?.kanbanLists ?? [], [board.data]);

  const named = members.data?.find((m) => m.name === item.assigneeName);
  const assignee = picked !== undefined ? picked : named ? String(named.id) : null;
  // The board's first list that is not the done list, until the writer picks one.
  const firstList = lists.find((l) => !l.isDoneList) ?? lists[0];
  const list = listId ?? (firstList ? String(firstList.id) : null);

  return (
    <Paper withBorder p="sm" data-testid="action-item-form">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          create.mutate(
            {
              line: item.line,
              subject: subject.trim() || item.subject,
              assigneeId: assignee === null ? null : Number(assignee),
              dueDate: dueDate || null,
              ...(list === null ? {} : { kanbanListId: Number(list) }),
              ...(channelTeamId === null && teamId !== null ? { teamId } : {}),
            },
            {
              onSuccess: onCreated,
              onError: (failure) => setError(errorMessage(failure, { fallback: t.failed })),
            },
          );
        }}
      >
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t.title}
          </Text>
          <TextInput
            label={t.subject}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            maxLength={200}
          />
          {channelTeamId === null &&
            (teams.isSuccess && myTeams.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.noTeams}
              </Text>
            ) : (
              <Select
                label={t.team}
                placeholder={t.teamPlaceholder}
                data={myTeams.map((team) => ({ value: String(team.id), label: team.name }))}
                value={teamId === null ? null : String(teamId)}
                onChange={(value) => {
                  setTeamId(value === null ? null : Number(value));
                  setListId(null);
                  setPicked(undefined);
                }}
                comboboxProps={{ withinPortal: false }}
              />
            ))}
          <Select
            label={t.assignee}
            placeholder={t.assigneePlaceholder}
            clearable
            data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={assignee}
            onChange={(value) => setPicked(value)}
            disabled={teamId === null}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            type="date"
            label={t.dueDate}
            value={dueDate}
            onChange={(event) => setDueDate(event.currentTarget.value)}
          />
          <Select
            label={t.list}
            data={lists.map((l) => ({ value: String(l.id), label: l.kanbanListName }))}
            value={list}
            onChange={setListId}
            disabled={teamId === null}
            comboboxProps={{ withinPortal: false }}
          />
          {error && (
            <Alert color="red" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onCancel}>
              {t.cancel}
            </Button>
            <Button type="submit" size="xs" loading={create.isPending} disabled={teamId === null}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
