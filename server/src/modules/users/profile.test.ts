import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { issueToken } from '../../lib/tokens.js';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { User } from './user.model.js';

const NINE_HOURS_MS = 9 * 60 * 60 * 1000;
const ADDRESS = '14 Kalawad Road, Rajkot, Gujarat, India, 360005';

describe('customer profile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  describe('GET /api/auth/user', () => {
    it('answers the signed-in shopper profile without secrets', async () => {
      const shopper = await signUpCustomer(ctx, { username: 'Meera', contact: '9123456780' });
      const res = await ctx.http.get('/api/auth/user').set(bearer(shopper.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        _id: shopper.userId,
        username: 'Meera',
        email: shopper.email,
        contact: '9123456780',
        address: null,
        emailVerified: true,
      });
    });

    it('answers 401 without a token', async () => {
      const res = await ctx.http.get('/api/auth/user');
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(MESSAGES.unauthorized);
    });

    it('answers 401 for an expired token', async () => {
      const shopper = await signUpCustomer(ctx);
      const { token } = issueToken(ctx.config.jwtSecret, shopper.userId, 'customer', {
        now: Date.now() - NINE_HOURS_MS,
      });
      const res = await ctx.http.get('/api/auth/user').set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(MESSAGES.sessionExpired);
    });

    it('answers 401 for a token signed with another secret', async () => {
      const shopper = await signUpCustomer(ctx);
      const { token } = issueToken('some-other-secret-of-an-attacker', shopper.userId, 'customer');
      const res = await ctx.http.get('/api/auth/user').set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(MESSAGES.unauthorized);
    });

    it('answers 401 for a malformed token', async () => {
      const res = await ctx.http.get('/api/auth/user').set(bearer('not.a.jwt'));
      expect(res.status).toBe(401);
    });

    it('answers 401 once the account was deleted', async () => {
      const shopper = await signUpCustomer(ctx);
      await User.deleteOne({ _id: shopper.userId });
      const res = await ctx.http.get('/api/auth/user').set(bearer(shopper.token));
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(MESSAGES.unauthorized);
    });

    it('answers 403 for an admin token, which is not a shopper', async () => {
      const admin = await createAdminToken(ctx);
      const res = await ctx.http.get('/api/auth/user').set(bearer(admin.token));
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/auth/add-address and /remove-address', () => {
    it('saves the address and shows it in the profile', async () => {
      const shopper = await signUpCustomer(ctx);
      const res = await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address: ADDRESS });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ address: ADDRESS, message: MESSAGES.addressSaved });
      const me = await ctx.http.get('/api/auth/user').set(bearer(shopper.token));
      expect(me.body.address).toBe(ADDRESS);
    });

    it('replaces an existing address', async () => {
      const shopper = await signUpCustomer(ctx);
      await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address: ADDRESS }).expect(200);
      const changed = 'Plot 7, Yagnik Road, Rajkot, Gujarat, India, 360001';
      await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address: changed }).expect(200);
      const me = await ctx.http.get('/api/auth/user').set(bearer(shopper.token));
      expect(me.body.address).toBe(changed);
    });

    it.each([
      ['four parts', 'Kalawad Road, Rajkot, Gujarat, India'],
      ['an empty part', 'Kalawad Road, , Gujarat, India, 360005'],
      ['a blank part', 'Kalawad Road, Rajkot,  , India, 360005'],
      ['an empty string', ''],
      ['a number', 42],
      ['an object', { $ne: null }],
    ])('refuses an address with %s', async (_label, address) => {
      const shopper = await signUpCustomer(ctx);
      const res = await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.fillAllAddressFields);
      expect((await User.findById(shopper.userId).lean())?.address).toBeNull();
    });

    it.each([
      ['a 5-digit PIN', 'Kalawad Road, Rajkot, Gujarat, India, 36000', MESSAGES.invalidPinCode],
      ['a PIN starting with 0', 'Kalawad Road, Rajkot, Gujarat, India, 060005', MESSAGES.invalidPinCode],
      ['letters in the PIN', 'Kalawad Road, Rajkot, Gujarat, India, 3600O5', MESSAGES.invalidPinCode],
      ['a state not on the list', 'Kalawad Road, Rajkot, Gujrat, India, 360005', MESSAGES.invalidIndianState],
    ])('refuses an Indian address with %s', async (_label, address, message) => {
      const shopper = await signUpCustomer(ctx);
      const res = await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect((await User.findById(shopper.userId).lean())?.address).toBeNull();
    });

    it('accepts a union territory, and a foreign postal code outside India', async () => {
      const shopper = await signUpCustomer(ctx);
      for (const address of [
        '4 Janpath, New Delhi, Delhi, India, 110001',
        '3 Durbar Marg, Kathmandu, Bagmati, Nepal, 44600',
      ]) {
        await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address }).expect(200);
        expect((await User.findById(shopper.userId).lean())?.address).toBe(address);
      }
    });

    it("still shows an old saved address that today's rules would refuse", async () => {
      const shopper = await signUpCustomer(ctx);
      await User.updateOne({ _id: shopper.userId }, { address: 'Near Kotecha Chowk, Rajkot, Guj, India, 36005' });
      const me = await ctx.http.get('/api/auth/user').set(bearer(shopper.token)).expect(200);
      expect(me.body.address).toBe('Near Kotecha Chowk, Rajkot, Guj, India, 36005');
    });

    it('removes the address', async () => {
      const shopper = await signUpCustomer(ctx);
      await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address: ADDRESS }).expect(200);
      const res = await ctx.http.post('/api/auth/remove-address').set(bearer(shopper.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ address: null, message: MESSAGES.addressRemoved });
      const me = await ctx.http.get('/api/auth/user').set(bearer(shopper.token));
      expect(me.body.address).toBeNull();
    });

    it('needs a token for both calls', async () => {
      const add = await ctx.http.post('/api/auth/add-address').send({ address: ADDRESS });
      const remove = await ctx.http.post('/api/auth/remove-address');
      expect(add.status).toBe(401);
      expect(remove.status).toBe(401);
    });

    it('answers 401 for the token of a deleted account', async () => {
      const shopper = await signUpCustomer(ctx);
      await User.deleteOne({ _id: shopper.userId });
      const res = await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address: ADDRESS });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/auth/users', () => {
    it('lists registered shoppers to the admin without password hashes', async () => {
      const shopper = await signUpCustomer(ctx, { username: 'Listed Shopper' });
      const admin = await createAdminToken(ctx);
      const res = await ctx.http.get('/api/auth/users').set(bearer(admin.token));
      expect(res.status).toBe(200);
      expect(res.body).toContainEqual({
        _id: shopper.userId,
        username: 'Listed Shopper',
        email: shopper.email,
        contact: shopper.contact,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|\$2[aby]\$/);
    });

    it('refuses shoppers (403) and visitors (401)', async () => {
      const shopper = await signUpCustomer(ctx);
      expect((await ctx.http.get('/api/auth/users').set(bearer(shopper.token))).status).toBe(403);
      expect((await ctx.http.get('/api/auth/users')).status).toBe(401);
    });
  });
});
