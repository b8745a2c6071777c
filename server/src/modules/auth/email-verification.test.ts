import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { COD_CANCELS_PER_DAY, EMAIL_CODES_PER_DAY, MESSAGES, OTP_MAX_ATTEMPTS, VERIFY_TEXTS } from '@kesh/shared';
import {
  allowCashOnDeliveryIn360,
  bearer,
  buyWithSimulator,
  createAdminToken,
  orderMailsSent,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { MainCategory } from '../catalog/category.model.js';
import { takeAddressMail } from '../users/mail-gate.js';
import { EmailCode } from './email-code.model.js';

const MAILS_PER_DAY = 20;
const RAJKOT = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
type Shopper = Awaited<ReturnType<typeof signUpCustomer>>;

describe('e-mail verification and the limits per account and address', () => {
  let ctx: TestContext;
  let admin: string;
  let oilId: string;

  beforeAll(async () => {
    ctx = await startTestApp({ MAILS_PER_ADDRESS_PER_DAY: String(MAILS_PER_DAY) });
    admin = (await createAdminToken(ctx)).token;
    oilId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 60000 }))._id);
    await allowCashOnDeliveryIn360();
  });
  afterAll(() => ctx.close());

  const mailsTo = (email: string) => ctx.deps.mailer.outbox.filter((m) => m.to === email);
  const confirmMailsTo = (email: string) =>
    mailsTo(email).filter((m) => m.subject.endsWith('confirm your e-mail address'));
  const codeOf = (email: string) => /dashboard: (\d{6})/.exec(confirmMailsTo(email).at(-1)!.text)![1]!;
  const unverified = () => signUpCustomer(ctx, { verified: false });
  const verify = (shopper: Shopper, otp: unknown) =>
    ctx.http.post('/api/auth/verify-email').set(bearer(shopper.token)).send({ otp });
  const resend = (shopper: Shopper) =>
    ctx.http.post('/api/auth/verify-email/resend').set(bearer(shopper.token)).send({});
  const profile = async (shopper: Shopper) =>
    (await ctx.http.get('/api/auth/user').set(bearer(shopper.token))).body as { emailVerified: boolean };
  const addToCart = (shopper: Shopper) =>
    ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId: oilId, quantity: 1 })
      .expect(200);
  const placeCod = async (shopper: Shopper) => {
    await addToCart(shopper);
    return ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT });
  };
  const setStatus = (id: string, status: string) =>
    ctx.http.put(`/api/orders/${id}/status`).set(bearer(admin)).send({ status }).expect(200);

  describe('sign-up', () => {
    it("answers as the spec says, signs the shopper in, and mails a code the dashboard's banner takes", async () => {
      const body = {
        username: 'Asha',
        email: 'asha.verify@example.com',
        contact: '9876543210',
        password: 'correct-horse',
      };
      const res = await ctx.http.post('/api/auth/signup').send(body);
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'token', 'userId', 'username']);
      const shopper = { ...body, token: res.body.token as string, userId: res.body.userId as string, deviceCookie: '' };
      expect((await profile(shopper)).emailVerified).toBe(false);
      expect(confirmMailsTo(body.email)).toHaveLength(1);
      // The code is stored as an HMAC, never as itself.
      const stored = await EmailCode.findOne({ userId: shopper.userId }).lean();
      expect(stored!.codeHash).not.toContain(codeOf(body.email));

      const ok = await verify(shopper, codeOf(body.email));
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: VERIFY_TEXTS.emailVerified, emailVerified: true });
      expect((await profile(shopper)).emailVerified).toBe(true);
      expect(await EmailCode.countDocuments({ userId: shopper.userId })).toBe(0);
      expect((await verify(shopper, '000000')).body).toEqual({
        message: VERIFY_TEXTS.alreadyVerified,
        emailVerified: true,
      });
      const again = await resend(shopper);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(VERIFY_TEXTS.alreadyVerified);
    });
  });

  describe('POST /api/auth/verify-email', () => {
    it('refuses without a token and with an owner token', async () => {
      expect((await ctx.http.post('/api/auth/verify-email').send({ otp: '123456' })).status).toBe(401);
      const asOwner = await ctx.http.post('/api/auth/verify-email').set(bearer(admin)).send({ otp: '123456' });
      expect([401, 403]).toContain(asOwner.status);
      expect((await ctx.http.post('/api/auth/verify-email/resend').send({})).status).toBe(401);
    });

    it.each([[undefined], [''], ['12345'], ['1234567'], ['abcdef'], [123456]])(
      'answers 400 for the code %j',
      async (otp) => {
        const shopper = await unverified();
        const res = await verify(shopper, otp);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(VERIFY_TEXTS.invalidCodeFormat);
      },
    );

    it('refuses a wrong code and an expired one, and changes nothing', async () => {
      const shopper = await unverified();
      const code = codeOf(shopper.email);
      const wrong = await verify(shopper, code === '111111' ? '222222' : '111111');
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe(MESSAGES.otpInvalid);
      await EmailCode.updateOne({ userId: shopper.userId }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await verify(shopper, code)).body.error).toBe(MESSAGES.otpInvalid);
      expect((await profile(shopper)).emailVerified).toBe(false);
    });

    it(`lets ${OTP_MAX_ATTEMPTS} parallel guesses use up the code's tries, however many arrive at once`, async () => {
      const shopper = await unverified();
      const code = codeOf(shopper.email);
      const wrong = code === '111111' ? '222222' : '111111';
      const guesses = await Promise.all(Array.from({ length: 12 }, () => verify(shopper, wrong)));
      expect(guesses.every((g) => g.status === 400)).toBe(true);
      expect((await EmailCode.findOne({ userId: shopper.userId }).lean())!.attempts).toBe(OTP_MAX_ATTEMPTS);
      expect((await verify(shopper, code)).body.error).toBe(MESSAGES.otpInvalid);
      // A new code brings fresh tries.
      expect((await resend(shopper)).body).toEqual({ message: VERIFY_TEXTS.codeSent, emailVerified: false });
      expect((await verify(shopper, codeOf(shopper.email))).status).toBe(200);
    });
  });

  describe('POST /api/auth/verify-email/resend', () => {
    it(`mails at most ${EMAIL_CODES_PER_DAY} codes a day (sign-up's included), also when asked in parallel`, async () => {
      const shopper = await unverified();
      const asked = await Promise.all(Array.from({ length: 8 }, () => resend(shopper)));
      expect(asked.filter((r) => r.status === 200)).toHaveLength(EMAIL_CODES_PER_DAY - 1);
      const refused = asked.filter((r) => r.status === 429);
      expect(refused).toHaveLength(8 - (EMAIL_CODES_PER_DAY - 1));
      expect(refused[0]!.body.error).toBe(VERIFY_TEXTS.tooManyCodes);
      expect(confirmMailsTo(shopper.email)).toHaveLength(EMAIL_CODES_PER_DAY);
      // Only the newest code works: each resend replaced the one before.
      expect((await verify(shopper, codeOf(shopper.email))).status).toBe(200);
    });

    it("refuses a code once the address had today's mails", async () => {
      const shopper = await unverified();
      for (let i = 1; i < MAILS_PER_DAY; i += 1) await takeAddressMail(ctx.deps, shopper.email);
      const res = await resend(shopper);
      expect(res.status).toBe(429);
      expect(res.body.error).toBe(VERIFY_TEXTS.addressMailLimit);
    });
  });

  describe('until the address is confirmed', () => {
    it('refuses cash on delivery with its message; online payment works and sends no mail to the shopper', async () => {
      const shopper = await unverified();
      const cod = await placeCod(shopper);
      expect(cod.status).toBe(403);
      expect(cod.body.error).toBe(VERIFY_TEXTS.codNeedsVerifiedEmail);

      const before = mailsTo(shopper.email).length;
      const order = await buyWithSimulator(ctx, shopper, oilId, 1, RAJKOT);
      await orderMailsSent();
      await setStatus(order._id, 'Dispatched');
      expect(mailsTo(shopper.email)).toHaveLength(before);
      // The shop still hears of the order.
      expect(ctx.deps.mailer.outbox.some((m) => m.subject.startsWith(`New order #${order._id.slice(-8)}`))).toBe(true);

      await verify(shopper, codeOf(shopper.email)).expect(200);
      await setStatus(order._id, 'Delivered');
      expect(mailsTo(shopper.email).at(-1)!.subject).toContain(order._id.slice(-8));
      expect((await placeCod(shopper)).status).toBe(201);
    });
  });

  describe('limits per account and address', () => {
    it(`refuses cash on delivery after ${COD_CANCELS_PER_DAY} cancelled COD orders today; online payment stays open`, async () => {
      const shopper = await signUpCustomer(ctx);
      for (let i = 0; i < COD_CANCELS_PER_DAY; i += 1) {
        const placed = await placeCod(shopper);
        expect(placed.status).toBe(201);
        await ctx.http.post(`/api/orders/${placed.body.order._id}/cancel`).set(bearer(shopper.token)).expect(200);
      }
      const refused = await placeCod(shopper);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(VERIFY_TEXTS.codTooManyCancels);
      const online = await ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ address: RAJKOT });
      expect(online.status).toBe(200);
    });

    it(`sends one address at most ${MAILS_PER_DAY} mails a day, the rest skipped`, async () => {
      const shopper = await signUpCustomer(ctx);
      for (let i = 0; i < MAILS_PER_DAY; i += 1) await takeAddressMail(ctx.deps, shopper.email);
      const before = mailsTo(shopper.email).length;
      const placed = await placeCod(shopper);
      await orderMailsSent();
      await ctx.http.post(`/api/orders/${placed.body.order._id}/cancel`).set(bearer(shopper.token)).expect(200);
      expect(mailsTo(shopper.email)).toHaveLength(before);
      // The day's counters match the address without keeping it readable.
      const keys = (await mongoose.connection.collection('dailycounts').find().toArray()).map((doc) => String(doc.key));
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.includes(shopper.email) || key.includes('@'))).toEqual([]);
    });
  });

  describe('what the owner sees', () => {
    it('the users list says who confirmed their address', async () => {
      const pending = await unverified();
      const confirmed = await signUpCustomer(ctx);
      const rows = (await ctx.http.get('/api/admin/users').set(bearer(admin)).query({ limit: 100 })).body.items as {
        _id: string;
        emailVerified: boolean;
      }[];
      expect(rows.find((r) => r._id === pending.userId)!.emailVerified).toBe(false);
      expect(rows.find((r) => r._id === confirmed.userId)!.emailVerified).toBe(true);
    });

    it('POST /api/orders/:id/refused is the owner’s only', async () => {
      await expectAdminOnly(ctx, 'post', '/api/orders/0123456789abcdef01234567/refused');
    });

    it("each order row's shopper has their COD history; refused parcels past the owner's setting need online payment", async () => {
      const shopper = await signUpCustomer(ctx);
      const delivered = (await placeCod(shopper)).body.order._id as string;
      await setStatus(delivered, 'Dispatched');
      await setStatus(delivered, 'Delivered');
      const refused = (await placeCod(shopper)).body.order._id as string;

      const early = await ctx.http.post(`/api/orders/${refused}/refused`).set(bearer(admin));
      expect(early.status).toBe(409);
      expect(early.body.error).toBe(VERIFY_TEXTS.notRefusable);
      await setStatus(refused, 'Dispatched');
      const marked = await Promise.all(
        [1, 2, 3].map(() => ctx.http.post(`/api/orders/${refused}/refused`).set(bearer(admin))),
      );
      expect(marked.map((m) => m.status)).toEqual([200, 200, 200]);
      expect(marked[0]!.body).toMatchObject({ status: 'Cancelled', codRefused: true });
      const cancelled = (await placeCod(shopper)).body.order._id as string;
      await ctx.http.post(`/api/orders/${cancelled}/cancel`).set(bearer(shopper.token)).expect(200);
      expect((await ctx.http.post('/api/orders/0123456789abcdef01234567/refused').set(bearer(admin))).status).toBe(404);

      const page = await ctx.http
        .get('/api/admin/orders')
        .set(bearer(admin))
        .query({ status: 'Cancelled', limit: 100 });
      expect(page.status).toBe(200);
      expect(page.body.codHistory[shopper.userId]).toEqual({ delivered: 1, refused: 1, cancelled: 1 });

      const settings = (await ctx.http.get('/api/admin/delivery').set(bearer(admin))).body;
      const bad = await ctx.http
        .put('/api/admin/delivery')
        .set(bearer(admin))
        .send({ ...settings, codMaxRefusals: 1.5 });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(VERIFY_TEXTS.invalidCodRefusals);
      await ctx.http
        .put('/api/admin/delivery')
        .set(bearer(admin))
        .send({ ...settings, codMaxRefusals: 1 })
        .expect(200);
      const blocked = await placeCod(shopper);
      expect(blocked.status).toBe(403);
      expect(blocked.body.error).toBe(VERIFY_TEXTS.codRefusedTooOften);
      await ctx.http
        .put('/api/admin/delivery')
        .set(bearer(admin))
        .send({ ...settings, codMaxRefusals: 0 })
        .expect(200);
      expect((await placeCod(shopper)).status).toBe(201);
    });
  });
});
