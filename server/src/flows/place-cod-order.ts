import { Types } from 'mongoose';
import { COD_CANCELS_PER_DAY, MESSAGES, VERIFY_TEXTS, type LanguageCode, type Order as OrderDto } from '@kesh/shared';
import type { AppDeps } from '../deps.js';
import { HttpError, badRequest, conflict, forbidden, unauthorized } from '../lib/errors.js';
import { removePaidLines } from '../modules/cart/index.js';
import { returnHeld, settleHolds, takeStockFor } from '../modules/catalog/index.js';
import { confirmRedemption, priceCheckout, releaseRedemption, type PricedCheckout } from '../modules/coupons/index.js';
import {
  Order,
  claimCodSlot,
  confirmOrder,
  expectInvoice,
  orderLinesOf,
  nowOf,
  priceCart,
  releaseCodSlot,
  toOrderDto,
  type OrderRecord,
} from '../modules/orders/index.js';
import { assertDeliverable, getDeliverySettings } from '../modules/shipping/index.js';
import { User, codCancelCounter, codHistoryOf, countSoFarToday, isVerified } from '../modules/users/index.js';

/** The stock claim of a cash-on-delivery order being placed, as its products' holds name it. */
export const codStockRef = (orderId: unknown) => `order:${String(orderId)}`;

/**
 * POST /api/orders/cod: an order from the caller's server-side cart, paid in cash on delivery.
 * Refused, each with its own message, when the cart is empty, there is no address, the PIN is not
 * served or not a cash-on-delivery area, the total is above the owner's limit, the shopper already
 * has MAX_OPEN_COD_ORDERS open ones, or a line is out of stock, or the coupon is refused. A coupon
 * use, then a slot, then the stock, then the order: whatever fails gives back what was taken before it.
 */
export async function placeCodOrder(
  deps: AppDeps,
  userId: string,
  body: { address?: string | undefined; couponCode?: string | undefined },
  language?: LanguageCode,
): Promise<OrderDto> {
  const user = await User.findById(userId, {
    username: 1,
    email: 1,
    contact: 1,
    address: 1,
    emailVerified: 1,
    codStats: 1,
  }).lean();
  if (!user) throw unauthorized(MESSAGES.userNotAuthenticated);
  const settings = await getDeliverySettings();
  await assertCodAllowed(userId, user, settings.codMaxRefusals);
  const priced = await priceCart(userId, 'cod', settings);
  if (priced.lines.length === 0) throw badRequest(MESSAGES.cartEmpty);
  const address = body.address?.trim() || user.address?.trim();
  if (!address) throw badRequest(MESSAGES.selectDeliveryAddress);
  const delivery = await assertDeliverable(address);
  if (!delivery.cod) throw badRequest(MESSAGES.codNotAvailable);
  // The coupon discount (one use taken, given back below if the order is not placed), then the fee.
  const coupon = await priceCheckout(deps, { userId, lines: priced.lines, couponCode: body.couponCode });
  const orderId = new Types.ObjectId();
  let order: OrderRecord;
  try {
    if (coupon.totalPaise + priced.codFeePaise > settings.codCapPaise) throw badRequest(MESSAGES.codOverCap);
    if (!(await claimCodSlot(userId, orderId))) throw conflict(MESSAGES.codTooManyOpen);
    try {
      if (!(await takeStockFor(codStockRef(orderId), priced.lines))) throw conflict(MESSAGES.outOfStock);
      try {
        order = await createCodOrder(deps, orderId, userId, priced, coupon, user, address, language);
      } catch (err) {
        await returnHeld(codStockRef(orderId));
        throw err;
      }
    } catch (err) {
      await releaseCodSlot(orderId);
      throw err;
    }
  } catch (err) {
    await releaseRedemption(coupon.redemptionId);
    throw err;
  }
  await settleHolds(codStockRef(orderId), priced.lines).catch((err: unknown) =>
    deps.logger.warn(
      { err, orderId: String(orderId) },
      'COD order placed; its stock holds are dropped by the next sweep',
    ),
  );
  await confirmRedemption(deps, { redemptionId: coupon.redemptionId, orderId, userId, coupon: coupon.coupon });
  try {
    await removePaidLines(userId, order.products);
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, 'COD order placed but the cart could not be cleared');
  }
  await confirmOrder(deps, order);
  return toOrderDto(order, nowOf(deps));
}

/**
 * Who may pay cash on delivery at all: an account whose e-mail is confirmed, that has not cancelled
 * COD_CANCELS_PER_DAY cash-on-delivery orders today, and (when the owner set a number) has fewer
 * refused parcels than it. Online payment stays open to everyone: the gateway checks the payer.
 */
async function assertCodAllowed(
  userId: string,
  user: Parameters<typeof codHistoryOf>[0] & { emailVerified?: boolean | null },
  maxRefusals: number,
): Promise<void> {
  if (!isVerified(user)) throw forbidden(VERIFY_TEXTS.codNeedsVerifiedEmail);
  if (maxRefusals > 0 && codHistoryOf(user).refused >= maxRefusals) throw forbidden(VERIFY_TEXTS.codRefusedTooOften);
  if ((await countSoFarToday(codCancelCounter(userId))) >= COD_CANCELS_PER_DAY) {
    throw new HttpError(429, VERIFY_TEXTS.codTooManyCancels);
  }
}

async function createCodOrder(
  deps: AppDeps,
  orderId: Types.ObjectId,
  userId: string,
  priced: Awaited<ReturnType<typeof priceCart>>,
  coupon: PricedCheckout,
  user: { username?: string | null; email?: string | null; contact?: string | null },
  address: string,
  language: LanguageCode | undefined,
): Promise<OrderRecord> {
  const placedAt = nowOf(deps);
  await expectInvoice(orderId);
  const created = await Order.create({
    _id: orderId,
    userId,
    products: await orderLinesOf(priced.lines),
    totalPaise: coupon.totalPaise + priced.codFeePaise,
    codFeePaise: priced.codFeePaise,
    ...(coupon.coupon ? { coupon: coupon.coupon, discountPaise: coupon.discountPaise } : {}),
    paymentMethod: 'cod',
    stockTaken: true,
    userDetails: { username: user.username ?? '', email: user.email ?? '', contact: user.contact ?? '', address },
    timeline: [{ status: 'Processing', at: placedAt }],
    createdAt: placedAt,
    ...(language ? { language } : {}),
  });
  return created.toObject() as OrderRecord;
}
