import { fetchCart } from '../api/cart';

/** The header badge's number from the server's cart; 0 when the cart cannot be read (spec section 8). */
export async function loadCartCount(token: string): Promise<number> {
  try {
    return (await fetchCart(token)).cartCount;
  } catch (err) {
    console.warn('Cart count could not be loaded', err);
    return 0;
  }
}
