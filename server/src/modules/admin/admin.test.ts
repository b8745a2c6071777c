import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { MESSAGES } from '@kesh/shared';
import { startTestApp, createAdminToken, bearer, signUpCustomer, type TestContext } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { verifyToken } from '../../lib/tokens.js';
import { ensureAdmin } from '../../admin-bootstrap.js';
import { RevokedToken } from '../../lib/revoked-tokens.js';
import { Admin } from './admin.model.js';
import { setAdminPassword } from './service.js';

describe('admin session', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('logs the admin in with username and password and returns a 12-hour admin token', async () => {
    const { username, password } = await createAdminToken(ctx, 'owner', 'owner-pass-123');
    const res = await ctx.http.post('/logAdmin').send({ username, password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MESSAGES.adminLoggedIn });
    const verified = verifyToken(ctx.config.jwtSecret, res.body.token);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.claims.role).toBe('admin');
    const hours = (verified.claims.exp * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('answers a wrong password and an unknown username alike with 401', async () => {
    await createAdminToken(ctx, 'owner', 'owner-pass-123');
    for (const body of [
      { username: 'owner', password: 'wrong-password' },
      { username: 'nobody', password: 'owner-pass-123' },
    ]) {
      const res = await ctx.http.post('/logAdmin').send(body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.adminInvalidCredentials,
        error: MESSAGES.adminInvalidCredentials,
      });
      expect(res.body.token).toBeUndefined();
    }
  });

  it('answers missing fields and NoSQL operators with 400 and success false', async () => {
    for (const body of [
      {},
      { username: 'owner' },
      { password: 'x' },
      { username: { $ne: null }, password: { $ne: null } },
    ]) {
      const res = await ctx.http.post('/logAdmin').send(body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.token).toBeUndefined();
    }
  });

  it('revokes a bare token on /logout; the same token is then refused', async () => {
    const { token } = await createAdminToken(ctx);
    expect((await ctx.http.get('/api/auth/users').set('Authorization', token)).status).toBe(200);

    const res = await ctx.http.post('/logout').set('Content-Type', 'application/json').set('Authorization', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.adminLoggedOut });

    const after = await ctx.http.get('/api/auth/users').set('Authorization', token);
    expect(after.status).toBe(401);
    const revoked = await RevokedToken.findOne({}).sort({ createdAt: -1 }).lean();
    // Kept until the token would have expired anyway (12 h), then the TTL index drops it.
    expect(revoked!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11.9 * 3_600_000);
  });

  it('accepts a Bearer token on /logout and refuses /logout without an admin token', async () => {
    const { token } = await createAdminToken(ctx);
    expect((await ctx.http.post('/logout').set(bearer(token))).status).toBe(200);
    expect((await ctx.http.post('/logout').set(bearer(token))).status).toBe(401);
    expect((await ctx.http.post('/logout')).status).toBe(401);
    const shopper = await signUpCustomer(ctx);
    expect((await ctx.http.post('/logout').set(bearer(shopper.token))).status).toBe(403);
  });

  it('signs out every session of an admin whose password was changed', async () => {
    await setAdminPassword('changer', 'first-password-1');
    const login = await ctx.http.post('/logAdmin').send({ username: 'changer', password: 'first-password-1' });
    const oldToken = login.body.token as string;
    await ctx.http.get('/api/auth/users').set(bearer(oldToken)).expect(200);

    expect(await setAdminPassword('changer', 'second-password-2')).toBe(false);
    const refused = await ctx.http.get('/api/auth/users').set(bearer(oldToken));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(MESSAGES.sessionExpired);

    const fresh = await ctx.http.post('/logAdmin').send({ username: 'changer', password: 'second-password-2' });
    await ctx.http
      .get('/api/auth/users')
      .set(bearer(fresh.body.token as string))
      .expect(200);
  });

  it('keeps a fresh login working after another token of the same admin was revoked', async () => {
    const { username, password, token } = await createAdminToken(ctx);
    await ctx.http.post('/logout').set(bearer(token));
    const login = await ctx.http.post('/logAdmin').send({ username, password });
    expect((await ctx.http.get('/api/auth/users').set(bearer(login.body.token))).status).toBe(200);
  });
});

describe('GET /api/auth/users', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('is refused without a valid admin token', async () => {
    await expectAdminOnly(ctx, 'get', '/api/auth/users');
  });

  it('lists users with _id, username, email and contact, never a password hash', async () => {
    const shopper = await signUpCustomer(ctx, { username: 'Asha' });
    const { token } = await createAdminToken(ctx);
    const res = await ctx.http.get('/api/auth/users').set(bearer(token));
    expect(res.status).toBe(200);
    const asha = (res.body as Record<string, unknown>[]).find((u) => u.email === shopper.email);
    expect(asha).toEqual({ _id: shopper.userId, username: 'Asha', email: shopper.email, contact: shopper.contact });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash|otp/i);
  });
});

describe('ensureAdmin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('creates the admin from the settings with a hashed password, once', async () => {
    const admin = { username: 'shop-owner', password: 'first-password' };
    expect(await ensureAdmin({ admin })).toBe(true);
    const stored = await Admin.findOne({ username: 'shop-owner' }).lean();
    expect(stored!.passwordHash).not.toContain('first-password');
    expect(await bcrypt.compare('first-password', stored!.passwordHash)).toBe(true);

    const login = await ctx.http.post('/logAdmin').send(admin);
    expect(login.body.success).toBe(true);
  });

  it('never overwrites the password of an existing admin', async () => {
    await ensureAdmin({ admin: { username: 'keeper', password: 'original-pass' } });
    expect(await ensureAdmin({ admin: { username: 'keeper', password: 'other-password' } })).toBe(false);
    const ok = await ctx.http.post('/logAdmin').send({ username: 'keeper', password: 'original-pass' });
    expect(ok.status).toBe(200);
    const refused = await ctx.http.post('/logAdmin').send({ username: 'keeper', password: 'other-password' });
    expect(refused.status).toBe(401);
  });
});
