import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import {
  codeMailedTo as codeMailed,
  resetMailsTo,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';

/**
 * Account protection as OWASP recommends it: per-IP and per-(IP, account) limits, and an
 * account-wide limit that a browser the account trusts is exempt from, so strangers cannot turn
 * the limits into a lock-out of the owner. Client IPs come from X-Forwarded-For (trusted from
 * loopback, as behind the shop's proxy).
 */
describe('strangers cannot lock a shopper out', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(() => ctx.close());

  const post = (path: string, ip: string, body: object, cookie?: string) => {
    const req = ctx.http.post(path).set('X-Forwarded-For', ip);
    return (cookie ? req.set('Cookie', cookie) : req).send(body);
  };
  const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) => {
    const cookies = (res.headers['set-cookie'] ?? []) as string[];
    const found = cookies.find((c) => c.startsWith(`${name}=`));
    if (!found) throw new Error(`no ${name} cookie`);
    return found.split(';')[0]!;
  };
  const strangerIp = (i: number) => `203.0.113.${i + 1}`;

  const codeMailedTo = (email: string, after: number) => codeMailed(ctx, email, after);
  const mailsTo = (email: string) => resetMailsTo(ctx, email).length;

  it("lets the owner log in from their own IP after 10 strangers' wrong passwords", async () => {
    const owner = await signUpCustomer(ctx);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await post('/api/auth/login', strangerIp(i), { email: owner.email, password: 'guess-guess' })).status,
      ).toBe(401);
    }
    const res = await post('/api/auth/login', '198.51.100.7', { email: owner.email, password: owner.password });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(owner.username);
  });

  it('still stops one IP after 10 wrong passwords for one account', async () => {
    const owner = await signUpCustomer(ctx);
    for (let i = 0; i < 10; i += 1)
      await post('/api/auth/login', '192.0.2.50', { email: owner.email, password: 'nope-nope' });
    const res = await post('/api/auth/login', '192.0.2.50', { email: owner.email, password: owner.password });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe(MESSAGES.tooManyRequests);
  });

  it('past the account-wide limit, lets in only a browser that has signed in to the account before', async () => {
    const { deviceCookie: device } = await signUpCustomer(ctx, {
      email: 'asha-device@example.com',
      password: 'asha-secret-1',
    });
    expect(device).toMatch(/^kesh_device=/);
    const wrong = Array.from({ length: 30 }, (_, i) =>
      post('/api/auth/login', strangerIp(i), { email: 'asha-device@example.com', password: 'wrong-wrong' }),
    );
    expect((await Promise.all(wrong)).map((r) => r.status)).toEqual(Array(30).fill(401));

    const right = { email: 'asha-device@example.com', password: 'asha-secret-1' };
    const newBrowser = await post('/api/auth/login', '198.51.100.8', right);
    expect(newBrowser.status).toBe(429);
    const forged = await post('/api/auth/login', '198.51.100.8', right, 'kesh_device=abc.def');
    expect(forged.status).toBe(429);
    const ownBrowser = await post('/api/auth/login', '198.51.100.8', right, device);
    expect(ownBrowser.status).toBe(200);
  });

  it("sends the owner's reset code though strangers asked for codes first, and their later requests do not cancel it", async () => {
    const owner = await signUpCustomer(ctx);
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/forgot-password', strangerIp(i), { email: owner.email })).status).toBe(200);
    }
    await codeMailedTo(owner.email, 4); // the strangers' 5 mails have left the queue
    const before = mailsTo(owner.email);
    const asked = await post('/api/auth/forgot-password', '198.51.100.9', { email: owner.email });
    expect(asked.status).toBe(200);
    const resetCookie = cookieNamed(asked, 'kesh_reset');
    expect(String(asked.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(asked.headers['set-cookie'])).toMatch(/SameSite=Strict/);
    const code = await codeMailedTo(owner.email, before);

    // Strangers keep asking and guessing, without the owner's browser cookie.
    for (let i = 5; i < 8; i += 1) await post('/api/auth/forgot-password', strangerIp(i), { email: owner.email });
    for (let i = 0; i < 12; i += 1) {
      await post('/api/auth/verify-otp', strangerIp(i), { email: owner.email, otp: String(100000 + i) });
    }

    const reset = await post(
      '/api/auth/verify-otp',
      '198.51.100.9',
      { email: owner.email, otp: code, newPassword: 'owner-new-secret' },
      resetCookie,
    );
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: MESSAGES.passwordReset, success: true });
    const login = await post('/api/auth/login', '198.51.100.9', { email: owner.email, password: 'owner-new-secret' });
    expect(login.status).toBe(200);
  });

  it('stops guessers without the cookie after 10 wrong codes for an account, whatever their IPs', async () => {
    const owner = await signUpCustomer(ctx);
    await post('/api/auth/forgot-password', '198.51.100.10', { email: owner.email }).expect(200);
    const code = await codeMailedTo(owner.email, 0);
    const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('/api/auth/verify-otp', strangerIp(50 + i), { email: owner.email, otp: wrong(i) }),
      ),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // The right code, without the cookie, from yet another IP: the account-wide limit holds.
    expect((await post('/api/auth/verify-otp', strangerIp(70), { email: owner.email, otp: code })).status).toBe(429);
  });

  it("lets the owner ask for a code though strangers used up the account's hourly requests, from a trusted browser", async () => {
    const { deviceCookie: device } = await signUpCustomer(ctx, { email: 'ravi-device@example.com' });
    for (let i = 0; i < 10; i += 1) {
      await post('/api/auth/forgot-password', strangerIp(100 + i), { email: 'ravi-device@example.com' }).expect(200);
    }
    const newBrowser = await post('/api/auth/forgot-password', '198.51.100.11', { email: 'ravi-device@example.com' });
    expect(newBrowser.status).toBe(429);
    await codeMailedTo('ravi-device@example.com', 9);
    const before = mailsTo('ravi-device@example.com');
    const own = await post('/api/auth/forgot-password', '198.51.100.11', { email: 'ravi-device@example.com' }, device);
    expect(own.status).toBe(200);
    expect(await codeMailedTo('ravi-device@example.com', before)).toMatch(/^\d{6}$/);
  });
});
