import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { issueToken, verifyToken, type TokenClaims } from '../../lib/tokens.js';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { Admin } from '../admin/admin.model.js';
import { setAdminPassword } from '../admin/service.js';
import { User } from '../users/user.model.js';
import { SESSION_STATE_TTL_MS, createSessionCheck } from './session-check.js';

/** Reads of each collection the account check uses, counted through mongoose's debug hook. */
function countReads() {
  const reads = { users: 0, admins: 0, revokedtokens: 0 };
  mongoose.set('debug', (collection: string, method: string) => {
    if (collection in reads && method.startsWith('find')) reads[collection as keyof typeof reads] += 1;
  });
  return reads;
}

describe('the signed-in state kept per token', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    mongoose.set('debug', false);
  });

  const cart = (token: string) => ctx.http.get('/api/cart/cart').set(bearer(token));

  it("reads a shopper's account and logouts once, not on every call", async () => {
    const shopper = await signUpCustomer(ctx);
    const reads = countReads();
    for (let i = 0; i < 5; i += 1) await cart(shopper.token).expect(200);
    expect(reads).toEqual({ users: 1, admins: 0, revokedtokens: 1 });
  });

  it.each([
    ['its token is logged out', (s: { token: string }) => ctx.http.post('/api/auth/logout').set(bearer(s.token))],
    [
      'the shopper logs out everywhere',
      (s: { token: string }) => ctx.http.post('/api/auth/logout-all').set(bearer(s.token)),
    ],
    [
      'its session version is raised',
      (s: { userId: string }) => User.updateOne({ _id: s.userId }, { $inc: { sessionVersion: 1 } }),
    ],
  ])('refuses a kept token from the moment %s', async (_what, revoke) => {
    const shopper = await signUpCustomer(ctx);
    await cart(shopper.token).expect(200);
    await cart(shopper.token).expect(200);
    await revoke(shopper);
    const refused = await cart(shopper.token);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(MESSAGES.sessionExpired);
  });

  it.each([
    ['deleted by one query', (userId: string) => User.deleteOne({ _id: userId })],
    ['deleted with others', (userId: string) => User.deleteMany({ _id: { $in: [userId] } })],
    ['deleted as a document', async (userId: string) => (await User.findById(userId))!.deleteOne()],
    ['found and deleted', (userId: string) => User.findByIdAndDelete(userId)],
  ])('refuses a kept token from the moment its account is %s', async (_what, remove) => {
    const shopper = await signUpCustomer(ctx);
    await cart(shopper.token).expect(200);
    await remove(shopper.userId);
    const refused = await cart(shopper.token);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(MESSAGES.unauthorized);
  });

  it("refuses an admin's kept token from the moment the password is set again", async () => {
    const admin = await createAdminToken(ctx, 'kept-owner');
    await ctx.http.get('/api/admin/users').set(bearer(admin.token)).expect(200);
    await setAdminPassword(admin.username, 'another-pass-456');
    const refused = await ctx.http.get('/api/admin/users').set(bearer(admin.token));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(MESSAGES.sessionExpired);
    await Admin.deleteOne({ username: admin.username });
  });

  it("does not read a kept token's account again after a change that ends no session (an address)", async () => {
    const shopper = await signUpCustomer(ctx);
    await cart(shopper.token).expect(200);
    await User.updateOne({ _id: shopper.userId }, { $set: { address: '7 Race Course Road, Rajkot' } });
    const reads = countReads();
    await cart(shopper.token).expect(200);
    expect(reads.users).toBe(0);
  });

  it('believes a token past a change made around the app (mongosh) for at most SESSION_STATE_TTL_MS', async () => {
    let clock = Date.now();
    const check = createSessionCheck({ recheckMs: Infinity, now: () => clock });
    const shopper = await signUpCustomer(ctx);
    const verified = verifyToken(ctx.config.jwtSecret, shopper.token);
    const claims = (verified.ok ? verified.claims : undefined) as TokenClaims;
    expect(await check(claims)).toBe('live');
    // The driver's own collection: no mongoose middleware sees this write.
    await User.collection.deleteOne({ _id: new mongoose.Types.ObjectId(shopper.userId) });
    expect(await check(claims)).toBe('live');
    clock += SESSION_STATE_TTL_MS;
    expect(await check(claims)).toBe('gone');
  });

  it('refuses a token of an id that is no account id without reading', async () => {
    const reads = countReads();
    const forged = issueToken(ctx.config.jwtSecret, 'not-an-object-id', 'customer').token;
    const refused = await cart(forged);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(MESSAGES.unauthorized);
    expect(reads).toEqual({ users: 0, admins: 0, revokedtokens: 0 });
  });
});
