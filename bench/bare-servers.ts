/**
 * The bare baselines of bench/ratios.bench.ts (and `mesh`, bench/meeting-mesh.bench.ts's signal
 * relay: bench/bare-mesh.ts), each run as its own process:
 *
 *   node --import tsx bench/bare-servers.ts <health|select|insert|idle|sse|sse-durable|mesh>
 *
 * Environment: PORT (0: a free port), and the engine: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite on
 * DATA_DIR/db). Prints `listening <port>` once it answers. Each is the least code that does the
 * same work as the product figure it stands beside, on the same engine, and nothing else: no
 * logger, no plugins, no validation, no auth.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { PgliteInWorker } from '../apps/server/src/db/pglite-remote';
import { bareMeshServer } from './bare-mesh';

type Engine = {
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  exec(sql: string): Promise<void>;
};

/** The same engine as the product: PGlite on DATA_DIR/db, or a pg.Pool of 10 (its default). */
async function openEngine(): Promise<Engine> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async (sql, params) => (await pool.query<Record<string, unknown>>(sql, params)).rows,
      exec: async (sql) => {
        await pool.query(sql);
      },
    };
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('set DATABASE_URL or DATA_DIR');
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(dataDir, 'db'));
  await db.waitReady;
  return {
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    exec: async (sql) => {
      await db.exec(sql);
    },
  };
}

