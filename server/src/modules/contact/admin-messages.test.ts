import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT, PAGING_TEXTS, messageListQuerySchema } from '@kesh/shared';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { indexesUsed } from '../../test/plan.js';
import { ContactMessage } from './contact.model.js';
import { messagePageFind } from './service.js';

const MESSAGES_STORED = 3000;
const START = Date.UTC(2023, 0, 1);
const HOUR_MS = 3_600_000;

type Explain = Record<string, unknown> & { executionStats: { totalDocsExamined: number } };

/** Years of the contact form: one message an hour, oldest first, some with the same minute. */
function inbox(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `Visitor ${i}`,
    email: `visitor${i}@example.com`,
    phoneNo: i % 3 === 0 ? '' : '9898989898',
    subject: i % 5 === 0 ? '' : `Question ${i}`,
    message: `Do you ship amla oil to PIN 3600${String(i % 100).padStart(2, '0')}?`,
    createdAt: new Date(START + Math.floor(i / 2) * HOUR_MS),
    updatedAt: new Date(START + Math.floor(i / 2) * HOUR_MS),
  }));
}

describe('GET /api/admin/messages (the owner’s inbox)', () => {
  let ctx: TestContext;
  let admin: string;
  let newestFirst: string[];
  beforeAll(async () => {
    ctx = await startTestApp();
    admin = (await createAdminToken(ctx)).token;
    await ContactMessage.collection.insertMany(inbox(MESSAGES_STORED));
    const stored = await ContactMessage.find({}, { _id: 1 }).sort({ createdAt: -1, _id: -1 }).lean();
    newestFirst = stored.map((m) => String(m._id));
  });
  afterAll(() => ctx.close());

  const list = (query: Record<string, string> = {}) =>
    ctx.http.get('/api/admin/messages').query(query).set(bearer(admin));

  it('answers the newest page first, with the total', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: PAGE_SIZE_DEFAULT, total: MESSAGES_STORED });
    expect(res.body.items).toHaveLength(PAGE_SIZE_DEFAULT);
    expect(res.body.items[0]).toEqual({
      _id: newestFirst[0],
      name: `Visitor ${MESSAGES_STORED - 1}`,
      email: `visitor${MESSAGES_STORED - 1}@example.com`,
      phoneNo: '9898989898',
      subject: `Question ${MESSAGES_STORED - 1}`,
      message: 'Do you ship amla oil to PIN 360099?',
      createdAt: new Date(START + (MESSAGES_STORED / 2 - 1) * HOUR_MS).toISOString(),
    });
  });

  it('pages through messages of the same minute without gaps or repeats', async () => {
    const pages = await Promise.all(['1', '2', '3'].map((page) => list({ page, limit: '7' })));
    expect(pages.flatMap((p) => p.body.items.map((m: { _id: string }) => m._id))).toEqual(newestFirst.slice(0, 21));
  });

  it('answers the last, partial page and no rows past it', async () => {
    const last = await list({ page: '30', limit: '100' });
    expect(last.body.items.map((m: { _id: string }) => m._id)).toEqual(newestFirst.slice(2900));
    const beyond = await list({ page: '31', limit: '100' });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ items: [], page: 31, limit: 100, total: MESSAGES_STORED });
  });

  it('reads one page of messages, not the rest of the inbox', async () => {
    const first = (await messagePageFind(messageListQuerySchema.parse({})).explain(
      'executionStats',
    )) as unknown as Explain;
    expect(indexesUsed(first)).toEqual(['createdAt_-1__id_-1']);
    expect(first.executionStats.totalDocsExamined).toBe(PAGE_SIZE_DEFAULT);
    const later = (await messagePageFind(messageListQuerySchema.parse({ page: '2', limit: '100' })).explain(
      'executionStats',
    )) as unknown as Explain;
    expect(later.executionStats.totalDocsExamined).toBe(100);
  });

  it.each([
    ['page 0', { page: '0' }, PAGING_TEXTS.invalidPage],
    ['a page that is not a number', { page: 'last' }, PAGING_TEXTS.invalidPage],
    ['two pages', 'page=1&page=2', PAGING_TEXTS.invalidPage],
    ['a limit of 0', { limit: '0' }, PAGING_TEXTS.invalidPageSize],
    ['a limit over 100', { limit: '500' }, PAGING_TEXTS.invalidPageSize],
  ])('answers 400 to %s', async (_label, query, message) => {
    const res = await ctx.http.get('/api/admin/messages').query(query).set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('is for the admin only', async () => {
    await expectAdminOnly(ctx, 'get', '/api/admin/messages');
  });

  it("streams the spec's GET /api/contact whole, newest first", async () => {
    const res = await ctx.http.get('/api/contact').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.map((m: { _id: string }) => m._id)).toEqual(newestFirst);
  });
});
