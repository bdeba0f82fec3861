import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Limits } from '@teamup/contracts/limits';
import {
  sendsOut,
  type Conference,
  type MeetingChatLine,
  type VideoChannel,
  type VideoChannelEvent,
  type VideoMode,
  type SignalEvent,
  type VideoParticipant,
} from '@teamup/contracts/video';
import { enterMeeting, meetingApi, patchListedChannel } from '../api/video-api';
import { BuiltinMedia } from '../lib/builtin-media';
import {
  broadcastOwner,
  loadDeviceChoice,
  saveDeviceChoice,
  type BroadcastOwner,
  type DeviceChoice,
} from '../lib/devices';
import { diagnose, gatherCandidates } from '../lib/diagnostics';
import { LivekitMedia } from '../lib/livekit-media';
import { stopHandedTracks, tracksToPublish, type JoinChoice } from '../lib/local-media';
import type { MediaSession } from '../lib/media-session';
import { MeetingSocket } from '../lib/meeting-socket';
import { MeshMedia } from '../lib/mesh-media';
import { useLocalBroadcast } from './use-local-broadcast';

export type MeetingPhase = 'joining' | 'ready' | 'failed';
export type MeetingExit = 'REMOVED' | 'CHANNEL_DELETED';

/** How long a discussion waits before its diagnostic ICE probe, so the mesh connects first. */
const PROBE_DELAY_MS = 3000;

/** How long the roster may say 'me' with nothing sent here before it means another tab. */
const ELSEWHERE_GRACE_MS = 1500;

interface Diagnostics {
  candidates: string[];
  gatheringDone: boolean;
  candidateErrors: string[];
  connectionFailed: boolean;
  socketTimedOut: boolean;
}
const noDiagnostics: Diagnostics = {
  candidates: [],
  gatheringDone: false,
  candidateErrors: [],
  connectionFailed: false,
  socketTimedOut: false,
};

/**
 * Everything of one meeting (spec 02 section 4 "Meeting"): join if not yet in, the media and
 * messaging connections, participants and the broadcaster from live events, the in-meeting chat,
 * the track toggles (use-local-broadcast), and on leaving: leave the channel, close the
 * connections and stop every local track.
 */
