import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import {
  meetingEndpoints,
  type CreateMeetingCardInput,
  type MeetingCard,
  type MeetingDetail,
  type MeetingNotes,
  type MeetingSummary,
} from '@teamup/contracts/meetings';
import { kanbanEndpoints, type Kanban } from '@teamup/contracts/kanban';
import { teamEndpoints, type TeamMember } from '@teamup/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamKanbanQueryKey } from '../../../lib/queries/live-query-keys';

export const channelMeetingsKey = (workspaceId: number, channelId: number) =>
  ['meetings', 'channel', workspaceId, channelId] as const;
export const meetingKey = (sessionId: number) => ['meetings', 'session', sessionId] as const;

/** A channel's meetings, newest first; `poll` asks again while a meeting may start or end. */
export function useChannelMeetings(workspaceId: number, channelId: number, poll?: number) {
  return useQuery({
    queryKey: channelMeetingsKey(workspaceId, channelId),
    queryFn: ({ signal }) =>
      api.get<MeetingSummary[]>(
        pathOf(meetingEndpoints.channelMeetings, { workspaceId, channelId }),
        { signal },
      ),
    ...(poll ? { refetchInterval: poll } : {}),
  });
}

/** A meeting with its attendance, notes and cards. */
export function useMeeting(sessionId: number | undefined, poll?: number) {
  return useQuery({
    queryKey: meetingKey(sessionId ?? 0),
    queryFn: ({ signal }) =>
      api.get<MeetingDetail>(pathOf(meetingEndpoints.meeting, { sessionId: sessionId ?? 0 }), {
        signal,
      }),
    enabled: sessionId !== undefined,
    ...(poll ? { refetchInterval: poll } : {}),
  });
}

/** PUT the notes from the version they were read at (409 MEETING_NOTES_STALE otherwise). */
export function saveMeetingNotes(sessionId: number, content: string, baseUpdatedAt: string | null) {
  return api.put<MeetingNotes>(pathOf(meetingEndpoints.saveNotes, { sessionId }), {
    content,
    baseUpdatedAt,
  });
}

export function useCreateMeetingCard(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMeetingCardInput) =>
      api.post<MeetingCard>(pathOf(meetingEndpoints.createCard, { sessionId }), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKey(sessionId) }),
  });
}

/** The team's members, for the card's assignee. */
export function useTeamMembers(teamId: number | null) {
  return useQuery({
    queryKey: ['teams', teamId ?? 0, 'members', 'for-meeting-card'],
    queryFn: ({ signal }) =>
      api.get<TeamMember[]>(pathOf(teamEndpoints.members, { id: teamId ?? 0 }), { signal }),
    enabled: teamId !== null,
  });
}

/** The team's board, for the card's list (the kanban feature's cache entry). */
export function useTeamBoard(teamId: number | null) {
  return useQuery({
    queryKey: teamKanbanQueryKey(teamId ?? 0),
    queryFn: ({ signal }) =>
      api.get<Kanban>(pathOf(kanbanEndpoints.team, { teamId: teamId ?? 0 }), { signal }),
    enabled: teamId !== null,
  });
}
