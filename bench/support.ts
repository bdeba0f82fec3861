/**
 * Helpers shared by the benches: seeding a server's database through its services, calling its
 * API, reading SSE streams, percentiles and process memory.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startSession } from '../apps/server/src/modules/auth/auth.service';
import { createGroup } from '../apps/server/src/modules/chat/chat.service';
import {
  createList,
  createTask,
  teamKanban,
} from '../apps/server/src/modules/kanban/kanban.service';
import { createTeam } from '../apps/server/src/modules/teams/teams.service';
import { createLocalUser } from '../apps/server/src/modules/users/users.service';
import { joinByInvite } from '../apps/server/src/modules/workspaces/invites.service';
import { createWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service';

export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

export type Seeded = {
  workspaceId: number;
  rooms: Record<string, number>;
  tokens: string[];
  /** Each user's refresh token (what the web's token store keeps beside the access token). */
  refreshTokens: string[];
  /** Each user's id, in the order of `tokens`. */
  userIds: number[];
  /** The team made when `board` was asked for (owned by the first user), else undefined. */
  teamId: number | undefined;
};

export type SeedOptions = {
  /** A team of the first user with a board of `lists` lists of `tasksPerList` tasks each. */
  board?: { lists: number; tasksPerList: number };
};

/**
 * Users, one workspace, and rooms of the given sizes, written straight through the services
 * (no sign-up mail round trips), with an access token per user. The room members are the first
 * user (the owner) and the next `size - 1` users.
 */
export async function seed(
  env: Record<string, string>,
  users: number,
  rooms: Record<string, number>,
  options: SeedOptions = {},
): Promise<Seeded> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JWT_SECRET });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const ctx = app.context;
  const passwordHash = await ctx.passwords.hash('Bench1234');
  const ids: number[] = [];
  const tokens: string[] = [];
  const refreshTokens: string[] = [];
  const stamp = Date.now();
  for (let i = 0; i < users; i += 1) {
    const user = await createLocalUser(
      ctx,
      {
        email: `chat${stamp}-${i}@bench.local`,
        name: seededUserName(i),
        passwordHash,
      },
      null,
    );
    if (!user) throw new Error('user');
    ids.push(user.id);
    const session = await startSession(ctx, user.id, {}, { ip: '127.0.0.1' }, 'PASSWORD');
    tokens.push(session.token);
    refreshTokens.push(session.refreshToken);
  }
  const [ownerId = 0, ...others] = ids;
  const workspace = await createWorkspace(ctx, ownerId, { name: 'bench', iconUrl: null });
  for (const id of others) await joinByInvite(ctx, id, { inviteCode: workspace.inviteCode });
  const roomIds: Record<string, number> = {};
  for (const [name, size] of Object.entries(rooms)) {
    const room = await createGroup(ctx, ownerId, workspace.id, {
      name,
      chatMemberIdList: others.slice(0, size - 1),
    });
    roomIds[name] = room.id;
  }
  let teamId: number | undefined;
  if (options.board) {
    const team = await createTeam(ctx, ownerId, {
      name: 'bench team',
      workspaceId: workspace.id,
      description: null,
    });
    teamId = team.id;
    const kanban = await teamKanban(ctx, ownerId, team.id);
    for (let l = 0; l < options.board.lists; l += 1) {
      const list = await createList(ctx, ownerId, {
        kanbanListName: `목록 ${l + 1}`,
        kanbanId: kanban.id,
      });
      for (let t = 0; t < options.board.tasksPerList; t += 1) {
        await createTask(ctx, ownerId, {
          subject: `할 일 ${l + 1}-${t + 1}`,
          content: `설명 ${t + 1}: 벤치마크용 카드`,
          kanbanListId: list.id,
          assigneeIds: [ownerId],
        });
      }
    }
  }
  await app.close();
  return { workspaceId: workspace.id, rooms: roomIds, tokens, refreshTokens, userIds: ids, teamId };
}

/**
 * Connections kept open between posts, as fetch keeps them. Idle ones do not hold the process
 * open (the agent unrefs them).
 */
const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * POST `url` with a bearer token (and a JSON body); answers the envelope's `data`. Over node:http,
 * not fetch: the load generator shares the server's two cores, and fetch took several times the
 * CPU of a plain request for each send (session 22).
 */
