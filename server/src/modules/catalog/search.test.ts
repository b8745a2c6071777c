import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, searchWords, type Product } from '@kesh/shared';
import { startTestApp, createAdminToken, bearer, type TestContext } from '../../test/harness.js';
import { indexesUsed } from '../../test/plan.js';
import { MainCategory } from './category.model.js';
import { backfillSearchKeys } from './service.js';
import { searchKeyOfWord } from './search.js';

/** Prices in paise; createdAt spaced so the catalogue's order (oldest first) is known. */
const CATALOGUE = [
  {
    title: 'Bhringraj Hair Oil',
    subtitle: 'Cold pressed',
    description: 'Strengthens roots with AMLA.',
    mainPricePaise: 50000,
    offerPricePaise: 40000, // 20 % off, pays 400
  },
  {
    title: 'भृंगराज बालों का तेल',
    subtitle: 'आयुर्वेदिक',
    // ज + nukta, as NFC spells it.
    description: 'बालों को म\u091C\u093Cबूत बनाता है।',
    mainPricePaise: 30000,
    offerPricePaise: 15000, // 50 % off, pays 150
  },
  {
    title: 'आवळा केस तेल',
    subtitle: 'मराठी',
    description: 'केसांची वाढ.',
    mainPricePaise: 90000,
    offerPricePaise: null, // 0 % off, pays 900
  },
  {
    title: 'આમળા વાળનું તેલ',
    subtitle: 'ગુજરાતી',
    description: 'વાળને પોષણ આપે છે.',
    mainPricePaise: 20000,
    offerPricePaise: 18000, // 10 % off, pays 180
  },
];

