import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { indexesUsed, planStages } from '../../test/plan.js';
import { Coupon, CouponRedemption } from './coupon.model.js';
import { heldUsesPipeline } from './service.js';

const REDEEMED = 3000;

/** Years of orders leave thousands of redeemed uses; the coupon list counts only the few held. */
describe('the owner’s coupon list at thousands of redeemed uses', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await startTestApp();
    admin = (await createAdminToken(ctx)).token;
    const coupon = await Coupon.create({ code: 'DIWALI', kind: 'percent', percentOff: 10 });
    const use = (slot: number, status: 'reserved' | 'redeemed') => ({
      couponId: coupon._id,
      userId: new Types.ObjectId(),
      slot,
      status,
      expiresAt: status === 'reserved' ? new Date(Date.now() + 60_000) : null,
      orderId: status === 'redeemed' ? new Types.ObjectId() : null,
    });
    await CouponRedemption.collection.insertMany([
      ...Array.from({ length: REDEEMED }, (_, i) => use(i, 'redeemed')),
      use(REDEEMED, 'reserved'),
      use(REDEEMED + 1, 'reserved'),
    ]);
  });
  afterAll(() => ctx.close());

  it('shows the held uses', async () => {
    const res = await ctx.http.get('/api/admin/coupons').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ code: 'DIWALI', heldCount: 2 })]);
  });

  it('reads only the held uses to count them', async () => {
    const explain = (await CouponRedemption.aggregate(heldUsesPipeline()).explain()) as unknown as Record<
      string,
      unknown
    >;
    expect(indexesUsed(explain)).toEqual(['status_1']);
    const scan = planStages(explain).find((stage) => stage.stage === 'IXSCAN');
    expect(scan?.indexBounds).toEqual({ status: ['["reserved", "reserved"]'] });
  });
});
