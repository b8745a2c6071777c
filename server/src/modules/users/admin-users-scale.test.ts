import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_SEARCH_COUNT_LIMIT, userListQuerySchema } from '@kesh/shared';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { indexesUsed } from '../../test/plan.js';
import { userSearchKeysOf } from './search.js';
import { backfillUserSearchKeys, userPageFind, userSearchFilter } from './service.js';
import { User } from './user.model.js';

const ACCOUNTS = 3000;
const START = Date.UTC(2024, 0, 1);
const MINUTE_MS = 60_000;

type Explain = Record<string, unknown> & { executionStats: { totalDocsExamined: number; nReturned: number } };
const explainPage = async (query: Record<string, string>, walkNewest = false) =>
  (await userPageFind(userListQuerySchema.parse(query), walkNewest).explain('executionStats')) as unknown as Explain;

/**
 * A shop with thousands of accounts, half of them stored before the list had a search (no keys),
 * shows that a page or a search reads its own rows and not the rest.
 */
describe(`the owner's users list at ${ACCOUNTS} accounts`, () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await startTestApp();
    admin = (await createAdminToken(ctx)).token;
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => {
      const account = {
        username: `Shopper ${i}`,
        email: `shopper${i}@example.com`,
        contact: String(9_000_000_000 + i),
        passwordHash: 'x',
        createdAt: new Date(START + i * MINUTE_MS),
      };
      return i % 2 === 0 ? { ...account, searchKeys: userSearchKeysOf(account) } : account;
    });
    await User.collection.insertMany(accounts);
  });
  afterAll(() => ctx.close());

  it('gives accounts stored without search keys their keys once, finding them through the index', async () => {
    const missing = (await User.find({ searchKeys: null }).explain('executionStats')) as unknown as Explain;
    expect(indexesUsed(missing)).toEqual(['searchKeys_1']);
    expect(missing.executionStats.totalDocsExamined).toBe(ACCOUNTS / 2);
    expect(await backfillUserSearchKeys()).toBe(ACCOUNTS / 2);
    expect(await backfillUserSearchKeys()).toBe(0);
    const res = await ctx.http.get('/api/admin/users').query({ q: 'shopper1@' }).set(bearer(admin));
    expect(res.body.items.map((u: { username: string }) => u.username)).toEqual(['Shopper 1']);
  });

  it('reads one page of rows for the first page, newest first', async () => {
    const res = await ctx.http.get('/api/admin/users').set(bearer(admin));
    expect(res.body.total).toBe(ACCOUNTS);
    expect(res.body.items[0].username).toBe(`Shopper ${ACCOUNTS - 1}`);
    const explain = await explainPage({});
    expect(indexesUsed(explain)).toEqual(['createdAt_-1__id_-1']);
    expect(explain.executionStats.totalDocsExamined).toBe(25);
  });

  it('reads only the rows of a later page: the index keys skip the ones before it', async () => {
    const res = await ctx.http.get('/api/admin/users').query({ page: '3', limit: '100' }).set(bearer(admin));
    expect(res.body.items[0].username).toBe(`Shopper ${ACCOUNTS - 201}`);
    expect(res.body.items).toHaveLength(100);
    expect((await explainPage({ page: '3', limit: '100' })).executionStats.totalDocsExamined).toBe(100);
  });

  it('reads only the matching accounts for a search', async () => {
    // "Shopper 12", "Shopper 120"-"129" and "Shopper 1200"-"1299".
    const res = await ctx.http.get('/api/admin/users').query({ q: 'Shopper 12' }).set(bearer(admin));
    expect(res.body.total).toBe(111);
    expect(res.body.items[0].username).toBe('Shopper 1299');
    const explain = (await User.find(userSearchFilter('Shopper 12')).explain('executionStats')) as unknown as Explain;
    expect(indexesUsed(explain)).toEqual(['searchKeys_1']);
    expect(explain.executionStats.nReturned).toBe(111);
    // The scan's end ("shopper 13") is read too, and refused by the filter.
    expect(explain.executionStats.totalDocsExamined).toBeLessThanOrEqual(112);
  });

  it('stops counting a broad search at the limit and fills its first pages by walking the newest accounts', async () => {
    // Every account's name begins with "shopper".
    const res = await ctx.http.get('/api/admin/users').query({ q: 'shop' }).set(bearer(admin));
    expect(res.body).toMatchObject({ total: USER_SEARCH_COUNT_LIMIT, totalCapped: true });
    expect(res.body.items[0].username).toBe(`Shopper ${ACCOUNTS - 1}`);
    const walk = await explainPage({ q: 'shop' }, true);
    expect(indexesUsed(walk)).toEqual(['createdAt_-1__id_-1']);
    expect(walk.executionStats.totalDocsExamined).toBe(25);
    const deep = await ctx.http.get('/api/admin/users').query({ q: 'shop', page: '100' }).set(bearer(admin));
    expect(deep.body.items[0].username).toBe(`Shopper ${ACCOUNTS - 1 - 99 * 25}`);
  });

  it("streams the spec's every-account list whole, in sign-up order", async () => {
    const res = await ctx.http.get('/api/auth/users').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(ACCOUNTS);
    expect(res.body[0].username).toBe('Shopper 0');
    expect(res.body[ACCOUNTS - 1].username).toBe(`Shopper ${ACCOUNTS - 1}`);
  });
});