describe('GET /api/main-category?q=&sort=', () => {
  let ctx: TestContext;
  let adminToken: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    adminToken = (await createAdminToken(ctx)).token;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await MainCategory.deleteMany({});
    const base = Date.parse('2026-01-01T00:00:00Z');
    await MainCategory.create(CATALOGUE.map((p, i) => ({ ...p, createdAt: new Date(base + i * 60_000) })));
  });

  const titles = (body: Product[]) => body.map((p) => p.title);
  const search = (query: Record<string, string>) => ctx.http.get('/api/main-category').query(query);

  it('finds by the beginning of a word in the title, subtitle or description, in any letter case', async () => {
    expect(titles((await search({ q: 'BHRING' })).body)).toEqual(['Bhringraj Hair Oil']);
    expect(titles((await search({ q: 'amla' })).body)).toEqual(['Bhringraj Hair Oil']);
    expect(titles((await search({ q: 'cold PRESS' })).body)).toEqual(['Bhringraj Hair Oil']);
    // A word in the middle of another does not count: search is by word beginnings.
    expect((await search({ q: 'raj' })).body).toEqual([]);
  });

  it('answers each match in the list shape of the spec, with prices in rupees', async () => {
    const res = await search({ q: 'bhringraj' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ title: 'Bhringraj Hair Oil', mainPrice: 500, offerPrice: 400 });
    expect(res.body[0]).not.toHaveProperty('searchKeys');
  });

  it('finds Hindi, Marathi and Gujarati words, whole or by their beginning', async () => {
    expect(titles((await search({ q: 'बालों' })).body)).toEqual(['भृंगराज बालों का तेल']);
    expect(titles((await search({ q: 'बाल' })).body)).toEqual(['भृंगराज बालों का तेल']);
    expect(titles((await search({ q: 'केस' })).body)).toEqual(['आवळा केस तेल']);
    expect(titles((await search({ q: 'વાળ' })).body)).toEqual(['આમળા વાળનું તેલ']);
    // "तेल" (oil) is a word in the Hindi and the Marathi titles, not in the Gujarati script's "તેલ".
    expect(titles((await search({ q: 'तेल' })).body)).toEqual(['भृंगराज बालों का तेल', 'आवळा केस तेल']);
  });

  it('matches whichever Unicode form the shopper typed (NFC and NFD, precomposed nukta)', async () => {
    // U+095B is the precomposed letter ज़, which the stored description spells ज + nukta.
    expect(titles((await search({ q: 'म\u095Bबूत' })).body)).toEqual(['भृंगराज बालों का तेल']);
    await MainCategory.create({ title: 'Café Hair Rinse', mainPricePaise: 10000 });
    expect(titles((await search({ q: 'cafe\u0301' })).body)).toEqual(['Café Hair Rinse']);
    expect(titles((await search({ q: 'CAFÉ' })).body)).toEqual(['Café Hair Rinse']);
  });

  it('needs every word of the query', async () => {
    expect(titles((await search({ q: 'भृंगराज तेल' })).body)).toEqual(['भृंगराज बालों का तेल']);
    expect((await search({ q: 'भृंगराज केस' })).body).toEqual([]);
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await search({ q: 'shampoo' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('sorts by price either way and by discount, keeping the search', async () => {
    expect(titles((await search({ sort: 'price-asc' })).body)).toEqual([
      'भृंगराज बालों का तेल',
      'આમળા વાળનું તેલ',
      'Bhringraj Hair Oil',
      'आवळा केस तेल',
    ]);
    expect(titles((await search({ sort: 'price-desc' })).body)).toEqual([
      'आवळा केस तेल',
      'Bhringraj Hair Oil',
      'આમળા વાળનું તેલ',
      'भृंगराज बालों का तेल',
    ]);
    expect(titles((await search({ sort: 'discount' })).body)).toEqual([
      'भृंगराज बालों का तेल',
      'Bhringraj Hair Oil',
      'આમળા વાળનું તેલ',
      'आवळा केस तेल',
    ]);
    expect(titles((await search({ q: 'तेल', sort: 'price-desc' })).body)).toEqual(['आवळा केस तेल', 'भृंगराज बालों का तेल']);
  });

  it('keeps the spec list (oldest first, with its ETag) without q and sort, or with both empty', async () => {
    const plain = await ctx.http.get('/api/main-category');
    expect(titles(plain.body)).toEqual(CATALOGUE.map((p) => p.title));
    expect(plain.headers.etag).toBeTruthy();
    const empty = await search({ q: '  ', sort: '' });
    expect(titles(empty.body)).toEqual(CATALOGUE.map((p) => p.title));
  });

  it('refuses an unknown sort, an overlong query and a repeated q', async () => {
    const badSort = await search({ sort: 'cheapest' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.error).toBe(MESSAGES.invalidProductSort);
    const long = await search({ q: 'a'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(MESSAGES.invalidSearch);
    const twice = await ctx.http.get('/api/main-category?q=oil&q=amla');
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe(MESSAGES.invalidSearch);
  });

  it('looks the words up in the searchKeys index, not by scanning the collection', async () => {
    const words = searchWords('बालों तेल');
    const explain = (await MainCategory.find({ $and: words.map((w) => ({ searchKeys: searchKeyOfWord(w) })) })
      .sort({ createdAt: 1, _id: 1 })
      .explain('executionStats')) as unknown as Record<string, unknown>;
    expect(indexesUsed(explain)).toContain('searchKeys_1');
  });

  it("follows an owner's edit: the new words are found, the old ones no longer", async () => {
    const oil = await MainCategory.findOne({ title: 'Bhringraj Hair Oil' });
    const res = await ctx.http
      .put(`/api/main-category/${oil!._id}`)
      .set(bearer(adminToken))
      .field('title', 'Neelibhringadi Thailam');
    expect(res.status).toBe(200);
    expect(titles((await search({ q: 'neeli' })).body)).toEqual(['Neelibhringadi Thailam']);
    expect((await search({ q: 'bhringraj' })).body).toEqual([]);
    // The description was not part of the edit and still finds the product.
    expect(titles((await search({ q: 'amla' })).body)).toEqual(['Neelibhringadi Thailam']);
  });

  it('makes products stored before search existed findable at start-up', async () => {
    await MainCategory.collection.insertOne({ title: 'Old Neem Comb Oil', mainPricePaise: 100, createdAt: new Date() });
    expect((await search({ q: 'neem' })).body).toEqual([]);
    expect(await backfillSearchKeys()).toBe(1);
    expect(titles((await search({ q: 'neem' })).body)).toEqual(['Old Neem Comb Oil']);
    expect(await backfillSearchKeys()).toBe(0);
    // A start-up finds them through the index: it reads no product that has its keys.
    const plan = (await MainCategory.find({ searchKeys: null }).explain('executionStats')) as unknown as {
      executionStats: { totalDocsExamined: number };
    };
    expect(indexesUsed(plan)).toEqual(['searchKeys_1']);
    expect(plan.executionStats.totalDocsExamined).toBe(0);
  });

  it('finds a product by its name in any language, and an old product by a translation saved later', async () => {
    const oil = await MainCategory.findOne({ title: 'Bhringraj Hair Oil' });
    expect((await search({ q: 'ભૃંગરાજ' })).body).toEqual([]);
    const res = await ctx.http
      .put(`/api/main-category/${oil!._id}`)
      .set(bearer(adminToken))
      .field('title', 'Bhringraj Hair Oil')
      .field('text.gu', JSON.stringify({ title: 'ભૃંગરાજ તેલ', subtitle: 'ઠંડું' }))
      .field('text.hi', JSON.stringify({ title: 'भृंगराज तेल' }));
    expect(res.status).toBe(200);
    expect(titles((await search({ q: 'ભૃંગ' })).body)).toEqual(['Bhringraj Hair Oil']);
    expect(titles((await search({ q: 'ઠંડું' })).body)).toEqual(['Bhringraj Hair Oil']);
    // The English words still find it, and a query may mix languages.
    expect(titles((await search({ q: 'bhringraj ભૃંગરાજ' })).body)).toEqual(['Bhringraj Hair Oil']);
    // A translation removed is no longer found.
    await ctx.http
      .put(`/api/main-category/${oil!._id}`)
      .set(bearer(adminToken))
      .field('title', 'Bhringraj Hair Oil')
      .field('text.gu', '');
    expect((await search({ q: 'ભૃંગ' })).body).toEqual([]);
  });

  it('gives a product created with translations the keys of every language', async () => {
    const created = await MainCategory.create({ title: 'Amla', translations: { mr: { title: 'आवळा' } } });
    expect(created.searchKeys).toEqual(expect.arrayContaining(['amla', 'आवळा']));
  });
});
