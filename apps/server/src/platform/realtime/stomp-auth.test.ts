import { describe, expect, it } from 'vitest';
import type { LiveLink } from './live-access';
import { connectTokenOf, StompSessionAuth, type StompAuth } from './stomp-auth';
import type { StompFrame } from './stomp-frames';

const frame = (headers: Record<string, string>, body = ''): StompFrame => ({
  command: 'SEND',
  headers,
  body,
});

function setUp(login: (token: string) => Promise<StompAuth | null> = async () => null) {
  const links = new Set<LiveLink>();
  const held: number[] = [];
  const failures: string[] = [];
  const access = {
    add: (link: LiveLink) => {
      links.add(link);
      return () => links.delete(link);
    },
  };
  const auth = new StompSessionAuth({
    access,
    holdPresence: (userId) => {
      held.push(userId);
      return () => held.splice(held.indexOf(userId), 1);
    },
    login,
    linkOf: (granted) => ({
      userId: granted.userId,
      sessionId: granted.sessionId,
      hears: () => false,
      recheck: async () => undefined,
      end: () => undefined,
    }),
    isClosed: () => false,
    fail: (message) => failures.push(message),
    expired: () => failures.push('expired'),
  });
  return { auth, links, held, failures };
}

const granted = (renewed: number | null): StompAuth => ({
  userId: 7,
  sessionId: 70,
  deadline: null,
  renew: async (token) => (token === 'fresh' ? renewed : null),
});

describe('STOMP session auth', () => {
  it('reads the CONNECT token from Authorization: Bearer, else passcode', () => {
    expect(connectTokenOf(frame({ Authorization: 'Bearer abc' }))).toBe('abc');
    expect(connectTokenOf(frame({ passcode: 'xyz' }))).toBe('xyz');
    expect(connectTokenOf(frame({ authorization: 'Basic abc' }))).toBeNull();
  });

  it('registers the socket and holds its user online until released', async () => {
    const { auth, links, held } = setUp(async (token) => (token === 'good' ? granted(1) : null));
    expect(auth.known).toBe(false);
    expect(await auth.logIn(frame({ passcode: 'good' }))).toBe(true);
    expect(auth.userId).toBe(7);
    expect(links.size).toBe(1);
    expect(held).toEqual([7]);
    auth.release();
    expect(links.size).toBe(0);
    expect(held).toEqual([]);
  });

  it('refuses a CONNECT without a good token', async () => {
    const { auth, failures, links } = setUp();
    expect(await auth.logIn(frame({}))).toBe(false);
    expect(failures).toEqual(['unauthorized']);
    expect(links.size).toBe(0);
  });

  it('renews only with a token the session accepts', async () => {
    const { auth, failures } = setUp();
    auth.begin(granted(Date.now() + 60_000));
    expect(await auth.renew(frame({}, JSON.stringify({ token: 'fresh' })))).toBe(true);
    expect(await auth.renew(frame({}, 'not json'))).toBe(false);
    expect(failures).toEqual(['re-authentication refused']);
  });
});
