import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installShutdown, type ShutdownOptions } from './shutdown';

function harness(close: ShutdownOptions['close'], timeoutMs = 1000) {
  const target = new EventEmitter();
  const events: string[] = [];
  const exits: number[] = [];
  const controller = installShutdown({
    close,
    release: () => events.push('release'),
    log: (level, message) => events.push(`${level}: ${message}`),
    timeoutMs,
    target,
    exit: (code) => exits.push(code),
  });
  return { target, events, exits, controller };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('installShutdown', () => {
  it('closes gracefully on SIGTERM, then releases and exits 0', async () => {
    let closed = false;
    const { target, events, exits } = harness(async () => {
      await tick();
      closed = true;
    });
    target.emit('SIGTERM', 'SIGTERM');
    expect(exits).toEqual([]); // still closing
    await tick();
    await tick();
    expect(closed).toBe(true);
    expect(exits).toEqual([0]);
    expect(events.at(-1)).toBe('release');
    expect(events[0]).toBe('info: received SIGTERM: shutting down gracefully');
  });

  it('a second signal forces exit 1 without waiting for the close', async () => {
    const { target, events, exits } = harness(() => new Promise<void>(() => undefined));
    target.emit('SIGINT', 'SIGINT');
    target.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([1]);
    expect(events).toContain('release');
  });

  it('a close that outlasts the timeout exits 1', async () => {
    const { target, exits } = harness(() => new Promise<void>(() => undefined), 20);
    target.emit('SIGTERM', 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(exits).toEqual([1]);
  });

  it('a failing close exits 1', async () => {
    const { target, exits, events } = harness(async () => {
      throw new Error('db');
    });
    target.emit('SIGTERM', 'SIGTERM');
    await tick();
    expect(exits).toEqual([1]);
    expect(events).toContain('error: graceful shutdown failed');
  });

  it('uncaught exceptions and unhandled rejections are logged and exit 1 at once', () => {
    const first = harness(async () => undefined);
    first.target.emit('uncaughtException', new Error('boom'));
    expect(first.exits).toEqual([1]);
    expect(first.events).toEqual(['fatal: uncaught exception', 'release']);

    const second = harness(async () => undefined);
    second.target.emit('unhandledRejection', new Error('boom'));
    expect(second.exits).toEqual([1]);
  });

  it('dispose removes every handler', () => {
    const { target, controller } = harness(async () => undefined);
    controller.dispose();
    for (const event of ['SIGTERM', 'SIGINT', 'uncaughtException', 'unhandledRejection']) {
      expect(target.listenerCount(event)).toBe(0);
    }
  });
});
