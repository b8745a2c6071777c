import { expect } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { issueToken } from '../lib/tokens.js';
import { bearer, createAdminToken, type TestContext } from './harness.js';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** An admin token that went through POST /logout. */
export async function revokedAdminToken(ctx: TestContext): Promise<string> {
  const { token } = await createAdminToken(ctx);
  const res = await ctx.http.post('/logout').set('Authorization', token);
  expect(res.status).toBe(200);
  return token;
}

/**
 * Asserts that a route refuses a caller without a token (401), with a shopper's token (403) and
 * with a logged-out admin token (401), and that nothing was answered as a success.
 */
export async function expectAdminOnly(ctx: TestContext, method: Method, path: string): Promise<void> {
  const none = await ctx.http[method](path);
  expect(none.status, `${method} ${path} without a token`).toBe(401);
  expect(none.body.error).toBe(MESSAGES.unauthorized);

  const customer = issueToken(ctx.config.jwtSecret, '64b000000000000000000001', 'customer').token;
  const asCustomer = await ctx.http[method](path).set(bearer(customer));
  expect(asCustomer.status, `${method} ${path} with a customer token`).toBe(403);
  expect(asCustomer.body.error).toBe(MESSAGES.forbidden);

  const revoked = await revokedAdminToken(ctx);
  const asRevoked = await ctx.http[method](path).set(bearer(revoked));
  expect(asRevoked.status, `${method} ${path} with a revoked admin token`).toBe(401);
}
