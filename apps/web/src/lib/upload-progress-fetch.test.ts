// @vitest-environment jsdom
// jsdom: the tokens are kept in localStorage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { tokenStore } from './token-store';
import { fetchWithUploadProgress } from './upload-progress-fetch';

type Listener = (event: ProgressEvent) => void;

/** An XMLHttpRequest the test drives: it records the request and answers when told. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseHeaders = '';
  private readonly listeners = new Map<string, Listener[]>();
  private readonly uploadListeners = new Map<string, Listener[]>();
  upload = {
    addEventListener: (type: string, listener: Listener) =>
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]),
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.fire('abort');
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  progress(loaded: number, total: number) {
    const event = { lengthComputable: true, loaded, total } as ProgressEvent;
    for (const listener of this.uploadListeners.get('progress') ?? []) listener(event);
  }
  answer(status: number, body: string, headers = 'content-type: application/json\r\n') {
    this.status = status;
    this.responseText = body;
    this.responseHeaders = headers;
    this.fire('load');
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({} as ProgressEvent);
  }
}

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('fetchWithUploadProgress', () => {
  it('tells the share sent and answers as a Response', async () => {
    const heard: number[] = [];
    const form = new FormData();
    const answered = fetchWithUploadProgress(
      '/api/x',
      { method: 'POST', headers: new Headers({ Accept: 'application/json' }), body: form },
      (fraction) => heard.push(fraction),
    );
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.headers['accept']).toBe('application/json');
    expect(xhr?.body).toBe(form);
    xhr?.progress(25, 100);
    xhr?.progress(100, 100);
    xhr?.answer(201, '{"data":{"id":7}}', 'content-type: application/json\r\nx-request-id: r1\r\n');
    const response = await answered;
    expect(heard).toEqual([0.25, 1, 1]);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(await response.json()).toEqual({ data: { id: 7 } });
  });

  it('fails like fetch on a network error and on an abort', async () => {
    const failed = fetchWithUploadProgress(
      '/api/x',
      { method: 'POST', headers: new Headers(), body: new FormData() },
      () => undefined,
    );
    FakeXhr.last?.fire('error');
    await expect(failed).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = fetchWithUploadProgress(
      '/api/x',
      { method: 'POST', headers: new Headers(), body: new FormData(), signal: controller.signal },
      () => undefined,
    );
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api.post with onUploadProgress', () => {
  it('sends the form with the bearer token over XMLHttpRequest and unwraps the answer', async () => {
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const heard: number[] = [];
    const form = new FormData();
    const sent = api.post<{ id: number }>('/upload', form, {
      onUploadProgress: (fraction) => heard.push(fraction),
    });
    const xhr = FakeXhr.last;
    expect(xhr?.url).toBe('/api/upload');
    expect(xhr?.headers['authorization']).toBe('Bearer access');
    expect(xhr?.headers['content-type']).toBeUndefined();
    xhr?.progress(1, 2);
    xhr?.answer(201, '{"data":{"id":9}}');
    expect(await sent).toEqual({ id: 9 });
    expect(heard).toEqual([0.5, 1]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('turns a refusal into the problem’s error', async () => {
    const sent = api.post('/upload', new FormData(), { onUploadProgress: () => undefined });
    FakeXhr.last?.answer(
      413,
      JSON.stringify({ status: 413, code: 'CHAT_FILES_TOO_LARGE', detail: '너무 큽니다.' }),
      'content-type: application/problem+json\r\n',
    );
    await expect(sent).rejects.toMatchObject({ status: 413, code: 'CHAT_FILES_TOO_LARGE' });
  });
});
