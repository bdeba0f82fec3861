import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { AppProviders } from '../app/providers';

/** A `matchMedia` whose every query answers `matches` (jsdom has no layout to ask). */
export function matchMediaAnswering(matches: boolean): typeof window.matchMedia {
  return (query: string) =>
    ({
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Mantine's media queries as on a wide screen (`true`: tables) or a phone (`false`: cards). */
export function screenWide(wide: boolean): void {
  window.matchMedia = matchMediaAnswering(wide);
}

/** What jsdom lacks and Mantine uses. */
export function installBrowserShims() {
  if (!window.matchMedia) window.matchMedia = matchMediaAnswering(false);
  if (!('ResizeObserver' in window)) {
    class ResizeObserverShim {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverShim });
  }
  // Mantine's autosizing Textarea listens for web fonts loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  // Mantine's Combobox scrolls the selected option into view on a timer after it opens.
  if (typeof Element.prototype.scrollIntoView !== 'function') {
    Element.prototype.scrollIntoView = () => undefined;
  }
}

/** Renders one routed page inside the app's providers, at the given address and router state. */
export function renderPage(
  path: string,
  element: ReactElement,
  entry: InitialEntry = path,
): ReturnType<typeof render> {
  installBrowserShims();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
