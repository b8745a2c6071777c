import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_TEXTS, PAGE_SIZE_DEFAULT, PAGING_TEXTS, USER_SEARCH_MAX_CHARS } from '@kesh/shared';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { User } from './user.model.js';

const PASSWORD_HASH = '$2b$04$abcdefghijklmnopqrstuuJ0y1G6oJ8a8m2vJ3JcQyq7wq8y5m3fS';

/** Accounts made one after another, so each is newer than the one before. */
async function makeUsers(people: Array<{ username: string; email: string; contact: string }>) {
  const made = [];
  for (const person of people) made.push(await User.create({ ...person, passwordHash: PASSWORD_HASH }));
  return made.map((u) => String(u._id));
}

describe('GET /api/admin/users (the owner’s users list)', () => {
  let ctx: TestContext;
  let admin: string;
  let ids: string[];
  beforeAll(async () => {
    ctx = await startTestApp();
    admin = (await createAdminToken(ctx)).token;
    ids = await makeUsers([
      { username: 'Kiran Shah', email: 'kiran.shah@example.com', contact: '9898012345' },
      { username: 'Meera Patel', email: 'meera@example.in', contact: '9723456789' },
      { username: 'Ravi Joshi', email: 'ravi.j@example.com', contact: '9426011122' },
      { username: 'Anjali Shah', email: 'anjali@example.org', contact: '9898077777' },
      { username: 'ભાવિન દેસાઈ', email: 'bhavin@example.in', contact: '9099123456' },
    ]);
  });
  afterAll(() => ctx.close());

  const list = (query: Record<string, string> = {}) => ctx.http.get('/api/admin/users').query(query).set(bearer(admin));

  it('answers the first page, newest first, with the total and no secrets', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: PAGE_SIZE_DEFAULT, total: 5 });
    expect(res.body.items.map((u: { _id: string }) => u._id)).toEqual([...ids].reverse());
    expect(res.body.items[4]).toEqual({
      _id: ids[0],
      username: 'Kiran Shah',
      email: 'kiran.shah@example.com',
      contact: '9898012345',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      emailVerified: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|searchKeys|\$2b\$/);
  });

  it('pages through the list without gaps or repeats, and past the end answers no rows', async () => {
    const pages = await Promise.all(['1', '2', '3'].map((page) => list({ page, limit: '2' })));
    expect(pages.map((p) => p.body.items.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.body.items.map((u: { _id: string }) => u._id))).toEqual([...ids].reverse());
    expect(pages[2]?.body).toMatchObject({ page: 3, limit: 2, total: 5 });
    const beyond = await list({ page: '4', limit: '2' });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ items: [], page: 4, limit: 2, total: 5, totalCapped: false });
  });

  it.each([
    ['the start of a name, in any case', 'kIRan', ['Kiran Shah']],
    ['a later word of a name', 'shah', ['Anjali Shah', 'Kiran Shah']],
    ['a name in Gujarati', 'ભાવિન', ['ભાવિન દેસાઈ']],
    ['the start of an e-mail address', 'MEERA@', ['Meera Patel']],
    ['a whole e-mail address', 'ravi.j@example.com', ['Ravi Joshi']],
    ['the start of a phone number', '98980', ['Anjali Shah', 'Kiran Shah']],
    ['a phone number written with +91 and spaces', '+91 97234 56789', ['Meera Patel']],
    ['a phone number with a leading 0', '09426011122', ['Ravi Joshi']],
    ['surrounding spaces', '  meera  ', ['Meera Patel']],
  ])('finds accounts by %s', async (_label, q, names) => {
    const res = await list({ q });
    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { username: string }) => u.username)).toEqual(names);
    expect(res.body.total).toBe(names.length);
  });

  it('finds nothing for a word inside a name or address, and says the total is 0', async () => {
    for (const q of ['hah', 'example.com', '12345', 'Kiran Shahx']) {
      const res = await list({ q });
      expect(res.body, q).toEqual({ items: [], page: 1, limit: PAGE_SIZE_DEFAULT, total: 0, totalCapped: false });
    }
  });

  it('pages a search', async () => {
    const second = await list({ q: 'shah', limit: '1', page: '2' });
    expect(second.body).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(second.body.items.map((u: { username: string }) => u.username)).toEqual(['Kiran Shah']);
  });

  it('lists every account for a blank search', async () => {
    const res = await list({ q: '   ' });
    expect(res.body.total).toBe(5);
  });

  it('finds an account by its new keys after a sign-up through the API', async () => {
    const signup = await ctx.http
      .post('/api/auth/signup')
      .send({ username: 'Zubin Mehta', email: 'zubin@example.com', contact: '9000000001', password: 'correct-horse' });
    expect(signup.status).toBe(201);
    const res = await list({ q: 'mehta' });
    expect(res.body.items).toEqual([expect.objectContaining({ _id: signup.body.userId, username: 'Zubin Mehta' })]);
    await User.deleteOne({ _id: signup.body.userId });
  });

  it.each([
    [
      'a search longer than the limit',
      { q: 'x'.repeat(USER_SEARCH_MAX_CHARS + 1) },
      ADMIN_LIST_TEXTS.invalidUserSearch,
    ],
    ['two searches', 'q=a&q=b', ADMIN_LIST_TEXTS.invalidUserSearch],
    ['page 0', { page: '0' }, PAGING_TEXTS.invalidPage],
    ['a page that is not a number', { page: 'two' }, PAGING_TEXTS.invalidPage],
    ['a page past 10,000', { page: '10001' }, PAGING_TEXTS.invalidPage],
    ['a limit of 0', { limit: '0' }, PAGING_TEXTS.invalidPageSize],
    ['a limit over 100', { limit: '101' }, PAGING_TEXTS.invalidPageSize],
  ])('answers 400 to %s', async (_label, query, message) => {
    const res = await ctx.http.get('/api/admin/users').query(query).set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('is for the admin only', async () => {
    await expectAdminOnly(ctx, 'get', '/api/admin/users');
    await expectAdminOnly(ctx, 'get', '/api/admin/users?q=shah');
  });

  it('still answers the spec’s GET /api/auth/users with every account, in sign-up order', async () => {
    const res = await ctx.http.get('/api/auth/users').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.map((u: { _id: string }) => u._id)).toEqual(ids);
    expect(res.body[0]).toEqual({
      _id: ids[0],
      username: 'Kiran Shah',
      email: 'kiran.shah@example.com',
      contact: '9898012345',
    });
  });
});
