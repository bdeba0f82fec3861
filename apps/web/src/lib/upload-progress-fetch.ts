/**
 * `fetch` for a request whose body's upload progress is wanted (fetch cannot tell it): the same
 * request over XMLHttpRequest, answered as a `Response`. `onProgress` hears the share of the
 * body sent, 0 to 1. A network failure rejects with TypeError and an abort with AbortError, as
 * fetch does.
 */
export function fetchWithUploadProgress(
  url: string,
  init: { method: string; headers: Headers; body: XMLHttpRequestBodyInit; signal?: AbortSignal },
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    if (init.signal?.aborted) {
      aborted();
      return;
    }
    xhr.open(init.method, url);
    init.headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(1, event.loaded / event.total));
      }
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      onProgress(1);
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(
        new Response(empty ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    });
    xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
    xhr.addEventListener('timeout', () => reject(new TypeError('Network request timed out')));
    xhr.addEventListener('abort', aborted);
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}

/** `getAllResponseHeaders()` (CRLF-separated `name: value` lines) as Headers. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header the Headers class refuses is not one we read.
    }
  }
  return headers;
}
