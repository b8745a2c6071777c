import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';

/** A shopper's Logout ends the session on the server, not only in the browser. */
describe('customer logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  const login = async (email: string, password: string) =>
    (await ctx.http.post('/api/auth/login').send({ email, password }).expect(200)).body.token as string;
  const profile = (token: string) => ctx.http.get('/api/auth/user').set(bearer(token));

  it('revokes the token it is called with; the shopper’s other sessions go on', async () => {
    const shopper = await signUpCustomer(ctx);
    const phone = await login(shopper.email, shopper.password);

    const res = await ctx.http.post('/api/auth/logout').set(bearer(shopper.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });

    const after = await profile(shopper.token);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe(MESSAGES.sessionExpired);
    await ctx.http.get('/api/cart/cart').set(bearer(shopper.token)).expect(401);
    await profile(phone).expect(200);
  });

  it('logs out everywhere: every token of the account stops working, and a new login works', async () => {
    const shopper = await signUpCustomer(ctx);
    const phone = await login(shopper.email, shopper.password);

    const res = await ctx.http.post('/api/auth/logout-all').set(bearer(phone));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOutEverywhere });

    expect((await profile(phone)).status).toBe(401);
    expect((await profile(shopper.token)).body.error).toBe(MESSAGES.sessionExpired);
    await profile(await login(shopper.email, shopper.password)).expect(200);
  });

  it('answers 200 to parallel logouts of one token, and 401 to a later one', async () => {
    const shopper = await signUpCustomer(ctx);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ctx.http.post('/api/auth/logout').set(bearer(shopper.token))),
    );
    // The first to pass the session check revokes; the others may already see it revoked.
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(answers.every((a) => a.status === 200 || a.status === 401)).toBe(true);
    expect((await ctx.http.post('/api/auth/logout').set(bearer(shopper.token))).status).toBe(401);
  });

  it.each(['/api/auth/logout', '/api/auth/logout-all'])('%s needs a shopper’s token', async (path) => {
    const none = await ctx.http.post(path);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe(MESSAGES.unauthorized);
    expect((await ctx.http.post(path).set(bearer('forged.token.value'))).status).toBe(401);
    const admin = await createAdminToken(ctx);
    const asAdmin = await ctx.http.post(path).set(bearer(admin.token));
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.error).toBe(MESSAGES.forbidden);
  });
});
