import type { ExternalToast } from 'sonner';

/**
 * A toast that loads the toast library when it is first needed: pages whose first screen only
 * might toast (add to cart) do not hold their first paint for it. The <Toaster> loads it too. If the
 * library cannot load (offline, or a deploy replaced its file), the page carries on without the toast.
 */
export function notify(kind: 'success' | 'error', message: string, options?: ExternalToast): void {
  import('sonner').then(
    ({ toast }) => toast[kind](message, options),
    () => undefined,
  );
}
