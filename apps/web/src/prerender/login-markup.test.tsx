import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../app/app-root';
import { createQueryClient } from '../app/query-client';
import { RouteTree } from '../app/router';
import { installBrowserShims } from '../test/render';
import { ok, stubApi } from '../test/stub-api';
import { loginMarkup } from './login-markup';

let root: Root | undefined;

beforeAll(() => {
  installBrowserShims();
  // The flag testing-library sets for its own renders: act() waits for React's work.
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

beforeEach(() => {
  localStorage.clear();
  // The page asks for the social login providers; this server has none.
  stubApi(() => ok([]), { user: null });
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('the login page rendered at build time', () => {
  it('is the login form, in Korean, with the fields the app fills', () => {
    const container = document.createElement('div');
    container.innerHTML = loginMarkup();
    expect(container.querySelector('h1')?.textContent).toBe('로그인');
    expect(container.querySelector('[data-testid="login-email"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="login-password"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="login-submit"]')?.textContent).toBe('로그인');
  });

  it('is taken over by the app as it is: no mismatch, the same elements kept', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = loginMarkup();
    const prerenderedEmail = container.querySelector('[data-testid="login-email"]');
    const recoverableErrors: unknown[] = [];
    const mounted = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppRoot queryClient={createQueryClient()} onMounted={mounted}>
          <MemoryRouter initialEntries={['/login']}>
            <RouteTree />
          </MemoryRouter>
        </AppRoot>,
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      );
    });
    expect(recoverableErrors).toEqual([]);
    expect(mounted).toHaveBeenCalledTimes(1);
    // A mismatch makes React drop the markup and render its own elements.
    expect(container.querySelector('[data-testid="login-email"]')).toBe(prerenderedEmail);
  });
});
