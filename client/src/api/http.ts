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
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, token, bareToken, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (token) headers.Authorization = bareToken ? token : `Bearer ${token}`;

  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('Network error', 0, undefined, undefined, true);
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const d = (data ?? {}) as { error?: unknown; message?: unknown };
    const serverError = typeof d.error === 'string' ? d.error : undefined;
    const serverMessage = typeof d.message === 'string' ? d.message : undefined;
    // A proxy that cannot reach the API answers 502/504 without JSON: that is "server down".
    const network = data === undefined && (res.status === 502 || res.status === 503 || res.status === 504);
    throw new ApiError(
      serverError ?? serverMessage ?? `HTTP ${res.status}`,
      res.status,
      serverError,
      serverMessage,
      network,
      data,
    );
  }
  return data as T;
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

export function adminToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.adminToken);
}
