import { STORAGE_KEYS } from '@kesh/shared';

/**
 * The one place the client talks HTTP. Every endpoint has its own typed function in api/<feature>.ts
 * built on `apiRequest`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's `error` field, when it sent one. */
    readonly serverError?: string,
    /** The server's `message` field, when it sent one. */
    readonly serverMessage?: string,
    /** True when the server could not be reached at all. */
    readonly network = false,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Bearer token; `adminToken()` or the customer session's token. */
  token?: string | null;
  /** Sends the token bare, as the spec's admin logout does. */
  bareToken?: boolean;
  signal?: AbortSignal;
  /**
   * A response already asked for this path with these headers, if there is one (api/early.ts): the
   * call handles it as its own instead of asking again.
   */
  asked?: (path: string, headers: Record<string, string>) => Promise<Response> | undefined;
}

/** The headers every API call sends: JSON, the shopper's language, and the token when there is one. */
export function requestHeaders(token?: string | null, bareToken = false): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...languageHeader() };
  if (token) headers.Authorization = bareToken ? token : `Bearer ${token}`;
  return headers;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, token, bareToken, signal } = options;
  const headers = requestHeaders(token, bareToken);
  const asked = options.asked?.(path, headers);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const res = await received(asked ?? fetch(path, { method, headers, body: payload, signal }));
  const data = parseJson(await res.text());
  if (!res.ok) throw errorOf(res, data);
  return data as T;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A response, or the ApiError of a server that could not be reached. */
async function received(response: Promise<Response>): Promise<Response> {
  try {
    return await response;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('Network error', 0, undefined, undefined, true);
  }
}

/** The store language the shopper chose, so the server writes their order mails in it. */
function languageHeader(): Record<string, string> {
  const language = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.language) : null;
  return language ? { 'Accept-Language': language } : {};
}

function errorOf(res: Response, data: unknown): ApiError {
  const d = (data ?? {}) as { error?: unknown; message?: unknown };
  const serverError = typeof d.error === 'string' ? d.error : undefined;
  const serverMessage = typeof d.message === 'string' ? d.message : undefined;
  // A proxy that cannot reach the API answers 502/504 without JSON: that is "server down".
  const network = data === undefined && (res.status === 502 || res.status === 503 || res.status === 504);
  return new ApiError(
    serverError ?? serverMessage ?? `HTTP ${res.status}`,
    res.status,
    serverError,
    serverMessage,
    network,
    data,
  );
}

/**
 * Fetches a file an authenticated call answers (an invoice PDF, a CSV) and hands it to the browser
 * as a download named by the server's Content-Disposition, else `fallbackName`.
 */
export async function downloadFile(path: string, token: string | null, fallbackName: string): Promise<void> {
  // The owner's language, as for every other request: a refused download's message comes in it.
  const headers = { ...languageHeader(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const res = await received(fetch(path, { headers }));
  if (!res.ok) throw errorOf(res, parseJson(await res.text()));
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "server error, else fallback" — the rule spec section 8 uses for most messages. */
export function serverErrorOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverError ? err.serverError : fallback;
}

/** "server error or message, else fallback". */
export function serverReason(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverError ?? err.serverMessage ?? fallback;
  return err instanceof Error ? err.message : fallback;
}

export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.network;
}

/** Set while the stored admin token belongs to a login with the published password (kept across reloads). */
export const ADMIN_PASSWORD_CHANGE_KEY = 'adminPasswordChangeRequired';

export function adminToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.adminToken);
}
