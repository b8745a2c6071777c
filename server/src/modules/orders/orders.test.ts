import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order as OrderDto } from '@kesh/shared';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { RevokedToken } from '../../lib/revoked-tokens.js';
import { MainCategory } from '../catalog/category.model.js';
import { Order } from './order.model.js';

const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';

describe('orders', () => {
  let ctx: TestContext;
  let admin: { token: string };
  let asha: Awaited<ReturnType<typeof signUpCustomer>>;
  let ravi: Awaited<ReturnType<typeof signUpCustomer>>;
  /** Placed in this order: ashaFirst, raviOnly, ashaSecond. */
  let placed: { ashaFirst: OrderDto; raviOnly: OrderDto; ashaSecond: OrderDto };
  let deletedProductId: string;

  /** Buys `quantity` of a product through the simulator, the way the shipping page does. */
  async function buy(shopper: { token: string }, productId: string, quantity: number): Promise<OrderDto> {
    const add = await ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send({ productId, quantity });
    expect(add.status).toBe(200);
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: ADDRESS });
    expect(created.status).toBe(200);
    const paid = await ctx.http.post('/api/payment/simulator/pay').send({ order_id: created.body.id });
    const verified = await ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid.body);
    expect(verified.status).toBe(200);
    return verified.body.order as OrderDto;
  }

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await createAdminToken(ctx);
    asha = await signUpCustomer(ctx, { username: 'Asha' });
    ravi = await signUpCustomer(ctx, { username: 'Ravi' });
    const oil = await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 59900, offerPricePaise: 49900 });
    const soon = await MainCategory.create({ title: 'Neem Comb', mainPricePaise: 15000 });
    deletedProductId = String(soon._id);
    placed = {
      ashaFirst: await buy(asha, String(oil._id), 1),
      raviOnly: await buy(ravi, deletedProductId, 2),
      ashaSecond: await buy(asha, String(oil._id), 3),
    };
    await MainCategory.deleteOne({ _id: soon._id });
  });
  afterAll(() => ctx.close());

  describe('GET /api/orders/', () => {
    it('shows a shopper only their own orders, newest first', async () => {
      const res = await ctx.http.get('/api/orders/').set(bearer(asha.token));
      expect(res.status).toBe(200);
      expect(res.body.map((o: OrderDto) => o._id)).toEqual([placed.ashaSecond._id, placed.ashaFirst._id]);
      expect(res.body.every((o: OrderDto) => o.userId === asha.userId)).toBe(true);

      const other = await ctx.http.get('/api/orders').set(bearer(ravi.token));
      expect(other.body.map((o: OrderDto) => o._id)).toEqual([placed.raviOnly._id]);
    });

    it('populates each product, or null with the stored title once the product is deleted', async () => {
      const res = await ctx.http.get('/api/orders/').set(bearer(ravi.token));
      expect(res.body[0].products).toEqual([
        { productId: null, title: 'Neem Comb', quantity: 2, price: 150, variant: null, titles: {} },
      ]);
      expect(res.body[0].totalAmount).toBe(300);

      const mine = await ctx.http.get('/api/orders/').set(bearer(asha.token));
      expect(mine.body[0].products[0]).toMatchObject({
        productId: { title: 'Bhringraj Oil', image: null },
        title: 'Bhringraj Oil',
        quantity: 3,
        price: 499,
      });
      expect(mine.body[0].userDetails).toEqual({
        username: 'Asha',
        email: asha.email,
        contact: asha.contact,
        address: ADDRESS,
      });
    });

    it('shows the admin every order, Delivered last and the rest newest first', async () => {
      const delivered = await ctx.http
        .put(`/api/orders/${placed.ashaSecond._id}/status`)
        .set(bearer(admin.token))
        .send({ status: 'Delivered' });
      expect(delivered.status).toBe(200);

      const res = await ctx.http.get('/api/orders/').set(bearer(admin.token));
      expect(res.status).toBe(200);
      expect(res.body.map((o: OrderDto) => o._id)).toEqual([
        placed.raviOnly._id,
        placed.ashaFirst._id,
        placed.ashaSecond._id,
      ]);
      expect(res.body.at(-1).status).toBe('Delivered');
    });

    it('needs a token', async () => {
      const res = await ctx.http.get('/api/orders/');
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(MESSAGES.unauthorized);
    });
  });

  describe('PUT /api/orders/:id/status', () => {
    it('updates the status and answers the updated order', async () => {
      const res = await ctx.http
        .put(`/api/orders/${placed.ashaFirst._id}/status`)
        .set(bearer(admin.token))
        .send({ status: 'Dispatched' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: placed.ashaFirst._id, status: 'Dispatched', totalAmount: 499 });

      const seenByShopper = await ctx.http.get('/api/orders/').set(bearer(asha.token));
      expect(seenByShopper.body.find((o: OrderDto) => o._id === placed.ashaFirst._id).status).toBe('Dispatched');
    });

    it('refuses an unknown status, a malformed id and a missing order', async () => {
      const badStatus = await ctx.http
        .put(`/api/orders/${placed.ashaFirst._id}/status`)
        .set(bearer(admin.token))
        .send({ status: 'Shipped' });
      expect(badStatus.status).toBe(400);
      expect(badStatus.body.error).toBe(MESSAGES.invalidOrderStatus);

      const injected = await ctx.http
        .put(`/api/orders/${placed.ashaFirst._id}/status`)
        .set(bearer(admin.token))
        .send({ status: { $ne: 'x' } });
      expect(injected.status).toBe(400);

      const badId = await ctx.http
        .put('/api/orders/not-an-id/status')
        .set(bearer(admin.token))
        .send({ status: 'Cancelled' });
      expect(badId.status).toBe(400);
      expect(badId.body.error).toBe('Invalid order ID!');

      const missing = await ctx.http
        .put('/api/orders/0123456789abcdef01234567/status')
        .set(bearer(admin.token))
        .send({ status: 'Cancelled' });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe(MESSAGES.orderNotFound);
    });

    it('is for the admin only', async () => {
      const url = `/api/orders/${placed.raviOnly._id}/status`;
      const anonymous = await ctx.http.put(url).send({ status: 'Cancelled' });
      expect(anonymous.status).toBe(401);

      const shopper = await ctx.http.put(url).set(bearer(ravi.token)).send({ status: 'Cancelled' });
      expect(shopper.status).toBe(403);
      expect(shopper.body.error).toBe(MESSAGES.forbidden);

      const loggedOut = await createAdminToken(ctx, 'second-admin');
      const { jti } = jwt.decode(loggedOut.token) as { jti: string };
      await RevokedToken.create({ jti, expiresAt: new Date(Date.now() + 60_000) });
      const revoked = await ctx.http.put(url).set(bearer(loggedOut.token)).send({ status: 'Cancelled' });
      expect(revoked.status).toBe(401);

      expect((await Order.findById(placed.raviOnly._id).lean())!.status).toBe('Processing');
    });
  });
});
