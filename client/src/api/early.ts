/*
 * Requests a page's early script makes before the app's code has arrived, handed to the app's call of
 * the same path (apiRequest's `asked`). Loaded with the admin panel and by the early script alone,
 * never with the storefront's code.
 */

/**
 * A request a small classic script of the page made as soon as the HTML was parsed, before the app's
 * code had arrived (features/admin/orders-early.ts), kept on `window` for the app's first call of the
 * same path. Kept for EARLY_MAX_AGE_MS: an answer asked for long before is not the app's to show.
 */
interface EarlyRequest {
  path: string;
  headers: Record<string, string>;
  /** performance.now() when it was asked for. */
  at: number;
  response: Promise<Response>;
}
const EARLY_SLOT = '__keshEarlyRequest';
export const EARLY_MAX_AGE_MS = 10_000;
type EarlyWindow = typeof globalThis & { [EARLY_SLOT]?: EarlyRequest };

/** Asks for `path` now with `headers` and keeps the response for the app's call of that path. */
export function startEarlyRequest(path: string, headers: Record<string, string>): void {
  const response = fetch(path, { headers });
  // Nobody may ever take it (another screen, a changed token): its failure is not an unhandled rejection.
  response.catch(() => undefined);
  (globalThis as EarlyWindow)[EARLY_SLOT] = { path, headers, at: performance.now(), response };
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, value]) => b[name] === value);

/**
 * The early response for this call, once: the first call that may take one removes it, and takes it
 * only when it is of the same path, asked with the same headers (token, language), and recent.
 */
export function takeEarlyResponse(path: string, headers: Record<string, string>): Promise<Response> | undefined {
  const slot = globalThis as EarlyWindow;
  const early = slot[EARLY_SLOT];
  if (!early) return undefined;
  delete slot[EARLY_SLOT];
  const fits =
    early.path === path && sameHeaders(early.headers, headers) && performance.now() - early.at <= EARLY_MAX_AGE_MS;
  return fits ? early.response : undefined;
}