export function useMeeting(
  workspaceId: number,
  roomId: number | null,
  myId: number | null,
  onExit: (why: MeetingExit) => void,
  /** What the pre-join screen chose to turn on, with the tracks it handed over. */
  joinChoice: JoinChoice | null = null,
) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<MeetingPhase>('joining');
  /** Why joining failed (the server's problem, for its reason), once phase is 'failed'. */
  const [failure, setFailure] = useState<unknown>(null);
  const [channel, setChannel] = useState<VideoChannel | null>(null);
  const [participants, setParticipants] = useState<VideoParticipant[]>([]);
  const [broadcasterId, setBroadcasterId] = useState<number | null>(null);
  const [chat, setChat] = useState<MeetingChatLine[]>([]);
  const [socketConnected, setSocketConnected] = useState(false);
  const [remote, setRemote] = useState<{ stream: MediaStream; from: number | null } | null>(null);
  /** Discussion mode: what each other participant sends, by user id. */
  const [peerStreams, setPeerStreams] = useState<ReadonlyMap<number, MediaStream>>(new Map());
  const [alert, setAlert] = useState<string | null>(null);
  const [conference, setConference] = useState<Conference | null>(null);
  const [diagnostics, setDiagnostics] = useState<Diagnostics>(noDiagnostics);

  const mediaRef = useRef<MediaSession | null>(null);
  const socketRef = useRef<MeetingSocket | null>(null);
  const leaveRef = useRef<() => void>(() => undefined);
  const broadcasterRef = useRef<number | null>(null);
  const modeRef = useRef<VideoMode>('PRESENTATION');
  const exitRef = useRef(onExit);
  useEffect(() => {
    exitRef.current = onExit;
  });
  // Taken by the first start only: a retry joins with nothing turned on by itself.
  const joinChoiceRef = useRef(joinChoice);
  // Handed tracks never taken (the page left while joining) stop: no camera light stays on.
  // Checked a moment after the cleanup, which React's strict mode also runs between two mounts.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (mounted.current) return;
        stopHandedTracks(joinChoiceRef.current?.tracks);
        joinChoiceRef.current = null;
      }, 0);
    };
  }, []);

  const api = useMemo(
    () => (roomId === null ? null : meetingApi(workspaceId, roomId)),
    [workspaceId, roomId],
  );
  const [devices, setDevices] = useState<DeviceChoice>(loadDeviceChoice);
  const devicesRef = useRef<DeviceChoice>(devices);
  const broadcast = useLocalBroadcast({
    api,
    myId,
    mediaRef,
    broadcasterRef,
    modeRef,
    setAlert,
    devicesRef,
  });
  const { local, changing, switchDevices, joinWith, sentTracks, stopLocal } = broadcast;

  /** The device picker chose: remembered in this browser, live sources switched at once. */
  const chooseDevices = useCallback(
    (next: DeviceChoice) => {
      const previous = devicesRef.current;
      devicesRef.current = next;
      setDevices(next);
      saveDeviceChoice(next);
      void switchDevices(previous);
    },
    [switchDevices],
  );

  // The same account broadcasting in another tab: only once the roster has stayed so a moment
  // (right after this tab stops, the roster may still name us).
  const owner = broadcastOwner(
    broadcasterId,
    myId ?? -1,
    tracksToPublish(local).length > 0,
    changing,
  );
  const [elsewhereShown, setElsewhereShown] = useState(false);
  useEffect(() => {
    if (owner !== 'elsewhere') return undefined;
    const timer = setTimeout(() => setElsewhereShown(true), ELSEWHERE_GRACE_MS);
    return () => {
      clearTimeout(timer);
      setElsewhereShown(false);
    };
  }, [owner]);
  const shownOwner: BroadcastOwner = owner === 'elsewhere' && !elsewhereShown ? 'here' : owner;

  const applyRoster = useCallback(
    (list: VideoParticipant[], broadcaster: number | null) => {
      if (roomId !== null) {
        patchListedChannel(queryClient, workspaceId, roomId, {
          participantCount: list.length,
          broadcasterId: broadcaster,
        });
      }
      setParticipants(list);
      setBroadcasterId(broadcaster);
      broadcasterRef.current = broadcaster;
      const ids = list.map((p) => p.userId);
      const media = mediaRef.current;
      if (media instanceof BuiltinMedia) media.updateRoster(ids, broadcaster);
      if (media instanceof MeshMedia) {
        media.updateRoster(ids, new Map(list.map((p) => [p.userId, p.media])));
      }
      setPeerStreams((streams) =>
        [...streams.keys()].every((id) => ids.includes(id))
          ? streams
          : new Map([...streams].filter(([id]) => ids.includes(id))),
      );
    },
    [queryClient, workspaceId, roomId],
  );

  useEffect(() => {
    if (roomId === null || myId === null) return undefined;
    const calls = meetingApi(workspaceId, roomId);
    let disposed = false;
    let participantId: number | null = null;
    let exited = false;
    let socketTimer: ReturnType<typeof setTimeout> | undefined;
    let firstConnect = true;
    let probeTimer: ReturnType<typeof setTimeout> | undefined;

    // Signals that came before this browser's media session existed (someone greeting us right
    // after our join), handed to it once it does.
    const early: SignalEvent[] = [];
    // The roster the socket brought last: fresher than the one looked up before joining.
    let heard: { list: VideoParticipant[]; broadcaster: number | null } | null = null;
    const sessionOf = () => {
      const media = mediaRef.current;
      return media instanceof BuiltinMedia || media instanceof MeshMedia ? media : null;
    };

    const openSocket = () =>
      new MeetingSocket(roomId, {
        onChat: (event) => {
          // Being sent out is handled by the video stream, which carries the same event.
          if (event.type === 'init') setChat(event.logs);
          else if (event.type === 'chat') {
            setChat((lines) => [...lines, event].slice(-Limits.chatKeptPerRoom));
          }
        },
        onVideo: (event: VideoChannelEvent) => {
          if (event.type === 'GET_PARTICIPANTS_CONFIRMED') {
            heard = { list: event.participants, broadcaster: event.broadcasterId };
            applyRoster(event.participants, event.broadcasterId);
          } else if (sendsOut(event, myId)) {
            exited = true;
            exitRef.current(event.reason);
          }
        },
        onSignal: (event) => {
          const media = sessionOf();
          if (media) void media.handleSignal(event);
          else if (!mediaRef.current) early.push(event);
        },
        onConnectedChange: (connected) => {
          setSocketConnected(connected);
          if (connected) {
            clearTimeout(socketTimer);
            sessionOf()?.listening();
          }
        },
        beforeConnect: async () => {
          // The first connect follows the room's and roster's calls, whose token is fresh and
          // whose roster the subscription brings anyway.
          if (firstConnect) {
            firstConnect = false;
            return;
          }
          // Also refreshes an expired access token before the socket uses it.
          const fresh = await calls.participants();
          if (!disposed) applyRoster(fresh, broadcasterRef.current);
        },
      });

    const start = async () => {
      // Look ourselves up; join when absent (spec 02 section 4, step 1). The room and the
      // roster are asked together, neither again after joining, and the socket opens while the
      // join goes on (its subscription brings the roster whole): each step waited on the one
      // before, seven in a row, seconds on a loaded machine before anyone was seen (issue 47).
      // The pre-join screen looked the roster up already: the join then goes out with the room's
      // call. A roster a moment old is good enough here (joining again is harmless, and the
      // socket's subscription brings the current one).
      const entering = enterMeeting(queryClient, workspaceId, roomId, myId);
      // Awaited below; should the room's call fail first, this one's failure is not unhandled.
      entering.catch(() => undefined);
      const room = await calls.channel();
      if (disposed) return;
      const socket = openSocket();
      socketRef.current = socket;
      socketTimer = setTimeout(
        () => setDiagnostics((d) => ({ ...d, socketTimedOut: !socket.connected })),
        Limits.diagnosticsWebsocketTimeoutMs,
      );
      socket.start();

      const { list, mine } = await entering;
      participantId = mine.id;
      modeRef.current = room.mode;
      // What the pre-join screen chose is turned on (its place claimed) while the media
      // connection details come, so the first offer to each peer already carries it.
      const choice = joinChoiceRef.current;
      joinChoiceRef.current = null;
      if (choice) void joinWith(choice);
      const joined = await calls.joinConference();
      if (disposed) return;
      setChannel(room);
      setConference(joined);

      const events = {
        onRemoteStream: (stream: MediaStream | null, from: number | null) =>
          setRemote(stream ? { stream, from } : null),
        onPeerStream: (userId: number, stream: MediaStream | null) =>
          setPeerStreams((streams) => {
            const next = new Map(streams);
            // A new Map each time, so a tile whose stream gained or lost a track draws again.
            if (stream) next.set(userId, stream);
            else next.delete(userId);
            return next;
          }),
        // Their tile goes at once; the roster confirms it (or brings them back after a reload).
        onPeerLeft: (userId: number) =>
          setParticipants((list) => list.filter((p) => p.userId !== userId)),
        onCandidate: (candidate: RTCIceCandidate) =>
          setDiagnostics((d) => ({ ...d, candidates: [...d.candidates, candidate.candidate] })),
        onCandidateError: (detail: string) =>
          setDiagnostics((d) => ({ ...d, candidateErrors: [...d.candidateErrors, detail] })),
        onConnectionFailed: () => setDiagnostics((d) => ({ ...d, connectionFailed: true })),
      };

      if (joined.mode === 'livekit' && joined.url && joined.token) {
        const media = new LivekitMedia(events);
        mediaRef.current = media;
        early.length = 0;
        await media.connect(joined.url, joined.token);
        // Turned on while connecting: sent now (what comes later is sent as it comes).
        await media.publish(sentTracks());
        applyRoster(heard?.list ?? list, heard?.broadcaster ?? room.broadcasterId);
      } else {
        // Presentation: a star from the one broadcaster; discussion: everyone to everyone.
        const Media = room.mode === 'DISCUSSION' ? MeshMedia : BuiltinMedia;
        const media = new Media(myId, joined.iceServers, (signal) => socket.signal(signal), events);
        mediaRef.current = media;
        await media.publish(sentTracks());
        applyRoster(heard?.list ?? list, heard?.broadcaster ?? room.broadcasterId);
        if (socket.connected) media.listening();
        for (const signal of early.splice(0)) void media.handleSignal(signal);
        // Gathering once tells the diagnostics which candidates this network offers; in a
        // discussion only once the mesh has had its start (it competes for the same CPU).
        const probe = () =>
          void gatherCandidates(joined, (candidates) =>
            setDiagnostics((d) => ({
              ...d,
              candidates: [...d.candidates, ...candidates],
              gatheringDone: true,
            })),
          );
        if (room.mode === 'DISCUSSION') probeTimer = setTimeout(probe, PROBE_DELAY_MS);
        else probe();
      }
      setPhase('ready');
    };

    start().catch((error: unknown) => {
      if (disposed) return;
      console.warn('meeting could not start', error);
      // Nothing stays captured for a meeting that did not start.
      stopHandedTracks(joinChoiceRef.current?.tracks);
      joinChoiceRef.current = null;
      stopLocal();
      // The socket may be open already: the failed meeting does not stay in the room.
      void socketRef.current?.stop();
      socketRef.current = null;
      setParticipants([]);
      setFailure(error);
      setPhase('failed');
    });

    const leaveMeeting = () => {
      if (disposed) return;
      disposed = true;
      clearTimeout(socketTimer);
      clearTimeout(probeTimer);
      stopLocal();
      mediaRef.current?.close();
      mediaRef.current = null;
      void socketRef.current?.stop();
      socketRef.current = null;
      if (participantId !== null && !exited) void calls.leave(participantId).catch(() => undefined);
    };
    leaveRef.current = leaveMeeting;
    return leaveMeeting;
  }, [workspaceId, roomId, myId, applyRoster, stopLocal, joinWith, sentTracks, queryClient]);

  /**
   * Leaves at once (the leave button): the others see it without waiting for the next screen to
   * load and this one to go, which a busy laptop takes seconds over.
   */
  const leave = useCallback(() => leaveRef.current(), []);

  const sendChat = useCallback(
    (message: string) => socketRef.current?.sendChat(message) ?? false,
    [],
  );

  const warnings = conference
    ? diagnose({
        protocol: window.location.protocol,
        hostname: window.location.hostname,
        mode: conference.mode,
        mediaUrl: conference.url,
        iceServers: conference.iceServers,
        ...diagnostics,
      })
    : [];

  return {
    phase,
    failure,
    channel,
    participants,
    broadcasterId,
    chat,
    socketConnected,
    remote,
    peerStreams,
    local,
    broadcastOwner: shownOwner,
    devices,
    chooseDevices,
    alert,
    dismissAlert: () => setAlert(null),
    warnings,
    toggleCamera: broadcast.toggleCamera,
    toggleScreen: broadcast.toggleScreen,
    toggleMute: broadcast.toggleMute,
    sendChat,
    removeParticipant: (userId: number) => api?.remove(userId),
    leave,
  };
}
