import WebSocket from 'ws';
import { expect } from 'vitest';

export type Frame = { command: string; headers: Record<string, string>; body: string };

/** A small STOMP client over `ws` that records every frame the server sends. */
export async function openStompSocket(wsUrl: string, token: string | null) {
  const socket = new WebSocket(token === null ? wsUrl : `${wsUrl}?token=${token}`);
  const frames: Frame[] = [];
  let heartbeats = 0;
  let closeCode: number | undefined;
  socket.on('message', (data: Buffer) => {
    for (const raw of data.toString('utf8').split('\0')) {
      const text = raw.replace(/^\n+/, '');
      if (raw === '\n' || (raw.length > 0 && text.length === 0)) heartbeats += 1;
      if (!text) continue;
      const [head = '', ...rest] = text.split('\n\n');
      const [command = '', ...lines] = head.split('\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
      );
      frames.push({ command, headers, body: rest.join('\n\n') });
    }
  });
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      closeCode = code;
      resolve(code);
    }),
  );
  const opened = await new Promise<boolean>((resolve) => {
    socket.on('open', () => resolve(true));
    socket.on('unexpected-response', () => resolve(false));
    socket.on('error', () => resolve(false));
  });
  const waitFor = async (predicate: (frames: Frame[]) => boolean, timeoutMs = 5000) => {
    const started = Date.now();
    while (!predicate(frames)) {
      if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return frames;
  };
  return {
    socket,
    opened,
    frames,
    closed,
    heartbeats: () => heartbeats,
    closeCode: () => closeCode,
    waitFor,
    send: (text: string) => socket.send(text),
  };
}

/** Opens the socket and completes CONNECT (no heart-beats unless asked). */
export async function connectStomp(wsUrl: string, user: { token: string }, heartBeat = '0,0') {
  const client = await openStompSocket(wsUrl, user.token);
  expect(client.opened).toBe(true);
  client.send(`CONNECT\naccept-version:1.2\nhost:teamup\nheart-beat:${heartBeat}\n\n\0`);
  await client.waitFor((frames) => frames.some((f) => f.command === 'CONNECTED'));
  return client;
}

export type StompTestClient = Awaited<ReturnType<typeof connectStomp>>;

let frameSeq = 0;

/** SUBSCRIBE and wait for its receipt (or the ERROR refusing it). */
export async function subscribe(client: StompTestClient, destination: string) {
  frameSeq += 1;
  const id = `sub-${frameSeq}`;
  const receipt = `r-${frameSeq}`;
  client.send(`SUBSCRIBE\nid:${id}\ndestination:${destination}\nreceipt:${receipt}\n\n\0`);
  await client.waitFor((frames) =>
    frames.some(
      (f) =>
        (f.command === 'RECEIPT' && f.headers['receipt-id'] === receipt) || f.command === 'ERROR',
    ),
  );
  return id;
}

/** SEND a JSON body and wait for its receipt (or an ERROR). */
export async function sendJson(client: StompTestClient, destination: string, body: unknown) {
  frameSeq += 1;
  const receipt = `s-${frameSeq}`;
  client.send(
    `SEND\ndestination:${destination}\ncontent-type:application/json\nreceipt:${receipt}\n\n${JSON.stringify(body)}\0`,
  );
  await client.waitFor((frames) =>
    frames.some(
      (f) =>
        (f.command === 'RECEIPT' && f.headers['receipt-id'] === receipt) || f.command === 'ERROR',
    ),
  );
}

/** The parsed bodies of MESSAGE frames for one destination. */
export function messagesTo<T = Record<string, unknown>>(
  client: StompTestClient,
  destination: string,
): T[] {
  return client.frames
    .filter((f) => f.command === 'MESSAGE' && f.headers['destination'] === destination)
    .map((f) => JSON.parse(f.body) as T);
}
