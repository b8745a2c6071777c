import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { startTestApp, type TestContext } from '../../test/harness.js';

/** The limits of auth/routes.ts, seen from outside. */
describe('rate limits on guessable auth calls', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(() => ctx.close());

  async function statuses(count: number, call: (i: number) => PromiseLike<{ status: number }>) {
    const out: number[] = [];
    for (let i = 0; i < count; i += 1) out.push((await call(i)).status);
    return out;
  }

  it('allows 10 logins per email in 15 minutes, then answers 429', async () => {
    const login = () => ctx.http.post('/api/auth/login').send({ email: 'Target@example.com', password: 'guess-guess' });
    expect(await statuses(10, login)).toEqual(Array(10).fill(401));
    const blocked = await ctx.http
      .post('/api/auth/login')
      .send({ email: 'target@example.com ', password: 'x-guess-x' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(MESSAGES.tooManyRequests);
    const other = await ctx.http.post('/api/auth/login').send({ email: 'other@example.com', password: 'guess-guess' });
    expect(other.status).toBe(401);
  });

  it('allows 5 signups per email in an hour, so nobody can make the server hash endlessly', async () => {
    const body = {
      username: 'Mira',
      email: 'signup-target@example.com',
      contact: '9876543210',
      password: 'long-enough',
    };
    const signUp = () => ctx.http.post('/api/auth/signup').send(body);
    expect(await statuses(5, signUp)).toEqual([201, 409, 409, 409, 409]);
    expect((await signUp()).status).toBe(429);
  });

  it('allows 5 code requests per email in an hour', async () => {
    const ask = () => ctx.http.post('/api/auth/forgot-password').send({ email: 'otp-target@example.com' });
    expect(await statuses(5, ask)).toEqual(Array(5).fill(200));
    expect((await ask()).status).toBe(429);
  });

  it('allows 10 code checks per email in 15 minutes', async () => {
    const check = () =>
      ctx.http.post('/api/auth/verify-otp').send({ email: 'check-target@example.com', otp: '000000' });
    expect(await statuses(10, check)).toEqual(Array(10).fill(400));
    expect((await check()).status).toBe(429);
  });

  it('limits one IP trying many emails', async () => {
    // The earlier tests already spent 12 of this IP's 50 logins.
    const login = (i: number) =>
      ctx.http.post('/api/auth/login').send({ email: `spray${i}@example.com`, password: 'guess-guess' });
    const answers = await statuses(40, login);
    expect(answers.slice(0, 38).every((s) => s === 401)).toBe(true);
    expect(answers.slice(38)).toEqual([429, 429]);
  });
});
