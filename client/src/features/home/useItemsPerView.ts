import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, TABLET_BREAKPOINT_PX } from '@kesh/shared';

/** Spec section 4: one item under 768 px, two under 1024 px, otherwise four. */
export function itemsPerViewFor(width: number): number {
  if (width < MOBILE_BREAKPOINT_PX) return 1;
  if (width < TABLET_BREAKPOINT_PX) return 2;
  return 4;
}

export function useItemsPerView(): number {
  const [perView, setPerView] = useState(() => itemsPerViewFor(window.innerWidth));
  useEffect(() => {
    const update = () => setPerView(itemsPerViewFor(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return perView;
}
