import { describe, expect, it } from 'vitest';
import { withPresenceChange } from './workspace-presence';

describe('withPresenceChange', () => {
  it('applies every change of one event: new, changed and gone members, kept in user order', () => {
    const before = {
      workspaceId: 1,
      users: [
        { userId: 2, status: 'ONLINE' as const },
        { userId: 5, status: 'ONLINE' as const },
        { userId: 9, status: 'AWAY' as const },
      ],
    };
    const after = withPresenceChange(before, {
      changes: [
        { userId: 1, status: 'ONLINE' },
        { userId: 5, status: 'AWAY' },
        { userId: 9, status: 'OFFLINE' },
        { userId: 7, status: 'OFFLINE' },
      ],
    });
    expect(after).toEqual({
      workspaceId: 1,
      users: [
        { userId: 1, status: 'ONLINE' },
        { userId: 2, status: 'ONLINE' },
        { userId: 5, status: 'AWAY' },
      ],
    });
    expect(before.users).toHaveLength(3);
  });
});
