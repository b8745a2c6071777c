import { Types } from 'mongoose';
import {
  COUPON_HOLD_MINUTES,
  COUPON_REFUSAL_TEXTS,
  COUPON_TEXTS,
  OBJECT_ID_PATTERN,
  normalizeCouponCode,
  priceOrder,
  type Coupon as CouponDto,
  type CouponQuote,
  type CouponRefusal,
  type CouponValues,
  type OrderPricing,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { HttpError, badRequest, conflict, isDuplicateKey, notFound } from '../../lib/errors.js';
import { Coupon, CouponRedemption, type CouponRecord } from './coupon.model.js';

/** How long a shopper's payment may take before the coupon use it holds goes back. */
export const COUPON_RESERVATION_MS = COUPON_HOLD_MINUTES * 60 * 1000;

const nowOf = (deps: Pick<AppDeps, 'now'>) => (deps.now ? deps.now() : new Date());

/** 400 with the refusal's exact text and a `reason` the client translates. */
function refused(reason: CouponRefusal, coupon?: Pick<CouponRecord, 'minOrderPaise'>): HttpError {
  if (reason === 'belowMinimum') {
    const minOrderPaise = coupon?.minOrderPaise ?? 0;
    return new HttpError(400, COUPON_REFUSAL_TEXTS.belowMinimum(minOrderPaise), undefined, { reason, minOrderPaise });
  }
  return new HttpError(400, COUPON_REFUSAL_TEXTS[reason], undefined, { reason });
}

export function couponDto(c: CouponRecord, heldCount = 0): CouponDto {
  return {
    _id: String(c._id),
    code: c.code,
    kind: c.kind,
    percentOff: c.percentOff ?? null,
    flatOffPaise: c.flatOffPaise ?? null,
    minOrderPaise: c.minOrderPaise ?? 0,
    startsAt: c.startsAt ? c.startsAt.toISOString() : null,
    endsAt: c.endsAt ? c.endsAt.toISOString() : null,
    totalUses: c.totalUses ?? null,
    usesPerCustomer: c.usesPerCustomer ?? 1,
    usedCount: c.usedCount ?? 0,
    heldCount,
    active: c.active ?? true,
    createdAt: c.createdAt.toISOString(),
  };
}

// ---------- the owner's coupons ----------

const couponIdOf = (raw: unknown) => {
  const id = typeof raw === 'string' ? raw : '';
  if (!OBJECT_ID_PATTERN.test(id)) throw badRequest(COUPON_TEXTS.invalidId);
  return id;
};

const storedValues = (v: CouponValues) => ({
  ...v,
  // Only the amount of the chosen kind is kept, so a coupon switched from flat to percent reads right.
  percentOff: v.kind === 'percent' ? v.percentOff : null,
  flatOffPaise: v.kind === 'flat' ? v.flatOffPaise : null,
  startsAt: v.startsAt ? new Date(v.startsAt) : null,
  endsAt: v.endsAt ? new Date(v.endsAt) : null,
});

/**
 * Uses only held by a payment under way, counted per coupon id (`match` narrows it). Read through
 * an index on status, so the redemptions of years of orders are not read to find the few held.
 */
export const heldUsesPipeline = (match: Record<string, unknown> = {}) => [
  { $match: { ...match, status: 'reserved' } },
  { $group: { _id: '$couponId', n: { $sum: 1 } } },
];

async function heldUses(match: Record<string, unknown> = {}): Promise<Map<string, number>> {
  const held = await CouponRedemption.aggregate<{ _id: unknown; n: number }>(heldUsesPipeline(match));
  return new Map(held.map((h) => [String(h._id), h.n]));
}

/** Every coupon, newest first, with how many of its uses are only held by a payment under way. */
export async function listCoupons(): Promise<CouponDto[]> {
  const coupons = await Coupon.find().sort({ createdAt: -1, _id: -1 }).lean<CouponRecord[]>();
  const held = await heldUses();
  return coupons.map((c) => couponDto(c, held.get(String(c._id)) ?? 0));
}

export async function createCoupon(values: CouponValues): Promise<CouponDto> {
  try {
    const created = await Coupon.create(storedValues(values));
    return couponDto(created.toObject() as CouponRecord);
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(COUPON_TEXTS.codeTaken);
    throw err;
  }
}

/** Edits the terms; what has been used so far (`usedCount`) is the shop's record and stays. */
export async function updateCoupon(rawId: unknown, values: CouponValues): Promise<CouponDto> {
  const id = couponIdOf(rawId);
  try {
    const updated = await Coupon.findByIdAndUpdate(
      id,
      { $set: storedValues(values) },
      {
        returnDocument: 'after',
        runValidators: true,
      },
    ).lean<CouponRecord>();
    if (!updated) throw notFound(COUPON_TEXTS.notFound);
    return couponDto(updated, (await heldUses({ couponId: updated._id })).get(String(updated._id)) ?? 0);
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(COUPON_TEXTS.codeTaken);
    throw err;
  }
}

/** Orders keep their own copy of the code and discount, so deleting a coupon changes no order. */
export async function deleteCoupon(rawId: unknown): Promise<CouponDto> {
  const removed = await Coupon.findByIdAndDelete(couponIdOf(rawId)).lean<CouponRecord>();
  if (!removed) throw notFound(COUPON_TEXTS.notFound);
  await CouponRedemption.deleteMany({ couponId: removed._id, status: 'reserved' });
  return couponDto(removed);
}

// ---------- using a coupon ----------

interface PricedLine {
  unitPricePaise: number;
  quantity: number;
}

/** What priceCheckout answers: the order's money, the code used, and the use it holds (if any). */
export interface PricedCheckout extends OrderPricing {
  coupon: string | null;
  redemptionId: Types.ObjectId | null;
}

const uses = (userId: string, coupon: CouponRecord) => ({ couponId: coupon._id, userId: new Types.ObjectId(userId) });

/**
 * "May this shopper use this coupon now", the one rule every path asks (apply, create-order, cash
 * on delivery), in the order a shopper can act on it: does the code exist, is it valid today, is
 * the cart big enough, has this shopper any use left, has the coupon any use left. A shopper's uses
 * are all their redemptions: the orders (online or cash on delivery) and the uses held by payments
 * still open, so a payment under way counts as much as a paid order. The last two checks are made
 * again atomically when a use is taken (takeUse).
 */
async function usableCoupon(code: string, userId: string, subtotalPaise: number, now: Date): Promise<CouponRecord> {
  const coupon = await Coupon.findOne({ code: normalizeCouponCode(code) }).lean<CouponRecord>();
  if (!coupon || !coupon.active) throw refused('unknown');
  if (coupon.startsAt && coupon.startsAt > now) throw refused('notYetValid');
  if (coupon.endsAt && coupon.endsAt <= now) throw refused('expired');
  if (subtotalPaise < (coupon.minOrderPaise ?? 0)) throw refused('belowMinimum', coupon);
  await releaseExpired(coupon._id, now);
  await assertShopperHasUseLeft(coupon, userId);
  const fresh = (await Coupon.findById(coupon._id).lean<CouponRecord>()) ?? coupon;
  if (typeof fresh.totalUses === 'number' && fresh.usedCount >= fresh.totalUses) throw refused('usedUp');
  return fresh;
}

/** alreadyUsed when the shopper's uses are orders; heldByPayment when one is a payment they can still finish. */
async function assertShopperHasUseLeft(coupon: CouponRecord, userId: string): Promise<void> {
  const mine = await CouponRedemption.find(uses(userId, coupon), { status: 1 }).lean();
  if (mine.length < (coupon.usesPerCustomer ?? 1)) return;
  throw refused(mine.some((r) => r.status === 'reserved') ? 'heldByPayment' : 'alreadyUsed');
}

/**
 * POST /api/coupons/apply: what the code would take off the shopper's cart now. Nothing is held;
 * create-order checks again and takes the use.
 */
export async function quoteCoupon(
  deps: Pick<AppDeps, 'now'>,
  userId: string,
  code: string,
  lines: readonly PricedLine[],
): Promise<CouponQuote> {
  const subtotal = priceOrder(lines, null).subtotalPaise;
  const coupon = await usableCoupon(code, userId, subtotal, nowOf(deps));
  return { code: coupon.code, ...priceOrder(lines, coupon) };
}

/**
 * The pricing of an order about to be paid (create-order) or placed (cash on delivery): cart lines
 * and an optional code → subtotal, discount and total in paise, with one use of the coupon taken
 * for this shopper. The caller stores `redemptionId` with the order or checkout, then either
 * confirms it (confirmRedemption) or gives it back (releaseRedemption) if the order is not made.
 */
export async function priceCheckout(
  deps: Pick<AppDeps, 'now'>,
  { userId, lines, couponCode }: { userId: string; lines: readonly PricedLine[]; couponCode?: string | null },
): Promise<PricedCheckout> {
  if (!couponCode) return { ...priceOrder(lines, null), coupon: null, redemptionId: null };
  const now = nowOf(deps);
  const coupon = await usableCoupon(couponCode, userId, priceOrder(lines, null).subtotalPaise, now);
  const redemptionId = await takeUse(coupon, userId, now);
  return { ...priceOrder(lines, coupon), coupon: coupon.code, redemptionId };
}

/**
 * Takes one use atomically, without transactions: a per-customer slot is inserted under the unique
 * index (a shopper racing themselves, or a payment racing their cash-on-delivery order, gets one),
 * then the total counter moves by a conditional $inc (of 10 shoppers racing for the last use
 * exactly one matches). A slot whose use could not be counted is deleted again.
 */
async function takeUse(coupon: CouponRecord, userId: string, now: Date): Promise<Types.ObjectId> {
  const expiresAt = new Date(now.getTime() + COUPON_RESERVATION_MS);
  for (let slot = 0; slot < (coupon.usesPerCustomer ?? 1); slot++) {
    let taken;
    try {
      taken = await CouponRedemption.create({ ...uses(userId, coupon), slot, status: 'reserved', expiresAt });
    } catch (err) {
      if (isDuplicateKey(err)) continue;
      throw err;
    }
    if (await countUse(coupon)) return taken._id;
    await CouponRedemption.deleteOne({ _id: taken._id });
    throw refused('usedUp');
  }
  await assertShopperHasUseLeft(coupon, userId);
  throw refused('alreadyUsed');
}

/**
 * A payment the shopper opened and is opening again (they closed Razorpay's window): true, and
 * its hold runs COUPON_RESERVATION_MS from now, while the use is still held; false once it went back.
 */
export async function renewHold(redemptionId: Types.ObjectId | null | undefined, now: Date): Promise<boolean> {
  if (!redemptionId) return false;
  const renewed = await CouponRedemption.updateOne(
    { _id: redemptionId, status: 'reserved', expiresAt: { $gt: now } },
    { $set: { expiresAt: new Date(now.getTime() + COUPON_RESERVATION_MS) } },
  );
  return renewed.modifiedCount === 1;
}

/**
 * A verified payment is about to become an order (called once per payment, by whoever claimed it):
 * makes sure it owns a use of its coupon, and answers the redemption the order will confirm. Its
 * hold normally still stands, or lapsed with nobody asking for the use since (still reserved): it is
 * renewed, so no coupon check can give it back before the order confirms it. A hold that lapsed and
 * went back is replaced by a fresh use under the same limits as any other (takeUse); when none is
 * left (the coupon's uses, or this shopper's, went to other orders or payments), the answer is
 * 'usedSince' and the caller refunds the payment instead of placing a discounted order.
 */
export async function keepUseForPayment(
  deps: Pick<AppDeps, 'now' | 'logger'>,
  payment: { coupon?: string | null; couponRedemptionId?: Types.ObjectId | null; userId: unknown },
): Promise<{ redemptionId: Types.ObjectId | null } | 'usedSince'> {
  const redemptionId = payment.couponRedemptionId ?? null;
  if (!payment.coupon || !redemptionId) return { redemptionId };
  const now = nowOf(deps);
  const renewed = await CouponRedemption.updateOne(
    { _id: redemptionId, status: 'reserved' },
    { $set: { expiresAt: new Date(now.getTime() + COUPON_RESERVATION_MS) } },
  );
  if (renewed.matchedCount === 1) return { redemptionId };
  const coupon = await Coupon.findOne({ code: payment.coupon }).lean<CouponRecord>();
  // The owner deleted the coupon (its holds with it): no limit is left to keep.
  if (!coupon) return { redemptionId: null };
  await releaseExpired(coupon._id, now);
  try {
    return { redemptionId: await takeUse(coupon, String(payment.userId), now) };
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 400) throw err;
    deps.logger.warn(
      { coupon: coupon.code, userId: String(payment.userId), reason: err.extra?.reason },
      'a payment came after its coupon hold lapsed and the coupon has been used since; it is refunded',
    );
    return 'usedSince';
  }
}

