import { describe, expect, it } from 'vitest';
import { videoKo } from '../../../i18n/ko/video';
import { diagnose, isPrivateIpv4, type DiagnosticsInput } from './diagnostics';

const t = videoKo.diagnostics;

const base: DiagnosticsInput = {
  protocol: 'https:',
  hostname: 'team.example.com',
  mode: 'builtin',
  mediaUrl: null,
  iceServers: [
    { urls: 'turn:turn.example.com:3478?transport=tcp', username: 'u', credential: 'p' },
  ],
  candidates: ['candidate:1 1 udp 2122260223 203.0.113.7 54400 typ srflx'],
  gatheringDone: true,
  candidateErrors: [],
  connectionFailed: false,
  socketTimedOut: false,
};

describe('diagnose', () => {
  it('is quiet when everything is in order', () => {
    expect(diagnose(base)).toEqual([]);
  });

  it('is quiet on loopback and a LAN without any ICE servers', () => {
    for (const hostname of ['localhost', '127.0.0.1', '192.168.0.12', '10.1.2.3']) {
      expect(
        diagnose({
          ...base,
          protocol: 'http:',
          hostname,
          iceServers: [],
          candidates: ['candidate:1 1 udp 1 192.168.0.12 5000 typ host'],
        }).filter((w) => w !== t.insecure),
      ).toEqual([]);
    }
    expect(diagnose({ ...base, protocol: 'http:', hostname: 'localhost', iceServers: [] })).toEqual(
      [],
    );
  });

  it('warns of an insecure server: plain http away from loopback, or a ws:// media server', () => {
    expect(diagnose({ ...base, protocol: 'http:' })).toContain(t.insecure);
    expect(
      diagnose({ ...base, mode: 'livekit', mediaUrl: 'ws://media.example.com/livekit' }),
    ).toEqual([t.insecure]);
    expect(
      diagnose({ ...base, mode: 'livekit', mediaUrl: 'wss://media.example.com/livekit' }),
    ).toEqual([]);
  });

  it('warns when no TURN over TCP is configured on a public host', () => {
    expect(diagnose({ ...base, iceServers: [{ urls: 'stun:stun.example.com' }] })).toContain(
      t.noTcp,
    );
    expect(diagnose({ ...base, iceServers: [{ urls: ['turns:turn.example.com:443'] }] })).toEqual(
      [],
    );
  });

  it('warns when gathering found no public IPv4 UDP candidate, only once it has finished', () => {
    const privateOnly = ['candidate:1 1 udp 1 192.168.0.5 5000 typ host'];
    expect(diagnose({ ...base, candidates: privateOnly })).toContain(t.noPublicUdp);
    expect(diagnose({ ...base, candidates: privateOnly, gatheringDone: false })).not.toContain(
      t.noPublicUdp,
    );
    const tcpOnly = ['candidate:1 1 tcp 1 203.0.113.7 9 typ host tcptype active'];
    expect(diagnose({ ...base, candidates: tcpOnly })).toContain(t.noPublicUdp);
  });

  it('reports failed connections, candidate errors (once each) and a slow socket', () => {
    const warnings = diagnose({
      ...base,
      connectionFailed: true,
      socketTimedOut: true,
      candidateErrors: [
        '701 STUN host lookup received error.',
        '701 STUN host lookup received error.',
      ],
    });
    expect(warnings).toEqual([
      t.socketTimeout,
      t.firewall,
      t.candidateError('701 STUN host lookup received error.'),
    ]);
  });
});

describe('isPrivateIpv4', () => {
  it('knows the private, link-local and CGNAT ranges', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
    ]) {
      expect(isPrivateIpv4(address)).toBe(true);
    }
    for (const address of ['172.32.0.1', '8.8.8.8', '203.0.113.7', 'not-an-ip', '1.2.3']) {
      expect(isPrivateIpv4(address)).toBe(false);
    }
  });
});
