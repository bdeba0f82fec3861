/** @vitest-environment jsdom */
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberPlace } from '../../features/search/lib/recent-places';
import { rememberLastWorkspaceId } from '../../lib/workspace-storage';
import { recentChatTarget } from './recent-chat-route';

beforeEach(() => localStorage.clear());

describe("the installed app's chat shortcut (/chat)", () => {
  it('leads to the chat room opened last in the last workspace', () => {
    rememberLastWorkspaceId(4);
    rememberPlace(4, { kind: 'room', id: 12 });
    rememberPlace(4, { kind: 'team', id: 3 });
    rememberPlace(9, { kind: 'room', id: 99 });
    expect(recentChatTarget()).toBe('/ws/4/chat/12');
  });

  it("without a room opened there, to that workspace's home; without a workspace, to the start", () => {
    expect(recentChatTarget()).toBe('/');
    rememberLastWorkspaceId(4);
    rememberPlace(4, { kind: 'team', id: 3 });
    expect(recentChatTarget()).toBe('/ws/4');
  });
});
