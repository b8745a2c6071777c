/**
 * A shop's order history written straight into the database, as years of trading would have left
 * it: every status, online, legacy (no method) and cash-on-delivery orders paid or not, refunds of
 * each status, coupons, several products (one renamed along the way), and one order in five on
 * either side of an Indian midnight.
 */
import { Types } from 'mongoose';
import { ORDER_STATUSES } from '@kesh/shared';
import { MainCategory } from '../modules/catalog/category.model.js';
import { Order } from '../modules/orders/order.model.js';

const DAY = 24 * 60 * 60 * 1000;
const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const CATALOGUE = [
  ['Bhringraj Hair Oil', 49_900],
  ['=Amla Powder', 25_000],
  ['Neem Comb', 19_900],
  ['Hibiscus Shampoo, 200 ml', 34_900],
  ['Onion "Red" Hair Oil', 39_900],
  ['Shikakai Soap', 9_900],
] as const;
/** The first product's title on lines from before it was renamed. */
export const OLD_TITLE = 'Bhringraj Oil (old label)';

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

export interface HistoryOptions {
  orders: number;
  /** Orders are placed over this many days up to `now`. */
  days: number;
  now: Date;
  seed?: number;
}

/** Creates the catalogue and the orders; answers the products. */
export async function writeOrderHistory({ orders, days, now, seed = 26 }: HistoryOptions) {
  const products: { id: Types.ObjectId; title: string }[] = [];
  for (const [title, mainPricePaise] of CATALOGUE) {
    products.push({ id: (await MainCategory.create({ title, mainPricePaise }))._id, title });
  }
  const renamedAt = now.getTime() - (days / 4) * DAY + DAY / 2;
  const lastMidnight = Date.parse(
    `${new Date(now.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10)}T00:00:00.000+05:30`,
  );
  const rand = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const shoppers = Array.from({ length: Math.ceil(orders / 12) }, () => new Types.ObjectId());
  const docs = Array.from({ length: orders }, (_, i) => {
    const createdAt =
      rand() < 0.2
        ? new Date(lastMidnight - Math.floor(rand() * days) * DAY - (rand() < 0.5 ? 1 : 0))
        : new Date(now.getTime() - 1 - Math.floor(rand() * days * DAY));
    const lines = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
      const product = pick(products);
      return {
        productId: product.id,
        title: product === products[0] && createdAt.getTime() < renamedAt ? OLD_TITLE : product.title,
        quantity: 1 + Math.floor(rand() * 4),
        pricePaise: 10_000 + Math.floor(rand() * 80_000),
      };
    });
    const method = pick(['online', 'online', 'cod', 'cod', undefined] as const);
    const online = method !== 'cod';
    const status = pick(ORDER_STATUSES);
    const discountPaise = rand() < 0.2 ? 5_000 : 0;
    const totalPaise =
      lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0) - discountPaise + (online ? 0 : 4_900);
    const refundStatus = pick(['processed', 'pending', 'failed'] as const);
    return {
      userId: pick(shoppers),
      products: lines,
      totalPaise,
      userDetails: {
        username: i % 50 === 0 ? `+Shopper, "${i}"` : `Shopper ${i}`,
        email: `s${i}@example.com`,
        address: ADDRESS,
        contact: '9876543210',
      },
      status,
      ...(method ? { paymentMethod: method } : {}),
      ...(online ? { razorpayOrderId: `order_gen_${i}`, razorpayPaymentId: `pay_gen_${i}` } : { codFeePaise: 4_900 }),
      ...(!online && status === 'Delivered' && rand() < 0.7 ? { paidAt: new Date(createdAt.getTime() + 3 * DAY) } : {}),
      ...(online && status === 'Cancelled'
        ? {
            cancelledAt: createdAt,
            refund: {
              id: refundStatus === 'failed' ? null : `rfnd_gen_${i}`,
              amountPaise: rand() < 0.5 ? totalPaise : Math.round(totalPaise * 0.9),
              status: refundStatus,
              updatedAt: createdAt,
            },
          }
        : {}),
      ...(i % 7 === 0 ? { invoiceNumber: `INV/GEN/${String(i).padStart(6, '0')}` } : {}),
      ...(discountPaise ? { coupon: 'DIWALI10', discountPaise } : {}),
      timeline: [{ status: 'Processing', at: createdAt }],
      createdAt,
      updatedAt: createdAt,
    };
  });
  // A shop's history was written in the order it happened.
  docs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (let i = 0; i < docs.length; i += 500) await Order.insertMany(docs.slice(i, i + 500));
  return products;
}
