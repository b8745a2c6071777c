import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unitPrice, type CartItem, type CartResponse } from '@kesh/shared';
import { fetchCart } from '../../api/cart';
import { removeFromCart, updateCartQuantity } from '../../api/cartLines';
import { ApiError } from '../../api/http';
import { useSession } from '../../state/session';

/** A cart line is its product and its variant: the same oil in 100 ml and 200 ml is two lines. */
const lineKeyOf = (productId: string, variantId: string | undefined) => `${productId}:${variantId ?? ''}`;
export const lineKey = (item: CartItem) => lineKeyOf(item.productId._id, item.variant?.id);

/** Spec section 3: the cart count is the sum of quantities. */
export function countItems(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

function withItems(cart: CartResponse, items: CartItem[]): CartResponse {
  const total = items.reduce((sum, item) => sum + unitPrice(item.productId) * item.quantity, 0);
  return { ...cart, items, cartCount: countItems(items), totalAmount: Math.round(total * 100) / 100 };
}

/**
 * The signed-in shopper's cart. Quantity changes and removals show at once (optimistic); the
 * server's answer replaces the guess once no other change is in flight, and a failure reloads the
 * cart (spec section 4). The header badge follows every change.
 */
export function useCart() {
  const { user, setCartCount, signOut } = useSession();
  const token = user?.token ?? null;
  const queryClient = useQueryClient();
  const queryKey = ['cart', token];
  const query = useQuery({
    queryKey,
    queryFn: () => fetchCart(token as string),
    enabled: token !== null,
    // "Loaded on open": another page may have added to the cart since the last visit.
    staleTime: 0,
    retry: false,
  });
  const inFlight = useRef(0);

  useEffect(() => {
    if (query.data) setCartCount(countItems(query.data.items));
  }, [query.data, setCartCount]);

  useEffect(() => {
    if (!query.error) return;
    console.error('Cart load failed', query.error);
    setCartCount(0);
    if (query.error instanceof ApiError && query.error.status === 401) signOut();
  }, [query.error, setCartCount, signOut]);

  const change = useCallback(
    async (nextItems: (items: CartItem[]) => CartItem[], send: (token: string) => Promise<CartResponse>) => {
      if (!token) return;
      const key = ['cart', token];
      await queryClient.cancelQueries({ queryKey: key });
      const current = queryClient.getQueryData<CartResponse>(key);
      if (current) {
        const optimistic = withItems(current, nextItems(current.items));
        queryClient.setQueryData(key, optimistic);
        setCartCount(optimistic.cartCount);
      }
      inFlight.current += 1;
      try {
        const fresh = await send(token);
        inFlight.current -= 1;
        if (inFlight.current === 0 && Array.isArray(fresh?.items)) queryClient.setQueryData(key, fresh);
      } catch (err) {
        inFlight.current -= 1;
        console.error('Cart update failed', err);
        await queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [token, queryClient, setCartCount],
  );

  const remove = useCallback(
    (productId: string, variantId?: string) =>
      change(
        (items) => items.filter((item) => lineKey(item) !== lineKeyOf(productId, variantId)),
        (t) => removeFromCart(t, productId, variantId),
      ),
    [change],
  );

  /** Below 1 the line is removed instead (spec section 4). */
  const setQuantity = useCallback(
    (productId: string, quantity: number, variantId?: string) => {
      if (quantity < 1) return remove(productId, variantId);
      const key = lineKeyOf(productId, variantId);
      return change(
        (items) => items.map((item) => (lineKey(item) === key ? { ...item, quantity } : item)),
        (t) => updateCartQuantity(t, productId, quantity, variantId),
      );
    },
    [change, remove],
  );

  return { query, setQuantity, remove };
}
