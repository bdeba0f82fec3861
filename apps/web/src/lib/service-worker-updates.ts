import { SKIP_WAITING } from '../service-worker/messages';

/** Where the build puts the worker (apps/web/vite-service-worker.ts); its scope is the app. */
export const SERVICE_WORKER_URL = '/sw.js';

export interface ServiceWorkerUpdatesDeps {
  container: ServiceWorkerContainer;
  /**
   * A newer build is ready (its worker waits, or another tab already switched to it): offer it;
   * `accept` switches this tab over and reloads it. Called again for each newer build.
   */
  onUpdate: (accept: () => void) => void;
  reload: () => void;
  /** Arranges for `check` to run now and then (the browser checks only on navigations). */
  scheduleChecks: (check: () => void) => void;
}

/**
 * Registers the app's service worker and watches for newer builds (decision 0043). A new build
 * is a new worker, which installs beside the running one and waits: the user is offered the
 * update, and accepting it tells the waiting worker to take over, which deletes the old build's
 * cache; the page reloads once it has (controllerchange). A tab whose worker was switched by
 * another tab is offered a plain reload, since its cached files are gone.
 */
export async function watchServiceWorker(
  deps: ServiceWorkerUpdatesDeps,
): Promise<ServiceWorkerRegistration> {
  const { container } = deps;
  let controlled = container.controller !== null;
  let accepted = false;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    deps.reload();
  };
  container.addEventListener('controllerchange', () => {
    if (accepted) reloadOnce();
    // The first worker taking over a page it did not load serves the same build: nothing to do.
    else if (controlled) deps.onUpdate(reloadOnce);
    controlled = true;
  });

  const offer = (worker: ServiceWorker) =>
    deps.onUpdate(() => {
      accepted = true;
      worker.postMessage({ type: SKIP_WAITING });
    });
  const whenInstalled = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      // Installed with no controller: the first install, which activates at once by itself.
      if (worker.state === 'installed' && container.controller) offer(worker);
    });
  };

  const registration = await container.register(SERVICE_WORKER_URL, {
    scope: '/',
    // The worker's script is always asked of the server, never of the HTTP cache.
    updateViaCache: 'none',
  });
  if (registration.waiting && container.controller) offer(registration.waiting);
  whenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
  deps.scheduleChecks(() => {
    // A failed check (offline, server restarting) is tried again at the next one.
    registration.update().catch(() => undefined);
  });
  return registration;
}
