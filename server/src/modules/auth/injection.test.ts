import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { User } from '../users/user.model.js';
import { ContactMessage } from '../contact/contact.model.js';

/** Hostile bodies: operators, arrays and huge strings where strings belong. */
describe('hostile request bodies', () => {
  let ctx: TestContext;
  let shopper: Awaited<ReturnType<typeof signUpCustomer>>;
  beforeAll(async () => {
    ctx = await startTestApp();
    shopper = await signUpCustomer(ctx);
  });
  afterAll(() => ctx.close());

  const NINETY_KB = 'a'.repeat(90 * 1024);

  it.each([
    ['an operator as email', { email: { $ne: null }, password: { $ne: null } }],
    ['an operator as password', { email: 'x@example.com', password: { $gt: '' } }],
    ['arrays', { email: ['x@example.com'], password: ['p'] }],
    ['a 90 kB password', { email: 'x@example.com', password: NINETY_KB }],
  ])('login with %s is a 400 without a token', async (_label, body) => {
    const res = await ctx.http.post('/api/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.fillAllFields);
    expect(res.body.token).toBeUndefined();
  });

  it.each([
    ['an operator as email', { email: { $ne: null } }],
    ['a regex operator as email', { email: { $regex: '.*' } }],
    ['an array email', { email: ['someone@example.com'] }],
  ])('forgot-password with %s is a 400 and sends nothing', async (_label, body) => {
    const before = ctx.deps.mailer.outbox.length;
    const res = await ctx.http.post('/api/auth/forgot-password').send(body);
    expect(res.status).toBe(400);
    expect(ctx.deps.mailer.outbox.length).toBe(before);
  });

  it('verify-otp with operators cannot reset anyone', async () => {
    const res = await ctx.http
      .post('/api/auth/verify-otp')
      .send({ email: { $ne: null }, otp: { $ne: null }, newPassword: 'taken-over!!' });
    expect(res.status).toBe(400);
    const login = await ctx.http.post('/api/auth/login').send({ email: shopper.email, password: shopper.password });
    expect(login.status).toBe(200);
  });

  it.each([
    ['an array username', { username: ['a', 'b'] }],
    ['an object contact', { contact: { $gt: '' } }],
    ['a 90 kB username', { username: NINETY_KB }],
  ])('signup with %s is a 400 and creates nobody', async (_label, change) => {
    const before = await User.countDocuments();
    const res = await ctx.http.post('/api/auth/signup').send({
      username: 'X',
      email: 'new-person@example.com',
      contact: '9876543210',
      password: 'long-enough',
      ...change,
    });
    expect(res.status).toBe(400);
    expect(await User.countDocuments()).toBe(before);
  });

  it('a JSON array as the whole body is a 400', async () => {
    const res = await ctx.http.post('/api/auth/login').send([{ email: shopper.email }]);
    expect(res.status).toBe(400);
  });

  it('a 90 kB contact message is a 400 and is not stored', async () => {
    const res = await ctx.http.post('/api/contact').send({ name: 'Big', email: 'big@example.com', message: NINETY_KB });
    expect(res.status).toBe(400);
    expect(await ContactMessage.countDocuments()).toBe(0);
  });

  it.each([
    ['login', '/api/auth/login'],
    ['signup', '/api/auth/signup'],
    ['contact', '/api/contact'],
  ])('a 1 MB body to %s is a 413 and changes nothing', async (_label, path) => {
    const users = await User.countDocuments();
    const huge = 'b'.repeat(1024 * 1024);
    const res = await ctx.http.post(path).send({
      username: huge,
      name: huge,
      email: 'huge@example.com',
      contact: '9876543210',
      password: huge,
      message: huge,
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(MESSAGES.bodyTooLarge);
    expect(await User.countDocuments()).toBe(users);
    expect(await ContactMessage.countDocuments()).toBe(0);
  });

  it('a body just over 100 kB is a 413', async () => {
    const res = await ctx.http
      .post('/api/auth/add-address')
      .set(bearer(shopper.token))
      .send({ address: 'c'.repeat(101 * 1024) });
    expect(res.status).toBe(413);
  });

  it('the stored user is unchanged by all of the above', async () => {
    const me = await ctx.http.get('/api/auth/user').set(bearer(shopper.token));
    expect(me.body).toMatchObject({ email: shopper.email, username: shopper.username, address: null });
  });
});
