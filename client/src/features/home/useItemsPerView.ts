import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX, TABLET_BREAKPOINT_PX } from '@kesh/shared';

/** Spec section 4: one item under 768 px, two under 1024 px, otherwise four. */
export function itemsPerViewFor(width: number): number {
  if (width < MOBILE_BREAKPOINT_PX) return 1;
  if (width < TABLET_BREAKPOINT_PX) return 2;
  return 4;
}

/** Tailwind widths with the same breakpoints, so the server's markup has the right layout already. */
export const ITEM_WIDTH_CLASSES = 'w-full md:w-1/2 lg:w-1/4';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * Items per view for the window's width. The server (and hydration) assume a phone; the real width
 * follows right after hydration, which changes no layout (ITEM_WIDTH_CLASSES does that), only which
 * items count as shown.
 */
export function useItemsPerView(): number {
  return useSyncExternalStore(
    subscribe,
    () => itemsPerViewFor(window.innerWidth),
    () => 1,
  );
}
