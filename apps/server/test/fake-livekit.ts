import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';

/** What a participant may do on the SFU (proto3 JSON: a false field is simply absent). */
export type FakePermission = { canPublish: boolean; canSubscribe: boolean };

export type FakeLivekitCall = { method: string; body: Record<string, unknown> };

/**
 * LiveKit's RoomService as the server SDK reaches it: Twirp over HTTP with JSON bodies and a
 * bearer token signed with the API secret whose `video` grant must fit the call. Only the
 * calls the app makes are served; rooms hold who is connected with which permission.
 */
export type FakeLivekit = {
  /** ws:// URL, as LIVEKIT_URL is configured. */
  url: string;
  apiKey: string;
  apiSecret: string;
  /** A browser joined the room with a token granting this. */
  connect(room: string, identity: string, permission: FakePermission): void;
  permissionOf(room: string, identity: string): FakePermission | undefined;
  rooms: Map<string, Map<string, FakePermission>>;
  calls: FakeLivekitCall[];
  /** Requests refused for a bad signature or a missing grant: should stay 0. */
  refused: number;
  /** While true every call fails with 503, as when the SFU is down. */
  down: boolean;
  close(): Promise<void>;
};

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

function twirpError(response: http.ServerResponse, status: number, code: string, msg: string) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code, msg }));
}

export async function startFakeLivekit(): Promise<FakeLivekit> {
  const apiKey = 'APIfakekey';
  const apiSecret = 'fake-livekit-secret-'.padEnd(40, 'x');
  const key = new TextEncoder().encode(apiSecret);
  const rooms = new Map<string, Map<string, FakePermission>>();

  const fake: FakeLivekit = {
    url: '',
    close: () => Promise.resolve(),
    apiKey,
    apiSecret,
    rooms,
    calls: [],
    refused: 0,
    down: false,
    connect(room, identity, permission) {
      const people = rooms.get(room) ?? new Map<string, FakePermission>();
      people.set(identity, permission);
      rooms.set(room, people);
    },
    permissionOf: (room, identity) => rooms.get(room)?.get(identity),
  };

  /** The grant each call needs, as LiveKit checks it. */
  const grantFits = (method: string, grant: Record<string, unknown>, room: unknown) => {
    if (method === 'DeleteRoom') return grant['roomCreate'] === true;
    return grant['roomAdmin'] === true && grant['room'] === room;
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const method = /^\/twirp\/livekit\.RoomService\/(\w+)$/.exec(request.url ?? '')?.[1];
      if (request.method !== 'POST' || !method) {
        twirpError(response, 404, 'bad_route', 'no such method');
        return;
      }
      const body = await readJson(request);
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const grant = await jwtVerify(token, key, { issuer: apiKey }).then(
        ({ payload }) => (payload['video'] ?? {}) as Record<string, unknown>,
        () => undefined,
      );
      if (!grant || !grantFits(method, grant, body['room'])) {
        fake.refused += 1;
        twirpError(response, 401, 'unauthenticated', 'permissions denied');
        return;
      }
      fake.calls.push({ method, body });
      if (fake.down) {
        twirpError(response, 503, 'unavailable', 'node unavailable');
        return;
      }
      const room = String(body['room']);
      const identity = String(body['identity']);
      const people = rooms.get(room);
      const reply = (value: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (method === 'DeleteRoom') {
        rooms.delete(room);
        reply({});
        return;
      }
      if (!people?.has(identity)) {
        twirpError(response, 404, 'not_found', 'participant not found');
        return;
      }
      if (method === 'RemoveParticipant') {
        people.delete(identity);
        reply({});
        return;
      }
      if (method === 'UpdateParticipant') {
        const permission = (body['permission'] ?? {}) as Record<string, unknown>;
        const next = {
          canPublish: permission['canPublish'] === true,
          canSubscribe: permission['canSubscribe'] === true,
        };
        people.set(identity, next);
        reply({ sid: `PA_${identity}`, identity, permission: next });
        return;
      }
      twirpError(response, 404, 'bad_route', `${method} is not served by the fake`);
    })().catch((error: unknown) => {
      twirpError(response, 500, 'internal', String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `ws://127.0.0.1:${port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
