import { useEffect, useRef } from 'react';
import { useSession } from '../session';
import { loadCartCount } from './cartCount';

/** A session restored from storage shows its cart count once, when the page loads. */
export function useCartCountOnLoad(): void {
  const { user, setCartCount } = useSession();
  const restoredToken = useRef(user?.token);
  useEffect(() => {
    const token = restoredToken.current;
    if (!token) return;
    let current = true;
    void loadCartCount(token).then((count) => {
      if (current) setCartCount(count);
    });
    return () => {
      current = false;
    };
  }, [setCartCount]);
}
