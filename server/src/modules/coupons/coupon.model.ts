import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { COUPON_KINDS } from '@kesh/shared';

/** A discount code made by the owner. Money in paise; `usedCount` only moves by atomic $inc. */
const couponSchema = new Schema(
  {
    code: { type: String, required: true, uppercase: true, trim: true },
    kind: { type: String, enum: COUPON_KINDS, required: true },
    percentOff: { type: Number, default: null, min: 1, max: 100 },
    flatOffPaise: { type: Number, default: null, min: 1 },
    minOrderPaise: { type: Number, default: 0, min: 0 },
    startsAt: { type: Date, default: null },
    endsAt: { type: Date, default: null },
    /** null: no limit. */
    totalUses: { type: Number, default: null, min: 1 },
    usesPerCustomer: { type: Number, default: 1, min: 1 },
    usedCount: { type: Number, default: 0, min: 0 },
    active: { type: Boolean, default: true },
  },
  { timestamps: true },
);
couponSchema.index({ code: 1 }, { unique: true });

export type CouponRecord = InferSchemaType<typeof couponSchema> & { _id: Types.ObjectId; createdAt: Date };
export const Coupon = model('Coupon', couponSchema);

export const REDEMPTION_STATUSES = ['reserved', 'redeemed'] as const;

/**
 * One use of a coupon by one shopper: `reserved` while they pay (with an expiry), `redeemed` once
 * the order exists. The unique (coupon, shopper, slot) index is what holds "uses per customer":
 * a shopper allowed 2 uses can hold slots 0 and 1 and no third, however many requests race.
 */
const redemptionSchema = new Schema(
  {
    couponId: { type: Schema.Types.ObjectId, ref: 'Coupon', required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    slot: { type: Number, required: true, min: 0 },
    status: { type: String, enum: REDEMPTION_STATUSES, required: true },
    /** A reservation not turned into an order by then gives its use back. */
    expiresAt: { type: Date, default: null },
    orderId: { type: Schema.Types.ObjectId, ref: 'Order', default: null },
  },
  { timestamps: true },
);
redemptionSchema.index({ couponId: 1, userId: 1, slot: 1 }, { unique: true });
redemptionSchema.index({ couponId: 1, status: 1, expiresAt: 1 });
redemptionSchema.index({ orderId: 1 });
// The owner's coupon list counts the held ones; every redeemed use of years of orders stays unread.
redemptionSchema.index({ status: 1 });

export const CouponRedemption = model('CouponRedemption', redemptionSchema);
