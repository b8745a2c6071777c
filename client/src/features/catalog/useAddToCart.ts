import { useCallback, useState } from 'react';
import { MESSAGES, TOAST_MS } from '@kesh/shared';
import { addToCart } from '../../api/cartLines';
import { serverErrorOr } from '../../api/http';
import { useSession } from '../../state/session';
import { loadCartCount } from '../../state/cartCount';
import { notify } from '../../components/ui/notify';
import { useMessageText } from '../../components/ui/useMessageText';

interface AddToCartOptions {
  /** Where a guest lands after logging in from the modal this opens; undefined stays on the page. */
  redirectTo?: string;
  toastMs?: number;
}

/**
 * Add to cart as spec sections 4 and 8 describe: guests get the login modal; on success a toast and
 * the server's cart count; on failure the server's error (else a fallback) and a fresh count.
 */
export function useAddToCart({ redirectTo, toastMs = TOAST_MS }: AddToCartOptions = {}) {
  const { user, openAuthModal, setCartCount } = useSession();
  const say = useMessageText();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const add = useCallback(
    async (productId: string, quantity = 1, variantId?: string): Promise<boolean> => {
      if (!user) {
        openAuthModal({ mode: 'login', redirectTo });
        return false;
      }
      setPendingId(productId);
      try {
        const cart = await addToCart(user.token, productId, quantity, variantId);
        notify('success', say(MESSAGES.addedToCart), { duration: toastMs });
        setCartCount(cart.cartCount);
        return true;
      } catch (err) {
        notify('error', say(serverErrorOr(err, MESSAGES.addToCartFailed)), { duration: toastMs });
        setCartCount(await loadCartCount(user.token));
        return false;
      } finally {
        setPendingId(null);
      }
    },
    [user, openAuthModal, redirectTo, setCartCount, say, toastMs],
  );

  return { addToCart: add, pendingId };
}