/** usedCount + 1 unless that would pass totalUses (re-read once if the owner changed the limit meanwhile). */
async function countUse(coupon: CouponRecord): Promise<boolean> {
  let limit = coupon.totalUses ?? null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const filter =
      limit === null
        ? { _id: coupon._id, totalUses: null }
        : { _id: coupon._id, totalUses: limit, usedCount: { $lt: limit } };
    const { modifiedCount } = await Coupon.updateOne(filter, { $inc: { usedCount: 1 } });
    if (modifiedCount === 1) return true;
    const fresh = await Coupon.findById(coupon._id, { totalUses: 1 }).lean<Pick<CouponRecord, 'totalUses'>>();
    if (!fresh || (fresh.totalUses ?? null) === limit) return false;
    limit = fresh.totalUses ?? null;
  }
  return false;
}

const giveUseBack = (couponId: Types.ObjectId) =>
  Coupon.updateOne({ _id: couponId, usedCount: { $gt: 0 } }, { $inc: { usedCount: -1 } });

/**
 * Gives a use back, exactly once however often it is called: only the caller whose delete found the
 * redemption decrements the counter.
 */
export async function releaseRedemption(redemptionId: Types.ObjectId | null | undefined, extra = {}): Promise<void> {
  if (!redemptionId) return;
  const gone = await CouponRedemption.findOneAndDelete({ _id: redemptionId, ...extra }).lean();
  if (gone) await giveUseBack(gone.couponId);
}

