import { like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import { Topics } from '@teamup/contracts/events';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, dataOf, uniqueEmail } from '../../../test/factories';
import { recordStatements } from '../../../test/statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { chatMessages, liveEvents } from '../../db/schema';
import { startSession } from '../auth/auth.service';
import { createLocalUser } from '../users/users.service';
import { newTextMessageEventTemplate } from './chat.presenter';
import { GATHER_MS, storeTextMessage } from './text-sends';

/*
 * The batch path of plain text sends (text-sends.ts, decision 0026) under a burst: a few hundred
 * sends from twenty members across three rooms at once, while members leave a room or are sent
 * out of the workspace, with texts that cannot join a batch and one the database refuses inside a
 * batch. Every acknowledged send is stored exactly once as answered, every refused one stored
 * nothing, and a member sending one message after another sees their ids in that order.
 */

const MEMBERS = 20;
/** Sends of each member, one after another (the next once the last was answered). */
const CHAIN = 12;
/** Members 0..2 leave room A after their LEAVE_AFTER-th send. */
const LEAVERS = [0, 1, 2];
const LEAVE_AFTER = 4;
/** Sent out of the workspace by the owner in the middle of the burst (a member of room C). */
const KICKED = 8;
/** Only members below this are in room C; the others' sends to it are refused. */
const IN_ROOM_C = 10;
/** The owner's bursts of sends issued in one turn of the event loop. */
const SPRAYS = 3;
const SPRAY_SIZE = 20;
/** Texts with this start are refused by a trigger the test adds (a failing batch). */
const REFUSED_PREFIX = 'boom';

type TestUser = { token: string; userId: number };

let app: TestApp;
let owner: TestUser;
let members: TestUser[];
let workspace: Workspace;
let rooms: { a: ChatRoom; b: ChatRoom; c: ChatRoom };

const roomsUrl = () => `/api/workspaces/${workspace.id}/chat-rooms`;
const messagesUrl = (room: ChatRoom) => `${roomsUrl()}/${room.id}/messages`;

