import type { EventEmitter } from 'node:events';

export type ShutdownLogLevel = 'info' | 'warn' | 'error' | 'fatal';

export type ShutdownOptions = {
  /** The graceful part: stop accepting, finish in-flight requests, close the database. */
  close: () => Promise<void>;
  /** Synchronous cleanup that runs before every exit, graceful or not (the DATA_DIR lock). */
  release: () => void;
  log: (level: ShutdownLogLevel, message: string, error?: unknown) => void;
  /** A graceful close taking longer than this is abandoned and the process exits 1. */
  timeoutMs?: number;
  signals?: NodeJS.Signals[];
  /** Injected by tests; the real process otherwise. */
  target?: Pick<EventEmitter, 'on' | 'off'>;
  exit?: (code: number) => void;
};

export type ShutdownController = {
  /** Graceful shutdown, as on SIGTERM; a second call (or signal) forces exit 1. */
  shutdown(reason: string): Promise<void>;
  /** Logs an error the process cannot recover from and exits 1 at once. */
  fatal(message: string, error: unknown): void;
  /** Removes the handlers (tests). */
  dispose(): void;
};

/**
 * Process lifecycle: SIGTERM / SIGINT close the app gracefully and exit 0; a second signal, or a
 * close that outlasts `timeoutMs`, exits 1 immediately; an uncaught exception or unhandled
 * rejection is logged and exits 1 without attempting a graceful close (the state is unknown, and
 * every acknowledged write is already durable).
 */
export function installShutdown(options: ShutdownOptions): ShutdownController {
  const target = options.target ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const timeoutMs = options.timeoutMs ?? 30_000;
  let closing = false;
  let exited = false;

  const finish = (code: number) => {
    if (exited) return;
    exited = true;
    try {
      options.release();
    } catch (error) {
      options.log('error', 'cleanup before exit failed', error);
    }
    exit(code);
  };

  const shutdown = async (reason: string) => {
    if (closing) {
      options.log('warn', `${reason} during shutdown: forcing exit`);
      finish(1);
      return;
    }
    closing = true;
    options.log('info', `${reason}: shutting down gracefully`);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
      timer.unref();
    });
    try {
      const outcome = await Promise.race([options.close().then(() => 'closed' as const), timedOut]);
      if (outcome === 'timeout') {
        options.log('error', `graceful shutdown took over ${timeoutMs} ms: forcing exit`);
        finish(1);
        return;
      }
      options.log('info', 'shutdown complete');
      finish(0);
    } catch (error) {
      options.log('error', 'graceful shutdown failed', error);
      finish(1);
    } finally {
      clearTimeout(timer);
    }
  };

  const fatal = (message: string, error: unknown) => {
    options.log('fatal', message, error);
    finish(1);
  };

  const onSignal = (signal: NodeJS.Signals) => void shutdown(`received ${signal}`);
  const onUncaught = (error: unknown) => fatal('uncaught exception', error);
  const onUnhandled = (reason: unknown) => fatal('unhandled promise rejection', reason);

  for (const signal of signals) target.on(signal, onSignal);
  target.on('uncaughtException', onUncaught);
  target.on('unhandledRejection', onUnhandled);

  return {
    shutdown,
    fatal,
    dispose: () => {
      for (const signal of signals) target.off(signal, onSignal);
      target.off('uncaughtException', onUncaught);
      target.off('unhandledRejection', onUnhandled);
    },
  };
}
