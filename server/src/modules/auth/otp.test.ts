import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OTP_MAX_ATTEMPTS } from '@kesh/shared';
import {
  bearer,
  codeMailedTo as codeMailed,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { PasswordReset } from './password-reset.model.js';

describe('forgot password with a one-time code', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  const requestCode = (email: string) => ctx.http.post('/api/auth/forgot-password').send({ email });
  const verify = (body: Record<string, unknown>) => ctx.http.post('/api/auth/verify-otp').send(body);

  const codeMailedTo = (email: string, after = 0) => codeMailed(ctx, email, after);

  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers the same for a registered and an unknown email, and mails only the registered one', async () => {
    const shopper = await signUpCustomer(ctx);
    const before = ctx.deps.mailer.outbox.length;
    const known = await requestCode(shopper.email);
    const unknown = await requestCode('nobody-registered@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: MESSAGES.otpSentIfExists });
    expect(unknown.body).toEqual(known.body);
    expect(await codeMailedTo(shopper.email)).toMatch(/^\d{6}$/);
    await new Promise((r) => setTimeout(r, 100));
    expect(ctx.deps.mailer.outbox.length).toBe(before + 1);
  });

  it('stores the code hashed, never in clear', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email).expect(200);
    const stored = await PasswordReset.findOne({ email: shopper.email }).lean();
    expect(stored?.codeHash).toMatch(/^[a-f0-9]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(await codeMailedTo(shopper.email));
  });

  it('verifies the right code without using it up, then resets the password with it', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email.toUpperCase()).expect(200);
    const otp = await codeMailedTo(shopper.email);

    const checked = await verify({ email: shopper.email, otp });
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ message: MESSAGES.otpVerified, success: true });

    const reset = await verify({ email: shopper.email, otp, newPassword: 'brand-new-secret' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: MESSAGES.passwordReset, success: true });

    const oldLogin = await ctx.http.post('/api/auth/login').send({ email: shopper.email, password: shopper.password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await ctx.http
      .post('/api/auth/login')
      .send({ email: shopper.email, password: 'brand-new-secret' });
    expect(newLogin.status).toBe(200);

    const reused = await verify({ email: shopper.email, otp, newPassword: 'another-password' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe(MESSAGES.otpInvalid);
  });

  it('ends every session of the old password, and the new password signs in afresh', async () => {
    const shopper = await signUpCustomer(ctx);
    const other = await ctx.http.post('/api/auth/login').send({ email: shopper.email, password: shopper.password });
    const oldTokens = [shopper.token, other.body.token as string];
    for (const token of oldTokens) await ctx.http.get('/api/auth/user').set(bearer(token)).expect(200);

    await requestCode(shopper.email).expect(200);
    await verify({
      email: shopper.email,
      otp: await codeMailedTo(shopper.email),
      newPassword: 'brand-new-secret',
    }).expect(200);

    for (const token of oldTokens) {
      for (const res of [
        await ctx.http.get('/api/auth/user').set(bearer(token)),
        await ctx.http.get('/api/cart/cart').set(bearer(token)),
        await ctx.http.get('/api/orders/').set(bearer(token)),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.error).toBe(MESSAGES.sessionExpired);
      }
    }
    const fresh = await ctx.http.post('/api/auth/login').send({ email: shopper.email, password: 'brand-new-secret' });
    const profile = await ctx.http.get('/api/auth/user').set(bearer(fresh.body.token as string));
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(shopper.email);
  });

  it('refuses a wrong code with 400', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email).expect(200);
    const res = await verify({ email: shopper.email, otp: wrongCodeFor(await codeMailedTo(shopper.email)) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.otpInvalid);
    expect(res.body.message).not.toBe(MESSAGES.otpVerified);
  });

  it('refuses a code for an email without a request, and for an unknown email', async () => {
    const shopper = await signUpCustomer(ctx);
    expect((await verify({ email: shopper.email, otp: '123456' })).body.error).toBe(MESSAGES.otpInvalid);
    expect((await verify({ email: 'ghost@example.com', otp: '123456' })).body.error).toBe(MESSAGES.otpInvalid);
  });

  it('refuses even the right code after 5 wrong tries', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email).expect(200);
    const otp = await codeMailedTo(shopper.email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) {
      expect((await verify({ email: shopper.email, otp: wrongCodeFor(otp) })).status).toBe(400);
    }
    const res = await verify({ email: shopper.email, otp, newPassword: 'brand-new-secret' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.otpInvalid);
  });

  it('counts parallel wrong guesses atomically: never more than 5 are checked', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email).expect(200);
    const otp = await codeMailedTo(shopper.email);
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => verify({ email: shopper.email, otp: g })));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const stored = await PasswordReset.findOne({ email: shopper.email }).lean();
    expect(stored?.openAttempts).toBe(OTP_MAX_ATTEMPTS);
    expect((await verify({ email: shopper.email, otp })).status).toBe(400);
  });

  it('gives back the attempt of a right code, so the reset step still works after verify', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email).expect(200);
    const otp = await codeMailedTo(shopper.email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i += 1) await verify({ email: shopper.email, otp: wrongCodeFor(otp) });
    await verify({ email: shopper.email, otp }).expect(200);
    await verify({ email: shopper.email, otp, newPassword: 'brand-new-secret' }).expect(200);
  });

  it('checks only the newest code without the reset cookie, and a new request gives fresh tries', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email).expect(200);
    const first = await codeMailedTo(shopper.email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) await verify({ email: shopper.email, otp: wrongCodeFor(first) });
    await requestCode(shopper.email).expect(200);
    const second = await codeMailedTo(shopper.email, 1);
    if (first !== second) expect((await verify({ email: shopper.email, otp: first })).status).toBe(400);
    await verify({ email: shopper.email, otp: second }).expect(200);
  });

  it('refuses an expired code', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email).expect(200);
    const otp = await codeMailedTo(shopper.email);
    await PasswordReset.updateMany({ email: shopper.email }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await verify({ email: shopper.email, otp, newPassword: 'brand-new-secret' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.otpInvalid);
  });

  it('sets the expiry 10 minutes ahead', async () => {
    const shopper = await signUpCustomer(ctx);
    const before = Date.now();
    await requestCode(shopper.email).expect(200);
    const stored = await PasswordReset.findOne({ email: shopper.email }).lean();
    const expiresAt = stored!.expiresAt.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * 60 * 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60 * 1000);
  });

  it.each([
    ['forgot-password without email', '/api/auth/forgot-password', {}, MESSAGES.fillRequiredField],
    ['verify-otp without otp', '/api/auth/verify-otp', { email: 'a@example.com' }, MESSAGES.fillRequiredField],
    ['verify-otp without email', '/api/auth/verify-otp', { otp: '123456' }, MESSAGES.fillRequiredField],
    [
      'a new password under 8 characters',
      '/api/auth/verify-otp',
      { email: 'a@example.com', otp: '123456', newPassword: 'short' },
      MESSAGES.passwordTooShort,
    ],
  ])('answers 400 to %s', async (_label, path, body, message) => {
    const res = await ctx.http.post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('does not reset with a too-short password and keeps the code usable', async () => {
    const shopper = await signUpCustomer(ctx);
    await requestCode(shopper.email).expect(200);
    const otp = await codeMailedTo(shopper.email);
    await verify({ email: shopper.email, otp, newPassword: 'short' }).expect(400);
    await verify({ email: shopper.email, otp, newPassword: 'long-enough-now' }).expect(200);
  });
});
