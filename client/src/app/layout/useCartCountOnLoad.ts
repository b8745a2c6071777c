import { useEffect } from 'react';
import { readStoredUser, useSession } from '../../state/session';
import { loadCartCount } from '../../state/cartCount';

/** A session restored from storage shows its cart count once, when the page loads. */
export function useCartCountOnLoad(): void {
  const { setCartCount } = useSession();
  useEffect(() => {
    const token = readStoredUser()?.token;
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
