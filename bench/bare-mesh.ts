/**
 * The bare baseline of bench/meeting-mesh.bench.ts (run by bench/bare-servers.ts, mode `mesh`): a
 * node:http server that serves one small page and relays WebRTC signals among the browsers of a
 * room over a WebSocket (the `ws` package), in memory. No product in between: no auth, no
 * database, no STOMP, no roster, no presence.
 *
 * The page: a click on its join button (test id `meeting-prejoin-join`, as the product's) asks for
 * the camera and microphone (the product's gallery constraints) and opens the relay at once. The
 * relay answers `welcome` with the ids already in the room; the newcomer offers to each of them,
 * they answer (so no two offers ever cross), candidates trickle. Each remote stream gets a tile
 * with the product's test ids (`meeting-tile`, data-self="false", data-user-id, and a
 * `meeting-tile-video` <video>), so the bench times both with the same code.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>bare mesh</title>
<style>
  body { margin: 0; font: 14px sans-serif; }
  #tiles { display: grid; grid-template-columns: repeat(2, 320px); gap: 4px; }
  video { width: 320px; height: 180px; background: #000; }
</style>
</head>
<body>
<button id="join" data-testid="meeting-prejoin-join">join</button>
<div id="tiles"></div>
<script>
  const room = new URLSearchParams(location.search).get('room') || 'room';
  const config = { iceServers: [] };
  const constraints = {
    video: { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 15, max: 24 } },
    audio: true,
  };
  const peers = new Map();
  let socket;
  let media;
  let local;
  let chain = Promise.resolve();

  const send = (to, message) => socket.send(JSON.stringify({ to, ...message }));

  function tile(id, stream) {
    let element = document.querySelector('[data-testid="meeting-tile"][data-user-id="' + id + '"]');
    if (!element) {
      element = document.createElement('div');
      element.dataset.testid = 'meeting-tile';
      element.dataset.self = 'false';
      element.dataset.userId = String(id);
      const video = document.createElement('video');
      video.dataset.testid = 'meeting-tile-video';
      video.autoplay = true;
      video.playsInline = true;
      element.append(video);
      document.getElementById('tiles').append(element);
    }
    const video = element.querySelector('video');
    if (video.srcObject !== stream) video.srcObject = stream;
  }

  function peer(id) {
    let found = peers.get(id);
    if (found) return found;
    const pc = new RTCPeerConnection(config);
    found = { pc, pending: [] };
    peers.set(id, found);
    for (const track of local.getTracks()) pc.addTrack(track, local);
    pc.onicecandidate = (event) => {
      if (event.candidate) send(id, { candidate: event.candidate.toJSON() });
    };
    pc.ontrack = (event) => tile(id, event.streams[0] || new MediaStream([event.track]));
    return found;
  }

  async function handle(message) {
    local = local || (await media);
    if (message.type === 'welcome') {
      for (const id of message.peers) {
        const { pc } = peer(id);
        await pc.setLocalDescription(await pc.createOffer());
        send(id, { description: pc.localDescription.toJSON() });
      }
      return;
    }
    const { pc, pending } = peer(message.from);
    if (message.description) {
      await pc.setRemoteDescription(message.description);
      for (const candidate of pending.splice(0)) await pc.addIceCandidate(candidate);
      if (message.description.type === 'offer') {
        await pc.setLocalDescription(await pc.createAnswer());
        send(message.from, { description: pc.localDescription.toJSON() });
      }
    } else if (message.candidate) {
      if (pc.remoteDescription) await pc.addIceCandidate(message.candidate);
      else pending.push(message.candidate);
    }
  }

  document.getElementById('join').addEventListener(
    'click',
    () => {
      media = navigator.mediaDevices.getUserMedia(constraints);
      socket = new WebSocket('ws://' + location.host + '/relay?room=' + encodeURIComponent(room));
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        chain = chain.then(() => handle(message)).catch((error) => console.warn('bare mesh', error));
      };
    },
    { once: true },
  );
</script>
</body>
</html>
`;

/** The page and the relay, not yet listening. */
export function bareMeshServer(): http.Server {
  const rooms = new Map<string, Map<number, WebSocket>>();
  let nextId = 0;
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
      return;
    }
    if (pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (pathname === '/api/health') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"ok"}');
      return;
    }
    response.writeHead(404).end();
  });
  const relay = new WebSocketServer({ server, path: '/relay' });
  relay.on('connection', (socket, request) => {
    const room = new URL(request.url ?? '/', 'http://localhost').searchParams.get('room') ?? 'room';
    const members = rooms.get(room) ?? new Map<number, WebSocket>();
    rooms.set(room, members);
    nextId += 1;
    const id = nextId;
    socket.send(JSON.stringify({ type: 'welcome', id, peers: [...members.keys()] }));
    members.set(id, socket);
    socket.on('message', (data: Buffer) => {
      let message: { to?: unknown };
      try {
        message = JSON.parse(data.toString('utf8')) as { to?: unknown };
      } catch {
        return;
      }
      const target = typeof message.to === 'number' ? members.get(message.to) : undefined;
      target?.send(JSON.stringify({ ...message, from: id }));
    });
    socket.on('close', () => {
      members.delete(id);
      if (members.size === 0) rooms.delete(room);
    });
  });
  return server;
}
