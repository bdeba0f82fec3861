import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { expect } from 'vitest';
import type { ChatMessage, ChatRoom, SseTicket } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from './factories';
import { openSse, type SseStream } from './sse-client';
import { createTestApp, listenLocally, type TestApp } from './test-app';

/**
 * A workspace for chat message tests: alice and bob share `room`; carol is in the workspace but
 * not in that room (she shares `otherRoom` with alice); `stranger` is in no workspace of theirs.
 */
export async function chatWorld() {
  const app: TestApp = await createTestApp();
  const baseUrl = await listenLocally(app);
  const alice = await createUser(app, '앨리스');
  const bob = await createUser(app, '밥');
  const carol = await createUser(app, '캐럴');
  const stranger = await createUser(app, '외부인');
  const workspace = dataOf<Workspace>(
    await call(app, alice, 'POST', '/api/workspaces', { name: '메시지 기능' }),
  );
  for (const person of [bob, carol]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  const rooms = `/api/workspaces/${workspace.id}/chat-rooms`;
  /** A group room made by `creator` with `members`. */
  const group = async (creator: TestUser, members: TestUser[], name: string) => {
    const response = await call(app, creator, 'POST', `${rooms}/create`, {
      name,
      chatMemberIdList: members.map((member) => member.userId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return dataOf<ChatRoom>(response);
  };
  const room = await group(alice, [bob], '프로젝트 방');
  const otherRoom = await group(alice, [carol], '다른 방');
  const streams: SseStream[] = [];
  const stompClients: Client[] = [];

  const send = async (user: TestUser, roomId: number, body: Record<string, unknown>) => {
    const response = await call(app, user, 'POST', `${rooms}/${roomId}/messages`, body);
    expect(response.statusCode, response.body).toBe(201);
    return dataOf<ChatMessage>(response);
  };
  const page = async (user: TestUser, roomId: number) =>
    dataOf<{ content: ChatMessage[] }>(
      await call(app, user, 'GET', `${rooms}/${roomId}/messages?sort=createdAt,asc&size=200`),
    ).content;

  /** An SSE stream of `user` (their rooms' events included). */
  const sse = async (user: TestUser) => {
    const ticket = dataOf<SseTicket>(await call(app, user, 'POST', '/api/sse/register'));
    const stream = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    streams.push(stream);
    return stream;
  };

  /** `@stomp/stompjs` (the web's client) subscribed to a room's topic as `user`. */
  const stomp = async (user: TestUser, roomId: number) => {
    const heard: Array<Record<string, unknown>> = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`),
      connectHeaders: { Authorization: `Bearer ${user.token}` },
      reconnectDelay: 0,
    });
    stompClients.push(client);
    const subscribed = new Promise<void>((resolve) => {
      client.onConnect = () => {
        client.watchForReceipt('subscribed', () => resolve());
        client.subscribe(
          `/topic/chat-rooms/${roomId}`,
          (frame) => heard.push(JSON.parse(frame.body) as Record<string, unknown>),
          { receipt: 'subscribed' },
        );
      };
    });
    client.activate();
    await subscribed;
    const waitFor = async (predicate: (event: Record<string, unknown>) => boolean) => {
      const started = Date.now();
      while (!heard.some(predicate)) {
        if (Date.now() - started > 5000) throw new Error(`not heard: ${JSON.stringify(heard)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return heard.find(predicate);
    };
    return { client, heard, waitFor };
  };

  const close = async () => {
    for (const stream of streams) stream.close();
    for (const client of stompClients) await client.deactivate();
    await app.close();
  };

  return {
    app,
    baseUrl,
    alice,
    bob,
    carol,
    stranger,
    workspace,
    rooms,
    room,
    otherRoom,
    group,
    send,
    page,
    sse,
    stomp,
    close,
  };
}

export type ChatWorld = Awaited<ReturnType<typeof chatWorld>>;
