import { describe, expect, it } from 'vitest';
import { handlingOf, type RequestFacts } from './routing';

const origin = 'https://teamup.example';
const precached = new Set(['/index.html', '/favicon.svg', '/assets/index-Ab12Cd34.js']);
const get = (path: string, mode = 'cors'): RequestFacts => ({
  url: `${origin}${path}`,
  method: 'GET',
  mode,
});

describe('what the service worker answers', () => {
  it('never the API, its streams, uploads and downloads, the WebSocket, metrics or OAuth', () => {
    for (const path of [
      '/api/auth/session',
      '/api',
      '/api/sse/subscribe?ticket=abc',
      '/api/workspaces/1/chat/rooms/2/files',
      '/api/posts/3/attachments/4/download',
      '/api/auth/oauth/google/login',
      '/api/auth/oauth/kakao/callback?code=x&state=y',
      '/ws?token=abc',
      '/metrics',
      '/oauth2/authorization/google',
      '/login/oauth2/code/kakao?code=x',
    ]) {
      for (const mode of ['cors', 'navigate', 'no-cors', 'same-origin']) {
        expect(handlingOf(get(path, mode), origin, precached), `${mode} ${path}`).toBe('network');
      }
    }
  });

  it('never a request that is not a GET, even to a cached file', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      expect(handlingOf({ ...get('/index.html'), method }, origin, precached)).toBe('network');
      expect(handlingOf({ ...get('/api/chat', 'cors'), method }, origin, precached)).toBe(
        'network',
      );
    }
  });

  it('never another origin (a LiveKit server, a profile image elsewhere)', () => {
    const elsewhere = { url: 'https://cdn.example/assets/index-Ab12Cd34.js', method: 'GET' };
    expect(handlingOf({ ...elsewhere, mode: 'cors' }, origin, precached)).toBe('network');
    expect(handlingOf({ ...elsewhere, mode: 'navigate' }, origin, precached)).toBe('network');
  });

  it("navigations to the app's document get the shell; other navigations go their way", () => {
    expect(handlingOf(get('/', 'navigate'), origin, precached)).toBe('shell');
    expect(handlingOf(get('/index.html', 'navigate'), origin, precached)).toBe('shell');
    expect(handlingOf(get('/?from=pwa', 'navigate'), origin, precached)).toBe('shell');
    expect(handlingOf(get('/api/docs', 'navigate'), origin, precached)).toBe('network');
    expect(handlingOf(get('/nowhere', 'navigate'), origin, precached)).toBe('network');
  });

  it("the build's files come from the cache; anything else, or with a query, does not", () => {
    expect(handlingOf(get('/assets/index-Ab12Cd34.js'), origin, precached)).toBe('precached');
    expect(handlingOf(get('/favicon.svg', 'no-cors'), origin, precached)).toBe('precached');
    expect(handlingOf(get('/assets/index-Ab12Cd34.js?v=2'), origin, precached)).toBe('network');
    expect(handlingOf(get('/assets/other-Zz99Yy88.js'), origin, precached)).toBe('network');
    expect(handlingOf(get('/api/index.html'), origin, new Set(['/api/index.html']))).toBe(
      'network',
    );
  });

  it('a path that only starts like a network-only one is not mistaken for it', () => {
    const cached = new Set(['/apis.js', '/wsx.js']);
    expect(handlingOf(get('/apis.js'), origin, cached)).toBe('precached');
    expect(handlingOf(get('/wsx.js'), origin, cached)).toBe('precached');
  });
});
