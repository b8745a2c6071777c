let hydrating = false;

/** boot.tsx calls this before hydrateRoot, when the page arrived server-rendered. */
export function startHydration(): void {
  hydrating = true;
}

/**
 * Whether the first render must reproduce the server's markup: on the server, and in a browser that
 * hydrates server-rendered HTML. The server knows nothing kept in the browser (the signed-in shopper,
 * the window's width), so such state starts as the server had it and is read right after.
 */
export const firstRenderMatchesServer = (): boolean => hydrating || typeof window === 'undefined';
