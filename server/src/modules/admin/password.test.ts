import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_MESSAGES, MESSAGES, PASSWORD_CHANGE_REQUIRED } from '@kesh/shared';
import { DEV_ADMIN_PASSWORD } from '../../config.js';
import { ensureAdmin } from '../../admin-bootstrap.js';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { Admin } from './admin.model.js';

const CHANGE = '/api/admin/password';
const NEW_PASSWORD = 'rajkot-amla-2026';

describe('the published admin password must be changed at the first login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await Admin.deleteMany({});
    // As the first start makes it: ADMIN_USERNAME with the published ADMIN_PASSWORD.
    await ensureAdmin({ admin: { username: 'admin', password: DEV_ADMIN_PASSWORD } });
  });

  const logIn = (password = DEV_ADMIN_PASSWORD, username = 'admin') =>
    ctx.http.post('/logAdmin').send({ username, password });
  const pendingToken = async () => (await logIn()).body.token as string;
  const change = (token: string, body: object) => ctx.http.post(CHANGE).set(bearer(token)).send(body);

  it('logs in as the spec says, flagging that the password must be changed', async () => {
    const res = await logIn();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      token: expect.any(String),
      message: MESSAGES.adminLoggedIn,
      mustChangePassword: true,
    });
  });

  it('refuses every other admin call with 403 and the exact message until the password is changed', async () => {
    const token = await pendingToken();
    const calls = {
      'GET /api/auth/users': ctx.http.get('/api/auth/users').set(bearer(token)),
      'GET /api/orders/': ctx.http.get('/api/orders/').set(bearer(token)),
      'PUT status': ctx.http
        .put('/api/orders/64b000000000000000000001/status')
        .set(bearer(token))
        .send({ status: 'Dispatched' }),
      'DELETE slider': ctx.http.delete('/sliders/deleteSlider/64b000000000000000000001').set(bearer(token)),
      'GET /api/contact': ctx.http.get('/api/contact').set(bearer(token)),
    };
    for (const [call, pending] of Object.entries(calls)) {
      const res = await pending;
      expect(res.status, call).toBe(403);
      expect(res.body).toEqual({
        error: ADMIN_PASSWORD_MESSAGES.changeRequired,
        message: ADMIN_PASSWORD_MESSAGES.changeRequired,
        code: PASSWORD_CHANGE_REQUIRED,
      });
    }
  });

  it('still lets that session log out', async () => {
    const token = await pendingToken();
    const res = await ctx.http.post('/logout').set('Content-Type', 'application/json').set(bearer(token));
    expect(res.status).toBe(200);
    expect((await change(token, { currentPassword: DEV_ADMIN_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
  });

  it('changes the password: a new token that works, the old session ended, the old password refused', async () => {
    const token = await pendingToken();
    const res = await change(token, { currentPassword: DEV_ADMIN_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, token: expect.any(String), message: ADMIN_PASSWORD_MESSAGES.changed });

    expect((await ctx.http.get('/api/auth/users').set(bearer(res.body.token))).status).toBe(200);
    const old = await ctx.http.get('/api/auth/users').set(bearer(token));
    expect(old.status).toBe(401);
    expect(old.body.error).toBe(MESSAGES.sessionExpired);

    expect((await logIn()).status).toBe(401);
    const again = await logIn(NEW_PASSWORD);
    expect(again.status).toBe(200);
    expect(again.body.mustChangePassword).toBeUndefined();
  });

  it('asks again whenever the published password is back in use (set with npm run admin:password)', async () => {
    await createAdminToken(ctx, 'second', DEV_ADMIN_PASSWORD);
    const res = await logIn(DEV_ADMIN_PASSWORD, 'second');
    expect(res.body.mustChangePassword).toBe(true);
    expect((await ctx.http.get('/api/auth/users').set(bearer(res.body.token))).status).toBe(403);
  });

  it('refuses a bad change with 400 and its exact message, and changes nothing', async () => {
    const token = await pendingToken();
    const cases: [object, string][] = [
      [{}, ADMIN_PASSWORD_MESSAGES.fieldsRequired],
      [{ currentPassword: DEV_ADMIN_PASSWORD }, ADMIN_PASSWORD_MESSAGES.fieldsRequired],
      [{ currentPassword: DEV_ADMIN_PASSWORD, newPassword: '' }, ADMIN_PASSWORD_MESSAGES.fieldsRequired],
      [{ currentPassword: { $ne: null }, newPassword: NEW_PASSWORD }, ADMIN_PASSWORD_MESSAGES.fieldsRequired],
      [{ currentPassword: DEV_ADMIN_PASSWORD, newPassword: 'short7!' }, ADMIN_PASSWORD_MESSAGES.tooShort],
      [{ currentPassword: DEV_ADMIN_PASSWORD, newPassword: DEV_ADMIN_PASSWORD }, ADMIN_PASSWORD_MESSAGES.published],
      [{ currentPassword: 'not-the-password', newPassword: NEW_PASSWORD }, ADMIN_PASSWORD_MESSAGES.wrongCurrent],
    ];
    for (const [body, message] of cases) {
      const res = await change(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(message);
    }
    // The session and the password are as they were.
    expect((await ctx.http.get('/api/auth/users').set(bearer(token))).status).toBe(403);
    expect((await logIn()).body.mustChangePassword).toBe(true);
  });

  it('lets an admin on a private password change it too, without being asked first', async () => {
    const { token, password } = await createAdminToken(ctx, 'owner', 'owner-pass-123');
    expect((await logIn(password, 'owner')).body.mustChangePassword).toBeUndefined();
    const res = await change(token, { currentPassword: password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await logIn(NEW_PASSWORD, 'owner')).status).toBe(200);
  });

  it('refuses the change without a token, with a shopper token and with a logged-out admin token', async () => {
    await expectAdminOnly(ctx, 'post', CHANGE);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const token = await pendingToken();
    const res = await ctx.http.post(CHANGE).set(bearer(token)).type('form').send('newPassword=x');
    expect(res.status).toBe(415);
  });
});
