import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP, MESSAGES, SESSION_LIFETIME_MS } from '@kesh/shared';
import { signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { User } from '../users/user.model.js';

const valid = () => ({
  username: 'Asha Patel',
  email: `asha-${Math.random().toString(36).slice(2, 8)}@example.com`,
  contact: '9876543210',
  password: 'tulsi-and-amla',
});

describe('POST /api/auth/signup', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('creates the account and answers a session valid for 8 hours', async () => {
    const body = valid();
    const before = Date.now();
    const res = await ctx.http.post('/api/auth/signup').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'Asha Patel', userId: expect.any(String), token: expect.any(String) });
    expect(res.body.expiresAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS - 1000);
    expect(res.body.expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
    const claims = jwt.decode(res.body.token) as { sub: string; role: string; exp: number };
    expect(claims.sub).toBe(res.body.userId);
    expect(claims.role).toBe('customer');
    expect(JSON.stringify(res.body)).not.toContain(body.password);
  });

  it('stores a bcrypt hash, never the password', async () => {
    const body = valid();
    await ctx.http.post('/api/auth/signup').send(body).expect(201);
    const stored = await User.findOne({ email: body.email }).select('+passwordHash').lean();
    expect(stored?.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(stored?.passwordHash).not.toContain(body.password);
  });

  it.each([
    ['a missing username', { username: undefined }, MESSAGES.fillAllFields],
    ['a blank email', { email: '   ' }, MESSAGES.fillAllFields],
    ['a missing contact', { contact: undefined }, MESSAGES.fillAllFields],
    ['an empty password', { password: '' }, MESSAGES.fillAllFields],
    ['an email with a space', { email: 'asha patel@example.com' }, MESSAGES.invalidEmail(DEFAULT_SHOP.email)],
    ['an email without a domain dot', { email: 'asha@example' }, MESSAGES.invalidEmail(DEFAULT_SHOP.email)],
    ['a 9-digit contact', { contact: '987654321' }, MESSAGES.invalidPhone],
    ['a contact with letters', { contact: '98765abcde' }, MESSAGES.invalidPhone],
    ['a 7-character password', { password: 'short12' }, MESSAGES.passwordTooShort],
  ])('refuses %s with the spec message', async (_label, change, message) => {
    const body = { ...valid(), ...change };
    const res = await ctx.http.post('/api/auth/signup').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await User.countDocuments({ email: body.email ?? '' })).toBe(0);
  });

  it('answers 409 for an email that is already registered, whatever its case', async () => {
    const body = valid();
    await ctx.http.post('/api/auth/signup').send(body).expect(201);
    const res = await ctx.http.post('/api/auth/signup').send({ ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(MESSAGES.emailTaken);
  });

  it('lets exactly one of many parallel sign-ups with one email through', async () => {
    const body = valid();
    const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.http.post('/api/auth/signup').send(body)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await User.countDocuments({ email: body.email })).toBe(1);
  });
});

describe('POST /api/auth/login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('answers username, token, userId and expiry for the right password', async () => {
    const shopper = await signUpCustomer(ctx);
    const res = await ctx.http
      .post('/api/auth/login')
      .send({ email: `  ${shopper.email.toUpperCase()} `, password: shopper.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: shopper.username, userId: shopper.userId });
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.expiresAt).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - 60_000);
    const me = await ctx.http.get('/api/auth/user').set('Authorization', `Bearer ${res.body.token}`);
    expect(me.body.email).toBe(shopper.email);
  });

  it('gives the same 401 answer for a wrong password and an unknown email', async () => {
    const shopper = await signUpCustomer(ctx);
    const wrong = await ctx.http.post('/api/auth/login').send({ email: shopper.email, password: 'not-the-password' });
    const unknown = await ctx.http
      .post('/api/auth/login')
      .send({ email: 'nobody-here@example.com', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe(MESSAGES.invalidCredentials);
  });

  it.each([
    ['no email', { password: 'whatever1' }],
    ['no password', { email: 'a@example.com' }],
    ['a blank email', { email: ' ', password: 'whatever1' }],
    ['an empty body', {}],
  ])('asks to fill all fields with %s', async (_label, body) => {
    const res = await ctx.http.post('/api/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.fillAllFields);
  });
});

describe('signup with a configured shop email', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ SHOP_EMAIL: 'hello@rajkot-herbs.in' });
  });
  afterAll(() => ctx.close());

  it('shows the shop email as the example in the email message', async () => {
    const res = await ctx.http.post('/api/auth/signup').send({ ...valid(), email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.invalidEmail('hello@rajkot-herbs.in'));
  });
});
