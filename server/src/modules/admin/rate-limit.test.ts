import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { startTestApp, createAdminToken, type TestContext } from '../../test/harness.js';

describe('admin login rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(() => ctx.close());

  it('answers 429 once one address has tried too many logins', async () => {
    const { username } = await createAdminToken(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await ctx.http.post('/logAdmin').send({ username, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await ctx.http.post('/logAdmin').send({ username, password: 'owner-pass-123' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(MESSAGES.tooManyRequests);
  });
});
