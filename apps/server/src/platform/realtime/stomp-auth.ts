import { armDeadline, type LiveAccess, type LiveLink } from './live-access';
import type { StompFrame } from './stomp-frames';

/** Who the socket is for (`/ws?token=`, or the token in CONNECT), and how long that lasts. */
export type StompAuth = {
  userId: number;
  sessionId: number;
  /** When the socket ends unless re-authenticated (epoch ms); null for never. */
  deadline: number | null;
  /** Checks a fresh access token sent on the socket: its deadline, or null if not good here. */
  renew: (token: string) => Promise<number | null>;
};

/** Checks an access token sent in the CONNECT frame: who it is for, or null if not good here. */
export type StompLogin = (token: string) => Promise<StompAuth | null>;

/**
 * The access token a CONNECT (or STOMP) frame carries: `Authorization: Bearer <token>`, or the
 * standard `passcode` header (what STOMP clients fill in from a login/passcode pair).
 */
export function connectTokenOf(frame: StompFrame): string | null {
  const header = frame.headers['Authorization'] ?? frame.headers['authorization'];
  const bearer = header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const token = bearer ?? frame.headers['passcode'];
  return token ? token : null;
}

/** The fresh access token a re-authentication SEND carries (`{"token": "…"}`), if any. */
function renewalTokenOf(frame: StompFrame): string | undefined {
  let token: unknown;
  try {
    token = (JSON.parse(frame.body) as { token?: unknown } | null)?.token;
  } catch {
    token = undefined;
  }
  return typeof token === 'string' && token ? token : undefined;
}

/** What a session's auth needs of its session. */
export type SessionAuthDeps = {
  access: Pick<LiveAccess, 'add'>;
  /** Keeps the user online while the socket is open (decision 0021); the answer lets go. */
  holdPresence: (userId: number) => () => void;
  login: StompLogin;
  /** The session as the live-access registry sees it. */
  linkOf: (granted: StompAuth) => LiveLink;
  isClosed: () => boolean;
  fail: (message: string, detail: string, receipt?: string) => void;
  /** The token expired without a re-authentication. */
  expired: () => void;
};

/**
 * Who a session is for and for how long: the user known from the URL or the CONNECT frame's
 * token, registered for live access (its login session's end closes it), held online, and
 * ended at its token's expiry unless `/app/auth` brings a fresh token of the same session.
 */
export class StompSessionAuth {
  /** Null until the CONNECT frame's token is accepted, when the URL carried none. */
  private auth: StompAuth | null = null;
  private unregister = (): void => undefined;
  private unhold = (): void => undefined;
  private disarm = (): void => undefined;

  constructor(private readonly deps: SessionAuthDeps) {}

  get known(): boolean {
    return this.auth !== null;
  }

  /** 0 until known. */
  get userId(): number {
    return this.auth?.userId ?? 0;
  }

  /** From here on the socket belongs to `granted`: its session's end and its token's expiry. */
  begin(granted: StompAuth): void {
    this.auth = granted;
    this.unregister = this.deps.access.add(this.deps.linkOf(granted));
    this.unhold = this.deps.holdPresence(granted.userId);
    this.disarm = armDeadline(granted.deadline, this.deps.expired);
  }

  /** The CONNECT frame's token, when the URL had none: without a good one, ERROR and close. */
  async logIn(frame: StompFrame): Promise<boolean> {
    const token = connectTokenOf(frame);
    const granted = token === null ? null : await this.deps.login(token).catch(() => null);
    if (this.deps.isClosed()) return false;
    if (granted === null) {
      this.deps.fail(
        'unauthorized',
        'an access token is required: Authorization: Bearer <token> or passcode in CONNECT',
      );
      return false;
    }
    this.begin(granted);
    return true;
  }

  /** `/app/auth`: a fresh access token of the same session moves the deadline; false: refused. */
  async renew(frame: StompFrame): Promise<boolean> {
    const token = renewalTokenOf(frame);
    const deadline = token !== undefined && this.auth ? await this.auth.renew(token) : null;
    if (this.deps.isClosed()) return false;
    if (deadline === null) {
      this.deps.fail(
        're-authentication refused',
        'not a valid token of this session',
        frame.headers['receipt'],
      );
      return false;
    }
    this.disarm();
    this.disarm = armDeadline(deadline, this.deps.expired);
    return true;
  }

  /** The session ended: out of the registry, offline here, no deadline. */
  release(): void {
    this.unregister();
    this.unhold();
    this.disarm();
  }
}
