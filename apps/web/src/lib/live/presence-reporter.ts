import { PresenceTimings } from '@teamup/contracts/presence-timings';

export type ReportedStatus = 'ONLINE' | 'AWAY';

export interface PresenceReporterDeps {
  /** PUT /presence/me. */
  report: (status: ReportedStatus) => void;
  now: () => number;
  isHidden: () => boolean;
  idleAwayMs?: number;
}

/**
 * What this tab says of its person (decision 0021): AWAY while it is hidden or nothing was
 * typed, clicked or moved for `idleAwayMs`, ONLINE otherwise. It says so only when that changes,
 * and once more each time the live link (re)opens, since a new connection starts ONLINE.
 */
export class PresenceReporter {
  private reported: ReportedStatus | null = null;
  private lastActive: number;
  private readonly idleMs: number;

  constructor(private readonly deps: PresenceReporterDeps) {
    this.lastActive = deps.now();
    this.idleMs = deps.idleAwayMs ?? PresenceTimings.idleAwayMs;
  }

  current(): ReportedStatus {
    if (this.deps.isHidden()) return 'AWAY';
    return this.deps.now() - this.lastActive >= this.idleMs ? 'AWAY' : 'ONLINE';
  }

  /** The live link opened: say where the person is, whatever was said before. */
  opened(): void {
    this.reported = null;
    this.check();
  }

  /** Input of any kind. */
  activity(): void {
    this.lastActive = this.deps.now();
    if (this.reported === 'AWAY') this.check();
  }

  /** Visibility changed, or a periodic look at the idle time. */
  check(): void {
    const status = this.current();
    if (status === this.reported) return;
    this.reported = status;
    this.deps.report(status);
  }
}