/** Reservations whose payment never came within COUPON_RESERVATION_MS. */
async function releaseExpired(couponId: Types.ObjectId, now: Date): Promise<void> {
  const stale = await CouponRedemption.find(
    { couponId, status: 'reserved', expiresAt: { $lt: now } },
    { _id: 1 },
  ).lean();
  for (const r of stale) await releaseRedemption(r._id, { status: 'reserved', expiresAt: { $lt: now } });
}

/**
 * The order exists: its reservation becomes a redemption. If the reservation was given back in the
 * meantime (the payment came after it expired), the shopper has still paid the discounted price,
 * so the order keeps its discount and a use is counted beyond the limits (logged).
 */
export async function confirmRedemption(
  deps: Pick<AppDeps, 'logger'>,
  {
    redemptionId,
    orderId,
    userId,
    coupon,
  }: {
    redemptionId: Types.ObjectId | null | undefined;
    orderId: Types.ObjectId;
    userId: Types.ObjectId | string;
    coupon: string | null | undefined;
  },
): Promise<void> {
  if (!redemptionId || !coupon) return;
  const confirmed = await CouponRedemption.findOneAndUpdate(
    { _id: redemptionId, $or: [{ status: 'reserved' }, { orderId }] },
    { $set: { status: 'redeemed', orderId, expiresAt: null } },
  ).lean();
  if (confirmed) return;
  const record = await Coupon.findOneAndUpdate({ code: coupon }, { $inc: { usedCount: 1 } }).lean<CouponRecord>();
  deps.logger.warn({ coupon, orderId: String(orderId) }, 'coupon reservation had lapsed before payment; use counted');
  if (!record) return;
  for (let slot = record.usesPerCustomer ?? 1; ; slot++) {
    try {
      await CouponRedemption.create({ couponId: record._id, userId, slot, status: 'redeemed', orderId });
      return;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
}

/** A cancelled order gives its coupon use back (the shopper was refunded, so they may use it again). */
export async function releaseCouponOfOrder(orderId: Types.ObjectId | string): Promise<void> {
  const redemption = await CouponRedemption.findOne({ orderId }, { _id: 1 }).lean();
  if (redemption) await releaseRedemption(redemption._id, { orderId });
}
