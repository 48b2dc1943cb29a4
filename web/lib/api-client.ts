import type { ErrorResponse } from '@contract/errors';

/**
 * The one HTTP path of the web app (STYLE.md #4; docs/product-rules.md, Data loading).
 * It never shows UI: callers turn an ApiError into a toast through handleError.
 */

export type AccessTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

let accessTokenGetter: AccessTokenGetter | null = null;

/**
 * Registers where bearer tokens come from. Returns an unregister function that
 * only clears the getter if it is still the registered one, so a stale cleanup
 * cannot remove a newer registration.
 */
export function setAccessTokenGetter(getter: AccessTokenGetter | null): () => void {
  accessTokenGetter = getter;
  return () => {
    if (accessTokenGetter === getter) accessTokenGetter = null;
  };
}

export class ApiError extends Error {
  readonly status: number;
  /** The HTTP reason phrase, e.g. 'Payload Too Large' (may be empty over HTTP/2). */
  readonly statusText: string;
  /** Stable error code when the server answered `{ error: { code, message } }`. */
  readonly code?: string;
  /** Text fit for a toast: the server's message, else the body text or status text. */
  readonly displayMessage: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    const parsed = parseErrorBody(bodyText);
    this.code = parsed?.error.code;
    this.displayMessage = parsed?.error.message || bodyText || statusText || `Request failed (${status})`;
  }
}

function parseErrorBody(bodyText: string): ErrorResponse | null {
  if (!bodyText.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(bodyText);
    const error = (value as Partial<ErrorResponse> | null)?.error;
    if (error && typeof error.code === 'string' && typeof error.message === 'string') {
      return { error: { code: error.code, message: error.message } };
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return null;
}

async function readAccessToken(): Promise<string | null> {
  if (!accessTokenGetter) return null;
  try {
    return (await accessTokenGetter()) ?? null;
  } catch (err) {
    console.warn('Could not get an access token; sending the request without it.', err);
    return null;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type SendOptions = { accept?: string; signal?: AbortSignal };

async function send(method: HttpMethod, url: string, body: unknown, { accept, signal }: SendOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = await readAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (accept) headers.Accept = accept;

  const response = await fetch(url, {
    method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal,
  });
  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, bodyText);
  }
  return response;
}

/** Sends a request and returns the raw Response; throws ApiError for any non-OK status. */
export function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  return send(method, url, body);
}

/**
 * Asks for a server-sent event stream and returns the Response for the caller to read.
 * Errors raised before the stream starts (400, 429...) are plain JSON and throw ApiError;
 * aborting the signal cancels the request and the body.
 */
export function apiStream(method: HttpMethod, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  return send(method, url, body, { accept: 'text/event-stream', signal });
}

/** apiRequest plus JSON decoding of the answer (null for an empty body). */
export async function apiFetch<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type UploadProgress = { loaded: number; total: number };

function parseJsonBody<T>(text: string): T {
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * POSTs a multipart form and decodes the JSON answer, reporting how many bytes have been sent.
 * XMLHttpRequest because fetch reports no upload progress; token, credentials and ApiError
 * match apiFetch. Aborting the signal rejects with an AbortError.
 */
export async function apiUpload<T>(
  url: string,
  formData: FormData,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  const token = await readAccessToken();
  signal?.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText ?? ''));
        return;
      }
      try {
        resolve(parseJsonBody<T>(xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(formData);
  });
}
