import { lazy, type ComponentType } from 'react';

/** A lazily loaded component whose chunk can be asked for ahead of its first render. */
export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * Like React.lazy, with `preload()`. A component whose chunk is already there at its first render
 * renders at once instead of suspending: React reveals a resolved Suspense boundary only after a
 * throttle (up to 300 ms), which nested lazy levels (frame, workspace route, page) pay one after
 * the other. A component first rendered before its chunk came stays the lazy one (switching
 * would remount it and lose its state).
 */
export function preloadable<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  let renderedLazy = false;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        pending = undefined; // asked again at the next try
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));

  function PreloadableComponent(props: P) {
    const Loaded = loaded;
    if (Loaded && !renderedLazy) return <Loaded {...props} />;
    renderedLazy = true;
    return <Lazy {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
