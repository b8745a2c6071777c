import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../test/harness.js';
import { ContactMessage } from '../modules/contact/contact.model.js';

/**
 * A cross-site form, or a fetch without a CORS preflight, can send a body as text/plain,
 * application/x-www-form-urlencoded or multipart/form-data, with any parameters. JSON routes take
 * only application/json and application/*+json, so such a request is refused before it does anything.
 */
const SIMPLE_TYPES = [
  'text/plain;x=json',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded;x=json',
  'multipart/form-data; boundary=json',
];

describe('JSON routes take JSON media types only', () => {
  let ctx: TestContext;
  let shopper: Awaited<ReturnType<typeof signUpCustomer>>;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await startTestApp();
    shopper = await signUpCustomer(ctx);
    adminToken = (await createAdminToken(ctx, 'owner', 'owner-pass-123')).token;
  });
  afterAll(() => ctx.close());

  const routes = () => [
    { path: '/api/auth/login', body: { email: shopper.email, password: shopper.password } },
    {
      path: '/api/auth/signup',
      body: { username: 'Csrf', email: 'csrf-victim@example.com', contact: '9876543210', password: 'long-enough' },
    },
    {
      path: '/api/contact',
      body: { name: 'Csrf', email: 'csrf@example.com', message: 'planted', subject: '', phoneNo: '' },
    },
    { path: '/api/auth/forgot-password', body: { email: shopper.email } },
    { path: '/api/auth/verify-otp', body: { email: shopper.email, otp: '123456' } },
    { path: '/logAdmin', body: { username: 'owner', password: 'owner-pass-123' } },
    { path: '/api/auth/add-address', body: { address: 'a, b, c, d, 360001' }, token: shopper.token },
    { path: '/api/cart/clear-cart', body: {}, token: shopper.token },
    { path: '/api/auth/logout', body: {}, token: shopper.token },
  ];

  it.each(SIMPLE_TYPES)('answers 415 to a %s body on every JSON route, and nothing happens', async (type) => {
    const mailsBefore = ctx.deps.mailer.outbox.length;
    for (const { path, body, token } of routes()) {
      let req = ctx.http.post(path).set('Content-Type', type);
      if (token) req = req.set(bearer(token));
      const res = await req.send(JSON.stringify(body));
      expect(res.status, `${path} with ${type}`).toBe(415);
      expect(res.body.error).toBe(MESSAGES.jsonOnly);
      expect(res.body.token).toBeUndefined();
    }
    expect(await ContactMessage.countDocuments({ message: 'planted' })).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(ctx.deps.mailer.outbox.length).toBe(mailsBefore);
    // The shopper's session survived the logout attempt.
    await ctx.http.get('/api/auth/user').set(bearer(shopper.token)).expect(200);
  });

  it('answers 415 to the admin logout with a text body, and the admin stays signed in', async () => {
    const res = await ctx.http
      .post('/logout')
      .set('Authorization', adminToken)
      .set('Content-Type', 'text/plain')
      .send('{}');
    expect(res.status).toBe(415);
    await ctx.http.get('/api/contact').set(bearer(adminToken)).expect(200);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json'])(
    'takes a %s body',
    async (type) => {
      const res = await ctx.http
        .post('/api/auth/login')
        .set('Content-Type', type)
        .send(JSON.stringify({ email: shopper.email, password: shopper.password }));
      expect(res.status).toBe(200);
      expect(res.body.username).toBe(shopper.username);
    },
  );

  it('still answers a login without any body with the spec message', async () => {
    const res = await ctx.http.post('/api/auth/login');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.fillAllFields);
  });
});
