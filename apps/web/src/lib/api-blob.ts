import { API_BASE, apiFetch } from './api-client';
import { fileNameFromContentDisposition } from './content-disposition';

export interface ApiBlob {
  blob: Blob;
  /** The name the answer's Content-Disposition gives, when it gives one. */
  fileName: string | null;
}

/**
 * The API path of a URL the server handed out (`/api/files/7/download` → `/files/7/download`),
 * so it goes through the api client like any other call.
 */
export function apiPathOf(url: string): string {
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
}

/**
 * Fetches a protected file (download or preview) as a blob, with the bearer token and the
 * client's one-refresh rule; failures throw ApiError.
 */
export async function fetchApiBlob(url: string, signal?: AbortSignal): Promise<ApiBlob> {
  const response = await apiFetch(apiPathOf(url), { signal, accept: '*/*' });
  const blob = await response.blob();
  return {
    blob,
    fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')),
  };
}
