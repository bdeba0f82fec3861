import { describe, expect, it } from 'vitest';
import { authEndpoints } from '@teamup/contracts/auth';
import { ChatMessages, chatEndpoints } from '@teamup/contracts/chat';
import type { Endpoint } from '@teamup/contracts/endpoint';
import { liveEndpoints } from '@teamup/contracts/live';
import { myTaskEndpoints } from '@teamup/contracts/my-tasks';
import { notificationEndpoints } from '@teamup/contracts/notifications';
import { presenceEndpoints } from '@teamup/contracts/presence';
import { teamEndpoints } from '@teamup/contracts/teams';
import { videoEndpoints } from '@teamup/contracts/video';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import * as firstLoad from './first-load-endpoints';
import {
  authRoutes,
  chatListMessages,
  chatRoutes,
  liveRoutes,
  myTaskRoutes,
  notificationRoutes,
  presenceRoutes,
  teamRoutes,
  videoRoutes,
  workspaceRoutes,
} from './first-load-endpoints';

/** Method and path of a table's entry, as the first screen's copy holds them. */
const routeOf = (endpoint: { method: string; path: string }) => ({
  method: endpoint.method,
  path: endpoint.path,
});

/** Each copy beside the contracts' table it copies from. */
const copies: [
  string,
  Record<string, { method: string; path: string }>,
  Record<string, Endpoint>,
][] = [
  ['auth', authRoutes, authEndpoints],
  ['workspace', workspaceRoutes, workspaceEndpoints],
  ['team', teamRoutes, teamEndpoints],
  ['chat', chatRoutes, chatEndpoints],
  ['notification', notificationRoutes, notificationEndpoints],
  ['live', liveRoutes, liveEndpoints],
  ['presence', presenceRoutes, presenceEndpoints],
  ['video', videoRoutes, videoEndpoints],
  ['myTask', myTaskRoutes, myTaskEndpoints],
];

describe('the first screen’s endpoints', () => {
  it.each(copies)('are the %s table’s methods and paths', (_table, copy, table) => {
    expect(Object.keys(copy).length).toBeGreaterThan(0);
    for (const [name, route] of Object.entries(copy)) {
      const endpoint = table[name];
      expect(endpoint, name).toBeDefined();
      expect(route, name).toEqual(routeOf(endpoint as Endpoint));
    }
  });

  it('are all checked here: each table of the file is one of the copies above', () => {
    const checked = new Set<unknown>(copies.map(([, copy]) => copy));
    const tables = Object.entries(firstLoad).filter(([name]) => name.endsWith('Routes'));
    for (const [name, table] of tables) expect(checked.has(table), name).toBe(true);
    expect(tables).toHaveLength(copies.length);
  });

  it('cover every call of the video API module', () => {
    expect(Object.keys(videoRoutes).sort()).toEqual(Object.keys(videoEndpoints).sort());
  });

  it('carry the chat list’s texts as the chat contract has them', () => {
    for (const [name, text] of Object.entries(chatListMessages)) {
      expect(text, name).toBe(ChatMessages[name as keyof typeof chatListMessages]);
    }
  });
});