export function post(
  base: string,
  token: string,
  url: string,
  body?: object,
): Promise<Record<string, unknown>> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      {
        method: 'POST',
        agent: keptAlive,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? { 'content-length': 0 }
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            reject(new Error(`${url} ${status} ${text}`));
            return;
          }
          try {
            resolve((JSON.parse(text) as { data: Record<string, unknown> }).data);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export type Subscriber = { request: http.ClientRequest; close(): void };

const EVENT_END = Buffer.from('\n\n');

/**
 * Opens an SSE stream over plain node:http (lighter than fetch at thousands of connections) and
 * calls `onEvent(id)` for every event block `idOf` finds an id in. Blocks stay bytes: decoding
 * every frame to a string was most of the readers' CPU, which shares the server's two cores.
 */
export function openEventStream(
  url: string,
  idOf: (block: Buffer) => number | undefined,
  onEvent: (id: number) => void,
): Promise<Subscriber> {
  return new Promise<Subscriber>((resolve, reject) => {
    const request = http.get(url, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`subscribe ${res.statusCode}`));
        return;
      }
      /** The start of an event whose end has not arrived yet. */
      let partial: Buffer | undefined;
      res.on('data', (chunk: Buffer) => {
        const buffer = partial ? Buffer.concat([partial, chunk]) : chunk;
        let start = 0;
        let end = buffer.indexOf(EVENT_END, start);
        while (end >= 0) {
          const id = idOf(buffer.subarray(start, end));
          if (id !== undefined) onEvent(id);
          start = end + EVENT_END.length;
          end = buffer.indexOf(EVENT_END, start);
        }
        partial = start < buffer.length ? Buffer.from(buffer.subarray(start)) : undefined;
      });
      // A stream the bench closes itself ends in an abort: not an error worth reporting.
      res.on('error', () => {});
      resolve({ request, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

/** The name of the seed's user `i` (the live figures' senders are these users). */
export const seededUserName = (i: number) => `사용자${i}`;

const NEW_CHAT_MESSAGE = Buffer.from('"type":"NEW_CHAT_MESSAGE"');
const MESSAGE_ID = Buffer.from('"messageId":');
const [DIGIT_0, DIGIT_9] = [0x30, 0x39];

/** A NEW_CHAT_MESSAGE's id, whatever the order of its fields (a logged event is jsonb's). */
export function newChatMessageId(block: Buffer): number | undefined {
  if (!block.includes(NEW_CHAT_MESSAGE)) return undefined;
  const at = block.indexOf(MESSAGE_ID);
  if (at < 0) return undefined;
  let id = 0;
  let digits = 0;
  for (let i = at + MESSAGE_ID.length; i < block.length; i += 1) {
    const byte = block[i] as number;
    if (byte < DIGIT_0 || byte > DIGIT_9) break;
    id = id * 10 + (byte - DIGIT_0);
    digits += 1;
  }
  return digits > 0 ? id : undefined;
}

/**
 * A subscriber of the server's live stream (ticket, then GET /api/sse/subscribe); calls
 * `onMessage(messageId)` when a NEW_CHAT_MESSAGE arrives.
 */
export async function subscribe(base: string, token: string, onMessage: (id: number) => void) {
  const { ticket } = (await post(base, token, '/api/sse/register')) as { ticket: string };
  return openEventStream(`${base}/api/sse/subscribe?ticket=${ticket}`, newChatMessageId, onMessage);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Resident memory of a process, in bytes (Linux /proc). */
export const rssOf = async (pid: number) => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system, all threads) a process has used so far; 0 once it is gone. */
export const cpuSecondsOf = async (pid: number) => {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command name (which may hold spaces) closed by its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return ticks / 100;
};

/** CPU seconds of each thread of a process so far, by thread name (Node's threads share some). */
export const threadCpuOf = async (pid: number) => {
  const byName = new Map<string, number>();
  const tasks = await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  for (const tid of tasks) {
    const stat = await fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
    const key = tid === String(pid) ? 'main' : name;
    byName.set(key, (byName.get(key) ?? 0) + seconds);
  }
  return byName;
};

/**
 * Starts counting the CPU time of the processes `pids` names (read again at the end, so that
 * PostgreSQL backends opened meanwhile count); the returned function gives the milliseconds.
 */
export async function cpuMeter(pids: () => Promise<number[]>) {
  const total = async (list: number[]) =>
    (await Promise.all(list.map(cpuSecondsOf))).reduce((sum, value) => sum + value, 0);
  const before = new Map<number, number>();
  for (const pid of await pids()) before.set(pid, await cpuSecondsOf(pid));
  return async () => {
    const now = await pids();
    const spent = (await total(now)) - now.reduce((sum, pid) => sum + (before.get(pid) ?? 0), 0);
    return spent * 1000;
  };
}

/**
 * Starts counting a process's CPU by thread; the returned function tells each thread's
 * milliseconds for each of `count` units of work since (e.g. "main 0.93, pglite 0.85").
 */
export async function threadCpuMeter(pid: number) {
  const before = await threadCpuOf(pid);
  return async (count: number) =>
    [...(await threadCpuOf(pid))]
      .map(([name, seconds]) => [name, seconds - (before.get(name) ?? 0)] as const)
      .filter(([, seconds]) => seconds > 0)
      .map(([name, seconds]) => `${name} ${((seconds * 1000) / count).toFixed(2)}`)
      .join(', ');
}

/** The PostgreSQL server's processes on this machine (its backends do the product's queries). */
export const postgresPids = async () => {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.startsWith('postgres')) pids.push(Number(entry));
  }
  return pids;
};