/** A users-like table (the product's `users` columns that GET /api/users/me reads). */
async function prepareUsers(engine: Engine, rows: number) {
  await engine.exec(`CREATE TABLE IF NOT EXISTS bare_users (
    id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
    email text NOT NULL UNIQUE,
    name text NOT NULL,
    password_hash text,
    provider text NOT NULL DEFAULT 'LOCAL',
    role text NOT NULL DEFAULT 'USER',
    age integer,
    mbti text,
    hashtags text[] NOT NULL DEFAULT '{}',
    introduction text,
    profile_image_url text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  const [{ count } = { count: 0 }] = await engine.query(
    'SELECT count(*)::int AS count FROM bare_users',
  );
  if (Number(count) >= rows) return;
  await engine.exec(`INSERT INTO bare_users (email, name, password_hash, age, mbti, introduction)
    SELECT 'user' || g || '@bench.local', '사용자' || g, '$argon2id$v=19$m=19456,t=2,p=1$x', 20 + g % 30,
      'INTJ', '안녕하세요, 사용자 ' || g || '입니다.'
    FROM generate_series(1, ${rows}) AS g`);
}

/** A chat-message-like table (the product's `chat_messages` columns and its room index). */
async function prepareMessages(engine: Engine) {
  await engine.exec(`CREATE TABLE IF NOT EXISTS bare_messages (
    id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
    room_id integer NOT NULL,
    sender_id integer,
    content text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS bare_messages_room_idx ON bare_messages (room_id, id)`);
}

/**
 * The durable broadcaster's store: one table, one INSERT of a batch of bodies at a time, answering
 * their ids in order. PGlite in a worker thread (the product's own worker, db/pglite-worker.mjs,
 * copied beside this bundle by bench/processes.ts), or one `pg` connection.
 */
async function openDurableStore(): Promise<(bodies: string[]) => Promise<number[]>> {
  const schema =
    'CREATE TABLE IF NOT EXISTS bare_stream_messages (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, body text NOT NULL)';
  const insert = 'INSERT INTO bare_stream_messages (body) SELECT unnest($1::text[]) RETURNING id';
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(schema);
    return async (bodies) =>
      (await client.query<{ id: number }>(insert, [bodies])).rows.map((row) => row.id);
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('set DATABASE_URL or DATA_DIR');
  const db = await PgliteInWorker.open(path.join(dataDir, 'db'));
  await db.exec(schema);
  return async (bodies) =>
    (await db.query<{ id: number }>(insert, [bodies])).rows.map((row) => row.id);
}

/** Answers GET /events with an open SSE stream kept in `streams`; false for any other request. */
function openStream(
  streams: Set<http.ServerResponse>,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) {
  if (request.method !== 'GET' || request.url !== '/events') return false;
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.write(': open\n\n');
  streams.add(response);
  request.on('close', () => streams.delete(response));
  return true;
}

/** A message as both broadcasters write it: numbered as the product numbers its chat events. */
const eventText = (id: number, body: string) =>
  `id: ${id}\ndata: {"messageId":${id},"event":${body}}\n\n`;

function answerHealth(request: http.IncomingMessage, response: http.ServerResponse) {
  if (request.url !== '/api/health') return false;
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"status":"ok"}');
  return true;
}

function announce(address: string | AddressInfo | null) {
  if (!address || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`listening ${address.port}\n`);
}

const port = Number(process.env.PORT ?? 0);
const host = '127.0.0.1';
const mode = process.argv[2];

async function fastifyServer() {
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ status: 'ok' }));
  return app;
}

switch (mode) {
  case 'health': {
    const app = await fastifyServer();
    await app.listen({ port, host });
    announce(app.server.address());
    break;
  }
  case 'select': {
    const engine = await openEngine();
    await prepareUsers(engine, 5000);
    const app = await fastifyServer();
    // One indexed primary-key read of a users-like row.
    app.get<{ Params: { id: string } }>('/api/users/:id', async (request, reply) => {
      const [row] = await engine.query('SELECT * FROM bare_users WHERE id = $1', [
        Number(request.params.id),
      ]);
      if (!row) return reply.code(404).send({ error: 'not found' });
      return { data: row };
    });
    await app.listen({ port, host });
    announce(app.server.address());
    break;
  }
  case 'insert': {
    const engine = await openEngine();
    await prepareMessages(engine);
    const app = await fastifyServer();
    // One INSERT of a chat-message-like row from a JSON body.
    app.post<{ Body: { content: string } }>('/api/messages', async (request, reply) => {
      const [row] = await engine.query(
        'INSERT INTO bare_messages (room_id, sender_id, content) VALUES ($1, $2, $3) RETURNING id, created_at',
        [1, 1, String(request.body.content)],
      );
      return reply.code(201).send({ data: row });
    });
    await app.listen({ port, host });
    announce(app.server.address());
    break;
  }
  case 'idle': {
    // Bare Fastify with the engine opened and one query run, then left idle.
    const engine = await openEngine();
    await engine.query('SELECT 1 AS one');
    const app = await fastifyServer();
    await app.listen({ port, host });
    announce(app.server.address());
    break;
  }
  case 'sse': {
    // The minimal broadcaster: POST /send writes its body (a JSON object) as one event to every
    // open stream, numbered in memory.
    const streams = new Set<http.ServerResponse>();
    let nextId = 0;
    const server = http.createServer((request, response) => {
      if (openStream(streams, request, response) || answerHealth(request, response)) return;
      if (request.method === 'POST' && request.url === '/send') {
        let body = '';
        request.setEncoding('utf8');
        request.on('data', (chunk: string) => (body += chunk));
        request.on('end', () => {
          nextId += 1;
          const event = eventText(nextId, body);
          for (const stream of streams) stream.write(event);
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end(`{"data":{"id":${nextId}}}`);
        });
        return;
      }
      response.writeHead(404).end();
    });
    server.keepAliveTimeout = 72_000;
    server.listen(port, host, () => announce(server.address()));
    break;
  }
  case 'sse-durable': {
    // The durable broadcaster (issue 42): as 'sse', but a message is numbered by its row. Bodies
    // are queued; one INSERT runs at a time and takes every body that arrived while the previous
    // one ran. Nothing gathers on purpose or waits: an idle store takes the first body at once.
    // Only once its INSERT has resolved is a message written to the streams and answered 201.
    const insert = await openDurableStore();
    const streams = new Set<http.ServerResponse>();
    let queued: Array<{ body: string; response: http.ServerResponse }> = [];
    let inserting = false;
    const flush = () => {
      if (inserting || queued.length === 0) return;
      const batch = queued;
      queued = [];
      inserting = true;
      insert(batch.map((message) => message.body)).then(
        (ids) => {
          inserting = false;
          // The next batch goes to the store before this one's events go out, so that the
          // database works while this thread writes the streams.
          flush();
          batch.forEach(({ body, response }, index) => {
            const id = ids[index] as number;
            const event = eventText(id, body);
            for (const stream of streams) stream.write(event);
            response.writeHead(201, { 'content-type': 'application/json' });
            response.end(`{"data":{"id":${id}}}`);
          });
        },
        (error: unknown) => {
          inserting = false;
          flush();
          process.stderr.write(`insert failed: ${String(error)}\n`);
          for (const { response } of batch) response.writeHead(500).end();
        },
      );
    };
    const server = http.createServer((request, response) => {
      if (openStream(streams, request, response) || answerHealth(request, response)) return;
      if (request.method === 'POST' && request.url === '/send') {
        let body = '';
        request.setEncoding('utf8');
        request.on('data', (chunk: string) => (body += chunk));
        request.on('end', () => {
          queued.push({ body, response });
          flush();
        });
        return;
      }
      response.writeHead(404).end();
    });
    server.keepAliveTimeout = 72_000;
    server.listen(port, host, () => announce(server.address()));
    break;
  }
  case 'mesh': {
    // A page and an in-memory WebSocket relay of WebRTC signals (no database).
    const server = bareMeshServer();
    server.listen(port, host, () => announce(server.address()));
    break;
  }
  default:
    throw new Error(`unknown mode ${mode}: health, select, insert, idle, sse, sse-durable or mesh`);
}