let passwordHash: string | undefined;
/** A local account signed in without the API (one password hash for all: 21 cost seconds). */
async function createUser(app: TestApp, name: string): Promise<TestUser> {
  const email = uniqueEmail('batch');
  passwordHash ??= await app.context.passwords.hash('Password1');
  const user = await createLocalUser(app.context, { email, name, passwordHash }, null);
  if (!user) throw new Error(`could not create ${email}`);
  const session = await startSession(app.context, user.id, {}, { ip: '127.0.0.1' }, 'PASSWORD');
  return { token: session.token, userId: user.id };
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, '방장');
  members = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    members.push(await createUser(app, `멤버${index}`));
  }
  workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '일괄 저장' }),
  );
  for (const member of members) {
    const joined = await call(app, member, 'POST', '/api/workspaces/join', {
      inviteCode: workspace.inviteCode,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
  }
  const group = async (name: string, people: TestUser[]) => {
    const response = await call(app, owner, 'POST', `${roomsUrl()}/create`, {
      name,
      chatMemberIdList: people.map((person) => person.userId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return dataOf<ChatRoom>(response);
  };
  rooms = {
    a: await group('가', members),
    b: await group('나', members),
    c: await group('다', members.slice(0, IN_ROOM_C)),
  };
});
afterAll(async () => {
  await app.close();
});

type Sent = {
  /** Who sent it: a member's index, or -1 for the owner. */
  sender: number;
  room: ChatRoom;
  content: string;
  /** When the request was issued and when its answer arrived (a counter, not a clock). */
  issued: number;
  answered: number;
  status: number;
  /** The stored message the answer named (2xx only). */
  message: ChatMessage | undefined;
};

/** How a lone surrogate is stored: as U+FFFD (what the answer and every read show). */
const asStored = (content: string) =>
  content.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );

describe('chat sends stored in batches, under a burst', () => {
  it(
    'keeps every acknowledged send once, in each sender’s order, and stores nothing refused',
    { timeout: 60_000 },
    async () => {
      const db = app.context.database.db;
      // A message the database refuses: the batch carrying it fails as a whole, and every send of
      // that batch is tried again alone (the refused one then fails by itself).
      await db.execute(
        sql.raw(`CREATE FUNCTION test_refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.content LIKE '${REFUSED_PREFIX}%' THEN
            RAISE EXCEPTION 'refused by the test';
          END IF;
          RETURN NEW;
        END $$`),
      );
      await db.execute(
        sql.raw(`CREATE TRIGGER test_refuse_boom BEFORE INSERT ON chat_messages
        FOR EACH ROW EXECUTE FUNCTION test_refuse_boom()`),
      );

      let clock = 0;
      const sent: Sent[] = [];
      const send = async (sender: number, room: ChatRoom, content: string) => {
        const user = sender < 0 ? owner : (members[sender] as TestUser);
        const issued = (clock += 1);
        const answer = await call(app, user, 'POST', messagesUrl(room), { content });
        const ok = answer.statusCode >= 200 && answer.statusCode < 300;
        const entry: Sent = {
          sender,
          room,
          content,
          issued,
          answered: (clock += 1),
          status: answer.statusCode,
          message: ok ? dataOf<ChatMessage>(answer) : undefined,
        };
        sent.push(entry);
        return entry;
      };
      /** When members left room A or the kick was answered (on the same counter as the sends). */
      const leftRoomA = new Map<number, number>();
      let kickAnswered = Number.POSITIVE_INFINITY;
      let kickIssued = Number.POSITIVE_INFINITY;
      const acknowledged = () => sent.filter((entry) => entry.status === 201).length;

      const chain = async (index: number) => {
        const user = members[index] as TestUser;
        const order = [rooms.a, rooms.b, rooms.c];
        for (let n = 0; n < CHAIN; n += 1) {
          const room = order[(index + n) % order.length] as ChatRoom;
          let content = `chain-${index}-${n}`;
          // Texts that never join a batch: a lone surrogate (stored alone, as U+FFFD) and NUL
          // (refused before it is stored).
          if (index % 5 === 0 && n === 6) content += '-\uD800';
          if (index === 7 && n === 3) content += '-\u0000';
          await send(index, room, content);
          if (LEAVERS.includes(index) && n + 1 === LEAVE_AFTER) {
            const left = await call(app, user, 'PATCH', `${roomsUrl()}/${rooms.a.id}/leave`);
            expect(left.statusCode, left.body).toBeLessThan(300);
            leftRoomA.set(index, (clock += 1));
          }
        }
      };
      const spray = (round: number) =>
        Promise.all(
          Array.from({ length: SPRAY_SIZE }, (_, n) => {
            const content =
              round === 1 && n === SPRAY_SIZE / 2
                ? `${REFUSED_PREFIX}-${round}-${n}`
                : `spray-${round}-${n}`;
            return send(-1, rooms.b, content);
          }),
        );
      const waitForAcknowledged = async (count: number) => {
        while (acknowledged() < count) await new Promise((resolve) => setImmediate(resolve));
      };
      const owners = async () => {
        await spray(0);
        await waitForAcknowledged(60);
        await spray(1);
        await waitForAcknowledged(100);
        kickIssued = clock += 1;
        const kicked = await call(
          app,
          owner,
          'DELETE',
          `/api/workspaces/${workspace.id}/members/${(members[KICKED] as TestUser).userId}`,
        );
        expect(kicked.statusCode, kicked.body).toBe(204);
        kickAnswered = clock += 1;
        await spray(2);
      };

      const started = Date.now();
      const { statements } = await recordStatements(app, () =>
        Promise.all([owners(), ...members.map((_, index) => chain(index))]),
      );
      const elapsed = Date.now() - started;
      await db.execute(sql.raw('DROP TRIGGER test_refuse_boom ON chat_messages'));
      await db.execute(sql.raw('DROP FUNCTION test_refuse_boom()'));

      expect(sent).toHaveLength(MEMBERS * CHAIN + SPRAYS * SPRAY_SIZE);

      // What each send had to be answered, as far as it is known in advance.
      for (const entry of sent) {
        const label = `${entry.content} (${entry.status})`;
        if (entry.content.includes('\u0000')) {
          expect(entry.status, label).toBe(400);
        } else if (entry.content.startsWith(REFUSED_PREFIX)) {
          expect(entry.status, label).toBe(500);
        } else if (entry.sender === KICKED) {
          // Before the kick: stored; once it was answered: refused; in between either.
          if (entry.answered < kickIssued) expect(entry.status, label).toBe(201);
          else if (entry.issued > kickAnswered) expect([403, 404], label).toContain(entry.status);
          else expect([201, 403, 404], label).toContain(entry.status);
        } else if (entry.room.id === rooms.c.id && entry.sender >= IN_ROOM_C) {
          expect(entry.status, label).toBe(403);
        } else if (entry.room.id === rooms.a.id && leftRoomA.has(entry.sender)) {
          // A leaver's own sends are one after another: before the leave stored, after refused.
          const left = leftRoomA.get(entry.sender) as number;
          expect(entry.status, label).toBe(entry.issued > left ? 403 : 201);
        } else {
          expect(entry.status, label).toBe(201);
        }
      }
      // The kicked member's sends: once refused, never stored again.
      const kickedStatuses = sent
        .filter((entry) => entry.sender === KICKED && !entry.content.includes('\u0000'))
        .sort((x, y) => x.issued - y.issued)
        .map((entry) => entry.status);
      const firstRefused = kickedStatuses.findIndex((status) => status !== 201);
      expect(firstRefused, `kicked member's answers ${kickedStatuses.join(' ')}`).toBeGreaterThan(
        0,
      );
      expect(kickedStatuses.slice(firstRefused).every((status) => status !== 201)).toBe(true);

      // Every send of the burst against the table: an acknowledged one exactly once, as answered;
      // a refused one not at all.
      const rows = await db
        .select({
          id: chatMessages.id,
          roomId: chatMessages.roomId,
          senderId: chatMessages.senderId,
          content: chatMessages.content,
        })
        .from(chatMessages)
        .where(
          or(
            like(chatMessages.content, 'chain-%'),
            like(chatMessages.content, 'spray-%'),
            like(chatMessages.content, `${REFUSED_PREFIX}%`),
          ),
        );
      const rowsByContent = new Map<string, typeof rows>();
      for (const row of rows) {
        rowsByContent.set(row.content, [...(rowsByContent.get(row.content) ?? []), row]);
      }
      const storedTwice = [...rowsByContent].filter(([, same]) => same.length > 1);
      expect(storedTwice.map(([content]) => content)).toEqual([]);
      for (const entry of sent) {
        const stored = rowsByContent.get(asStored(entry.content)) ?? [];
        if (entry.status !== 201) {
          expect(stored, `refused ${entry.content} (${entry.status}) was stored`).toEqual([]);
          continue;
        }
        const senderId =
          entry.sender < 0 ? owner.userId : (members[entry.sender] as TestUser).userId;
        expect(entry.message).toMatchObject({
          chatRoomId: entry.room.id,
          senderId,
          content: asStored(entry.content),
        });
        expect(stored, `acknowledged ${entry.content}`).toEqual([
          {
            id: entry.message?.id,
            roomId: entry.room.id,
            senderId,
            content: asStored(entry.content),
          },
        ]);
      }
      expect(rows).toHaveLength(acknowledged());

      // Each stored message's live event is in the log once, as the answer presented it, and in
      // each room the log's ids follow the ids of the messages stored in batches (a replay hands
      // them out in that order). A text stored alone (a lone surrogate) is logged after its own
      // commit, by the bus's queue, so it may come after later batches.
      const logged = (
        await db
          .select({ id: liveEvents.id, topic: liveEvents.topic, payload: liveEvents.payload })
          .from(liveEvents)
          .where(sql`${liveEvents.payload}->>'type' = 'NEW_CHAT_MESSAGE'`)
          .orderBy(liveEvents.id)
      )
        .map((row) => ({ ...row, payload: row.payload as { message: ChatMessage } }))
        .filter((row) => rows.some((stored) => stored.id === row.payload.message.id));
      expect(logged).toHaveLength(rows.length);
      for (const entry of sent.filter((item) => item.message)) {
        const events = logged.filter((row) => row.payload.message.id === entry.message?.id);
        expect(events.map((row) => row.payload.message)).toEqual([entry.message]);
        expect(events[0]?.topic).toBe(Topics.chatRoom(entry.room.id));
      }
      for (const room of Object.values(rooms)) {
        const messageIds = logged
          .filter(
            (row) =>
              row.payload.message.chatRoomId === room.id &&
              !row.payload.message.content.includes('\uFFFD'),
          )
          .map((row) => row.payload.message.id);
        expect(messageIds, `room ${room.id}'s events in log order`).toEqual(
          [...messageIds].sort((x, y) => x - y),
        );
      }

      // A member sending one message after another sees the ids in that order.
      for (let index = 0; index < MEMBERS; index += 1) {
        const ids = sent
          .filter((entry) => entry.sender === index && entry.message)
          .sort((x, y) => x.issued - y.issued)
          .map((entry) => (entry.message as ChatMessage).id);
        expect(ids, `member ${index}'s ids`).toEqual([...ids].sort((x, y) => x - y));
      }

      // The burst went in batches (one statement for several sends), far fewer statements than
      // sends; the refused text was in a batch with others, which failed and was tried again.
      const inserts = statements.filter((statement) =>
        /insert into "chat_messages"/i.test(statement.query),
      );
      const batches = inserts
        .filter((statement) => /json_to_recordset/i.test(statement.query))
        .map((statement) => JSON.parse(String(statement.params[0])) as Array<{ content: string }>);
      const batchSizes = batches.map((batch) => batch.length);
      const reachingTheStore = sent.filter((entry) => !entry.content.includes('\u0000')).length;
      const statuses = new Map<number, number>();
      for (const entry of sent) statuses.set(entry.status, (statuses.get(entry.status) ?? 0) + 1);
      console.log(
        `send batches: ${sent.length} sends in ${elapsed} ms (answers ` +
          `${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}), ` +
          `${inserts.length} insert statements, ${batches.length} batches of ` +
          `${batchSizes.join(' ')}`,
      );
      expect(Math.max(...batchSizes)).toBeGreaterThan(1);
      expect(inserts.length).toBeLessThan(reachingTheStore / 2);
      const failedBatch = batches.find((batch) =>
        batch.some((input) => input.content.startsWith(REFUSED_PREFIX)),
      );
      expect(failedBatch?.length ?? 0, 'the refused text went in a batch').toBeGreaterThan(1);
      // Each send of the failed batch was stored on its own afterwards: a batch of one each.
      for (const input of failedBatch ?? []) {
        const alone = batches.filter(
          (batch) => batch.length === 1 && batch[0]?.content === input.content,
        );
        expect(alone, `${input.content} tried again alone`).toHaveLength(1);
      }
    },
  );

  it('gathers the sends of a stream into one statement, and writes one after a quiet spell at once', async () => {
    const ctx = app.context;
    const sender = members[IN_ROOM_C] as TestUser;
    const sendOf = (content: string) => {
      const createdAt = ctx.now();
      const roomId = rooms.b.id;
      return storeTextMessage(ctx, {
        roomId,
        workspaceId: workspace.id,
        userId: sender.userId,
        content,
        createdAt,
        event: {
          topic: Topics.chatRoom(roomId),
          payload: newTextMessageEventTemplate({
            roomId,
            senderId: sender.userId,
            content,
            createdAt,
          }),
        },
      });
    };
    /** The sizes of the batches written while `run` runs. */
    const batchesOf = async (run: () => Promise<unknown>) => {
      const { statements } = await recordStatements(app, run);
      return statements
        .filter((statement) => /json_to_recordset/i.test(statement.query))
        .map((statement) => (JSON.parse(String(statement.params[0])) as unknown[]).length);
    };
    /** Resolves one turn of the event loop later: after the writer's own turn. */
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    // A stream's round tells something only when `b` came within GATHER_MS of `w`: on a loaded
    // machine the turn between them can take longer, and then writing `w` and `a` without `b` is
    // what the writer should do. Such a round is repeated, up to ATTEMPTS in all.
    const ROUNDS = 3;
    const ATTEMPTS = 20;
    let onTime = 0;
    for (let round = 0; onTime < ROUNDS && round < ATTEMPTS; round += 1) {
      // After a quiet spell, `a` is written at the turn after it came: `b`, a turn later, goes in
      // the next statement.
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS * 10));
      const quiet = await batchesOf(async () => {
        const a = sendOf(`quiet-${round}-a`);
        await nextTurn();
        await Promise.all([a, sendOf(`quiet-${round}-b`)]);
      });
      expect(quiet, 'after a quiet spell').toEqual([1, 1]);
      // In a stream (two sends at once), the batch waits up to GATHER_MS: `b` joins it.
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS * 10));
      let bCameAfter = Infinity;
      const stream = await batchesOf(async () => {
        const startedAt = performance.now();
        const first = [sendOf(`stream-${round}-w`), sendOf(`stream-${round}-a`)];
        await nextTurn();
        const b = sendOf(`stream-${round}-b`);
        bCameAfter = performance.now() - startedAt;
        const stored = await Promise.all([...first, b]);
        expect(stored.map(({ stored }) => stored?.message?.content)).toEqual(
          ['w', 'a', 'b'].map((name) => `stream-${round}-${name}`),
        );
      });
      if (bCameAfter >= GATHER_MS) {
        console.log(`stream round ${round}: b came ${bCameAfter.toFixed(1)} ms after w; repeated`);
        continue;
      }
      expect(stream, 'in a stream').toEqual([3]);
      onTime += 1;
    }
    expect(onTime, `stream rounds where b came within ${GATHER_MS} ms`).toBe(ROUNDS);
  });
});
