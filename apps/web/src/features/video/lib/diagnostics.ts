import type { Conference, IceServer } from '@teamup/contracts/video';
import { videoKo } from '../../../i18n/ko/video';

const t = videoKo.diagnostics;

export interface DiagnosticsInput {
  /** `window.location` of the app. */
  protocol: string;
  hostname: string;
  mode: 'builtin' | 'livekit';
  /** The LiveKit address in LiveKit mode. */
  mediaUrl: string | null;
  iceServers: IceServer[];
  /** Candidates gathered so far (`candidate:` lines), and whether gathering has finished. */
  candidates: string[];
  gatheringDone: boolean;
  candidateErrors: string[];
  connectionFailed: boolean;
  /** The meeting socket did not connect within 15 s. */
  socketTimedOut: boolean;
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);

/** RFC 1918, link-local and CGNAT addresses: the LAN, where no STUN/TURN is needed. */
export function isPrivateIpv4(address: string): boolean {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) {
    return false;
  }
  const [a = 0, b = 0] = parts;
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

const isLocalHost = (host: string) =>
  isLoopback(host) || isPrivateIpv4(host) || host.endsWith('.local');

/** A candidate line's transport and address (RFC 8839: foundation component transport priority address port typ …). */
function parseCandidate(line: string): { protocol: string; address: string } | null {
  const fields = line.replace(/^candidate:/, '').split(' ');
  const protocol = fields[2]?.toLowerCase();
  const address = fields[4];
  return protocol && address ? { protocol, address } : null;
}

const hasTcpRelay = (servers: IceServer[]) =>
  servers.some((server) =>
    (Array.isArray(server.urls) ? server.urls : [server.urls]).some(
      (url) => url.startsWith('turns:') || (url.startsWith('turn:') && /transport=tcp/i.test(url)),
    ),
  );

/**
 * The connection diagnostics of spec 02 section 8, each shown only when it applies: an insecure
 * server, ports a firewall must open, no ICE over TCP, no public IPv4 UDP candidate, candidate
 * errors, and a meeting socket that did not connect in time. Loopback and LAN use is quiet.
 */
export function diagnose(input: DiagnosticsInput): string[] {
  const warnings: string[] = [];
  const local = isLocalHost(input.hostname);
  const insecurePage = input.protocol === 'http:' && !isLoopback(input.hostname);
  const insecureMedia = input.mode === 'livekit' && (input.mediaUrl ?? '').startsWith('ws:');
  if (insecurePage || insecureMedia) warnings.push(t.insecure);
  if (input.socketTimedOut) warnings.push(t.socketTimeout);
  if (input.connectionFailed) warnings.push(t.firewall);
  if (input.mode === 'builtin' && !local && !hasTcpRelay(input.iceServers)) warnings.push(t.noTcp);
  if (input.mode === 'builtin' && !local && input.gatheringDone) {
    const publicUdp = input.candidates
      .map(parseCandidate)
      .some(
        (c) =>
          c !== null &&
          c.protocol === 'udp' &&
          /^\d+\.\d+\.\d+\.\d+$/.test(c.address) &&
          !isPrivateIpv4(c.address),
      );
    if (!publicUdp) warnings.push(t.noPublicUdp);
  }
  for (const error of new Set(input.candidateErrors)) warnings.push(t.candidateError(error));
  return warnings;
}

/** Gathers this browser's ICE candidates once (no peer needed) for the diagnostics. */
export async function gatherCandidates(
  conference: Pick<Conference, 'iceServers'>,
  done: (candidates: string[]) => void,
) {
  if (typeof RTCPeerConnection === 'undefined') return;
  const pc = new RTCPeerConnection({ iceServers: conference.iceServers });
  const found: string[] = [];
  pc.addEventListener('icecandidate', (event) => {
    if (event.candidate) found.push(event.candidate.candidate);
  });
  const finished = new Promise<void>((resolve) => {
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') resolve();
    });
    setTimeout(resolve, 5000);
  });
  pc.createDataChannel('probe');
  await pc.setLocalDescription(await pc.createOffer());
  await finished;
  pc.close();
  done(found);
}
