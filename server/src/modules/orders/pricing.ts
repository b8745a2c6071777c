import type { DeliverySettings, PaymentMethod } from '@kesh/shared';
import { getCartSnapshot, type CartLine } from '../cart/index.js';
import { getDeliverySettings } from '../shipping/index.js';

/**
 * What an order will charge, worked out on the server from the cart and the catalogue. Both ways
 * of paying (create-order for online, POST /api/orders/cod) price through here, so anything that
 * changes a total (a COD fee today, a coupon discount tomorrow) is added in this one place.
 */
export interface PricedCart {
  lines: CartLine[];
  /** The goods at catalogue prices. */
  subtotalPaise: number;
  /** Added to cash-on-delivery orders when the owner set a fee. */
  codFeePaise: number;
  /** What the shopper pays. */
  totalPaise: number;
}

export async function priceCart(
  userId: string,
  method: PaymentMethod,
  settings?: DeliverySettings,
): Promise<PricedCart> {
  const cart = await getCartSnapshot(userId);
  const codFeePaise =
    method === 'cod' && cart.lines.length > 0 ? (settings ?? (await getDeliverySettings())).codFeePaise : 0;
  return {
    lines: cart.lines,
    subtotalPaise: cart.totalPaise,
    codFeePaise,
    totalPaise: cart.totalPaise + codFeePaise,
  };
}
