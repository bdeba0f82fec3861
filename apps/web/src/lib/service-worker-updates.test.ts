import { describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING } from '../service-worker/messages';
import { SERVICE_WORKER_URL, watchServiceWorker } from './service-worker-updates';

/** Stand-ins for the browser's worker objects: events and the few fields the code reads. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}
class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve(this));
  /** A newer worker found by an update check: it starts installing. */
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}
class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  readonly registration = new FakeRegistration();
  register = vi.fn(() => Promise.resolve(this.registration));
  takeOver(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function watch(container: FakeContainer) {
  const offers: Array<() => void> = [];
  const reload = vi.fn();
  let check = () => {};
  const started = watchServiceWorker({
    container: container as unknown as ServiceWorkerContainer,
    onUpdate: (accept) => offers.push(accept),
    reload,
    scheduleChecks: (run) => (check = run),
  });
  return { offers, reload, started, check: () => check() };
}

describe('the service worker and its updates, as the page sees them', () => {
  it('registers /sw.js for the whole app, never read from the HTTP cache', async () => {
    const container = new FakeContainer();
    await watch(container).started;
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
  });

  it('the first install offers nothing and reloads nothing', async () => {
    const container = new FakeContainer();
    const first = new FakeWorker();
    container.registration.installing = first;
    const { offers, reload, started } = watch(container);
    await started;
    first.moveTo('installed');
    first.moveTo('activated');
    container.takeOver(first);
    expect(offers).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a newer build found by a check is offered; accepting it activates it, then reloads once', async () => {
    const container = new FakeContainer();
    container.controller = new FakeWorker();
    const { offers, reload, started, check } = watch(container);
    await started;
    check();
    expect(container.registration.update).toHaveBeenCalledTimes(1);
    const next = new FakeWorker();
    container.registration.find(next);
    expect(offers).toHaveLength(0);
    next.moveTo('installed');
    expect(offers).toHaveLength(1);
    offers[0]!();
    expect(next.messages).toEqual([{ type: SKIP_WAITING }]);
    expect(reload).not.toHaveBeenCalled();
    next.moveTo('activated');
    container.takeOver(next);
    container.takeOver(next);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a worker already waiting when the page starts is offered at once', async () => {
    const container = new FakeContainer();
    container.controller = new FakeWorker();
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    container.registration.waiting = waiting;
    const { offers, started } = watch(container);
    await started;
    expect(offers).toHaveLength(1);
    offers[0]!();
    expect(waiting.messages).toEqual([{ type: SKIP_WAITING }]);
  });

  it('another tab switching to a newer build offers a plain reload here', async () => {
    const container = new FakeContainer();
    container.controller = new FakeWorker();
    const { offers, reload, started } = watch(container);
    await started;
    container.takeOver(new FakeWorker());
    expect(reload).not.toHaveBeenCalled();
    expect(offers).toHaveLength(1);
    offers[0]!();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failed update check is left for the next one', async () => {
    const container = new FakeContainer();
    container.registration.update.mockImplementation(() =>
      Promise.reject(new TypeError('offline')),
    );
    const { started, check } = watch(container);
    await started;
    expect(() => check()).not.toThrow();
    await Promise.resolve();
  });
});
