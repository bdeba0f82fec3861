import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textSendsState } from '../src/modules/chat/text-sends';
import { SearchGate } from '../src/platform/search/search-gate';
import { createTestApp, type TestApp } from './test-app';

/**
 * Per-app state lives in the app's context (decision 0037): platform state as its named fields,
 * module state made by its module when the app is built. Two apps in one process share none.
 */
describe('per-app state', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('is one search gate per app', () => {
    expect(a.context.searchGate).toBeInstanceOf(SearchGate);
    expect(a.context.searchGate).toBe(a.context.searchGate);
    expect(a.context.searchGate).not.toBe(b.context.searchGate);
  });

  it('gives each app its own caches, live links and presence', () => {
    expect(a.context.accessCaches).not.toBe(b.context.accessCaches);
    expect(a.context.liveAccess).not.toBe(b.context.liveAccess);
    expect(a.context.presence).not.toBe(b.context.presence);
  });

  it('makes a module’s state once per app, when the app is built', () => {
    const sends = a.context.moduleState.get(textSendsState);
    expect(a.context.moduleState.get(textSendsState)).toBe(sends);
    expect(b.context.moduleState.get(textSendsState)).not.toBe(sends);
  });
});
