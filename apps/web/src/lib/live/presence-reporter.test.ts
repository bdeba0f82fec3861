import { describe, expect, it } from 'vitest';
import { PresenceReporter, type ReportedStatus } from './presence-reporter';

function setup() {
  const reports: ReportedStatus[] = [];
  let now = 0;
  let hidden = false;
  const reporter = new PresenceReporter({
    report: (status) => reports.push(status),
    now: () => now,
    isHidden: () => hidden,
    idleAwayMs: 60_000,
  });
  return {
    reporter,
    reports,
    advance: (ms: number) => {
      now += ms;
    },
    hide: (value: boolean) => {
      hidden = value;
    },
  };
}

describe('presence reporter', () => {
  it('says ONLINE when the link opens, AWAY when hidden, ONLINE when back, each change once', () => {
    const { reporter, reports, hide } = setup();
    reporter.opened();
    expect(reports).toEqual(['ONLINE']);
    reporter.check();
    expect(reports).toEqual(['ONLINE']);
    hide(true);
    reporter.check();
    reporter.check();
    expect(reports).toEqual(['ONLINE', 'AWAY']);
    hide(false);
    reporter.check();
    expect(reports).toEqual(['ONLINE', 'AWAY', 'ONLINE']);
  });

  it('says AWAY after the idle time without input, ONLINE at the next input', () => {
    const { reporter, reports, advance } = setup();
    reporter.opened();
    advance(30_000);
    reporter.activity();
    advance(59_000);
    reporter.check();
    expect(reports).toEqual(['ONLINE']);
    advance(1_000);
    reporter.check();
    expect(reports).toEqual(['ONLINE', 'AWAY']);
    reporter.activity();
    expect(reports).toEqual(['ONLINE', 'AWAY', 'ONLINE']);
  });

  it('says where the person is again on every reconnect (a new connection starts ONLINE)', () => {
    const { reporter, reports, hide } = setup();
    hide(true);
    reporter.opened();
    reporter.opened();
    expect(reports).toEqual(['AWAY', 'AWAY']);
  });
});
