import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Flex,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconNotes } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { VideoParticipant } from '@teamup/contracts/video';
import { routes } from '../../../config/paths';
import { useConfirmAction } from '../../../components/confirm-action';
import { ko } from '../../../i18n/ko';
import { videoKo } from '../../../i18n/ko/video';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useAuth } from '../../../lib/auth/use-auth';
import { useCurrentWorkspace } from '../../../hooks/use-current-workspace';
import { DevicePicker } from '../components/device-picker';
import { ControlBar } from '../components/control-bar';
import { MeetingChatPanel } from '../components/meeting-chat-panel';
import { MeetingUnavailable } from '../components/meeting-unavailable';
import { ParticipantList } from '../components/participant-list';
import { PreJoinCheck } from '../components/pre-join-check';
import { DiscussionStage } from '../components/discussion-stage';
import { PresentationStage } from '../components/presentation-stage';
import { meetingApi, meetingParticipantsQueryKey } from '../api/video-api';
import { useMeeting, type MeetingExit } from '../hooks/use-meeting';
import type { JoinChoice } from '../lib/local-media';
import { canModerateWorkspace } from '@teamup/contracts/workspace-roles';

const t = videoKo;

function Waiting({ text }: { text: string }) {
  return (
    <Center h="60vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** What the page around the meeting adds to it: the notes panel (the meetings feature's). */
export type MeetingNotesSlot = (props: {
  opened: boolean;
  onClose: () => void;
  workspaceId: number;
  channelId: number;
}) => ReactNode;

/**
 * /ws/{workspaceId}/video/live?roomId=&roomName= (spec 02 "Video meeting screen").
 */
export function VideoLivePage({ renderNotes }: { renderNotes?: MeetingNotesSlot } = {}) {
  const { workspaceId: segment } = useParams();
  const [params] = useSearchParams();
  const { user } = useAuth();
  const { workspace, isLoading } = useCurrentWorkspace();
  const roomId = positiveId(params.get('roomId'));
  const workspaceId = workspace?.id ?? positiveId(segment ?? null);
  // A retry after a failed join starts the meeting again from scratch.
  const [attempt, setAttempt] = useState(0);
  // The camera and microphone are checked before joining (issue 41); a retry does not ask again.
  const [joinChoice, setJoinChoice] = useState<JoinChoice | null>(null);
  const checked = joinChoice !== null;
  // The room is looked up first, so a stale link says so before any device check.
  const room = useQuery({
    queryKey: ['video', 'channel', workspaceId, roomId],
    queryFn: () => meetingApi(workspaceId ?? 0, roomId ?? 0).channel(),
    enabled: workspaceId !== null && roomId !== null && !checked,
    retry: false,
  });
  // Who is inside, looked up while the person checks their camera: one call fewer after the click.
  useQuery({
    queryKey: meetingParticipantsQueryKey(workspaceId ?? 0, roomId ?? 0),
    queryFn: () => meetingApi(workspaceId ?? 0, roomId ?? 0).participants(),
    enabled: workspaceId !== null && roomId !== null && !checked,
    retry: false,
  });
  const navigate = useNavigate();

  if (roomId === null || (!isLoading && workspaceId === null)) {
    return <MeetingUnavailable workspaceId={workspaceId} invalidLink />;
  }
  if (workspaceId === null) return <Waiting text={t.waitingRoom} />;
  if (!user) return <Waiting text={t.waitingUser} />;
  if (!checked) {
    if (room.isError) {
      return (
        <MeetingUnavailable
          workspaceId={workspaceId}
          failure={room.error}
          onRetry={() => void room.refetch()}
        />
      );
    }
    return (
      <PreJoinCheck
        roomName={room.data?.name ?? params.get('roomName') ?? ''}
        mode={room.data?.mode}
        lookingUp={room.isPending}
        onJoin={setJoinChoice}
        onCancel={() => void navigate(routes.workspace.href(workspaceId))}
      />
    );
  }
  return (
    <Meeting
      key={`${workspaceId}:${roomId}:${attempt}`}
      workspaceId={workspaceId}
      onRetry={() => setAttempt((count) => count + 1)}
      roomId={roomId}
      roomName={params.get('roomName') ?? ''}
      myId={user.id}
      canRemoveAnyone={canModerateWorkspace(workspace?.myRole)}
      // A retry joins as it was chosen, with nothing turned on again by itself.
      joinChoice={attempt === 0 ? joinChoice : null}
      {...(renderNotes ? { renderNotes } : {})}
    />
  );
}

function Meeting({
  workspaceId,
  roomId,
  roomName,
  myId,
  canRemoveAnyone,
  onRetry,
  renderNotes,
  joinChoice,
}: {
  renderNotes?: MeetingNotesSlot;
  /** What the pre-join screen chose to turn on once in. */
  joinChoice: JoinChoice | null;
  onRetry: () => void;
  workspaceId: number;
  roomId: number;
  roomName: string;
  myId: number;
  canRemoveAnyone: boolean;
}) {
  const navigate = useNavigate();
  const [chatShown, setChatShown] = useState(true);
  const [notesOpen, setNotesOpen] = useState(false);
  const { confirm, confirmElement } = useConfirmAction();
  const toWorkspace = () => void navigate(routes.workspace.href(workspaceId));
  const meeting = useMeeting(
    workspaceId,
    roomId,
    myId,
    (why: MeetingExit) => {
      notifications.show({
        color: 'orange',
        message: why === 'REMOVED' ? t.removedNotice : t.deletedNotice,
      });
      toWorkspace();
    },
    joinChoice,
  );
  const title = meeting.channel?.name ?? roomName;
  const { workspace } = useCurrentWorkspace();
  useDocumentTitle([title || ko.documentTitle.meeting, workspace?.name]);
  if (meeting.phase === 'failed') {
    return (
      <MeetingUnavailable workspaceId={workspaceId} failure={meeting.failure} onRetry={onRetry} />
    );
  }
  if (meeting.phase === 'joining') return <Waiting text={t.joining} />;

  const { local, remote } = meeting;
  const mode = meeting.channel?.mode ?? 'PRESENTATION';
  const discussion = mode === 'DISCUSSION';
  const cameraOn = Boolean(local.camera);
  const canRemove = canRemoveAnyone || meeting.channel?.createdBy === myId;
  const remoteName = meeting.participants.find((p) => p.userId === remote?.from)?.name ?? '';
  const elsewhere = meeting.broadcastOwner === 'elsewhere';
  // Only the broadcaster sends: its microphone is on when a live sound track goes out or comes in.
  const remoteMicOn = Boolean(
    remote?.stream.getAudioTracks().some((track) => track.readyState === 'live'),
  );
  const micOnUserId = local.mic ? myId : remoteMicOn ? (remote?.from ?? null) : null;
  // A discussion's microphones: as each participant said (PUT .../media), one's own as it is.
  const micsOn = new Set(
    meeting.participants
      .filter((p) => (p.userId === myId ? Boolean(local.mic) : p.media.microphone))
      .map((p) => p.userId),
  );
  const askRemove = (participant: VideoParticipant) =>
    confirm({
      title: t.removeParticipant(participant.name),
      message: t.removeConfirm(participant.name),
      confirmLabel: t.removeAction,
      onConfirm: () => {
        void Promise.resolve(meeting.removeParticipant(participant.userId)).catch(
          (error: unknown) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, { fallback: t.removeFailed }),
            }),
        );
      },
    });

  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} data-testid="meeting-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title
          order={1}
          size="h3"
          style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          data-testid="meeting-title"
        >
          {title}
        </Title>
        <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
          <Badge variant="outline" data-testid="meeting-mode" data-mode={mode}>
            {t.modes[mode]}
          </Badge>
          {meeting.channel?.teamName && (
            <Badge variant="light" data-testid="meeting-team">
              {meetingsKo.team(meeting.channel.teamName)}
            </Badge>
          )}
          <Anchor component={Link} size="sm" to={routes.meetings.href(workspaceId, roomId)}>
            {meetingsKo.pastMeetings}
          </Anchor>
          {renderNotes && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconNotes size={16} aria-hidden />}
              onClick={() => setNotesOpen(true)}
              data-testid="meeting-notes-open"
            >
              {meetingsKo.notes}
            </Button>
          )}
        </Group>
      </Group>
      {renderNotes?.({
        opened: notesOpen,
        onClose: () => setNotesOpen(false),
        workspaceId,
        channelId: roomId,
      })}
      {meeting.warnings.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={t.diagnostics.title}
          data-testid="meeting-diagnostics"
        >
          <Stack gap={2}>
            {meeting.warnings.map((warning) => (
              <Text size="sm" key={warning}>
                {warning}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {meeting.alert && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={meeting.dismissAlert}
          data-testid="meeting-alert"
        >
          {meeting.alert}
        </Alert>
      )}
      <Flex gap="sm" direction={{ base: 'column', md: 'row' }} align="stretch">
        {/* The stage with its controls right under it: the control bar is on the first screen
            at 360x740 as at 1280x800, above the participants and the chat (issue 41). */}
        <Stack gap={0} style={{ flex: '1 1 auto', minWidth: 0 }}>
          {discussion ? (
            <DiscussionStage
              participants={meeting.participants}
              myId={myId}
              local={local}
              peerStreams={meeting.peerStreams}
              sinkId={meeting.devices.speaker}
              publisherLimit={meeting.channel?.publisherLimit ?? null}
            />
          ) : (
            <PresentationStage
              remote={remote}
              remoteName={remoteName}
              elsewhere={elsewhere}
              local={local}
              sinkId={meeting.devices.speaker}
            />
          )}
          <ControlBar
            micOn={Boolean(local.mic)}
            cameraOn={cameraOn}
            sharing={Boolean(local.screen)}
            chatShown={chatShown}
            onMic={() => void meeting.toggleMute()}
            onCamera={() => void meeting.toggleCamera()}
            onScreen={() => void meeting.toggleScreen()}
            onChat={() => setChatShown((shown) => !shown)}
            onLeave={() => {
              meeting.leave();
              toWorkspace();
            }}
            devicePicker={<DevicePicker value={meeting.devices} onChange={meeting.chooseDevices} />}
          />
        </Stack>
        <Stack w={{ base: '100%', md: 300 }} gap="sm">
          <ParticipantList
            participants={meeting.participants}
            myId={myId}
            broadcasterId={discussion ? null : meeting.broadcasterId}
            micOnUserId={micOnUserId}
            {...(discussion ? { micOnUserIds: micsOn } : {})}
            cameraOn={cameraOn}
            broadcastingElsewhere={elsewhere}
            canRemove={canRemove}
            onRemove={askRemove}
          />
          {chatShown && (
            <MeetingChatPanel
              lines={meeting.chat}
              connected={meeting.socketConnected}
              onSend={meeting.sendChat}
            />
          )}
        </Stack>
      </Flex>
      {confirmElement}
    </Stack>
  );
}
