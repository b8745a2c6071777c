import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_TEXT_MESSAGES, type Product } from '@kesh/shared';
import { bearer } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { MainCategory } from './category.model.js';
import { appWithOwner } from '../../test/shop.js';

const GUJARATI = {
  title: 'આમળા વાળનું તેલ',
  subtitle: 'ઠંડા દબાણથી કાઢેલું',
  description: 'મૂળને મજબૂત બનાવે છે.',
  benefits: ['મજબૂત મૂળ', 'ઓછું ખરવું'],
  imageAlt: 'આમળા તેલની બોટલ',
};
const HINDI = { title: 'आंवला बालों का तेल', description: 'जड़ों को मज़बूत बनाता है।' };

describe('product text in four languages (admin API)', () => {
  const shop = appWithOwner();
  beforeEach(async () => {
    await MainCategory.deleteMany({});
  });

  function send(method: 'post' | 'put', path: string, fields: Record<string, string>) {
    const req = shop.ctx.http[method](path).set(bearer(shop.admin));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return req;
  }
  const post = (fields: Record<string, string>) => send('post', '/api/main-category', fields);
  const put = (id: string, fields: Record<string, string>) => send('put', `/api/main-category/${id}`, fields);

  const amla = {
    title: 'Amla hair oil',
    subtitle: 'Cold pressed',
    description: 'Strengthens roots.',
    benefits: 'Strong roots\n\nLess hair fall\n',
    imageAlt: 'A bottle of amla oil',
    'text.gu': JSON.stringify(GUJARATI),
    'text.hi': JSON.stringify(HINDI),
  };

  it('refuses product text from anyone but the admin', async () => {
    await expectAdminOnly(shop.ctx, 'post', '/api/main-category');
    await expectAdminOnly(shop.ctx, 'put', '/api/main-category/64b0000000000000000000bb');
    expect(await MainCategory.countDocuments()).toBe(0);
  });

  it('stores the text of each language and answers it beside the English fields of the spec', async () => {
    const res = await post(amla);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Amla hair oil',
      subtitle: 'Cold pressed',
      description: 'Strengthens roots.',
      benefits: ['Strong roots', 'Less hair fall'],
      imageAlt: 'A bottle of amla oil',
      translations: { gu: GUJARATI, hi: HINDI },
    });
    expect(res.body.translations).not.toHaveProperty('mr');
    const [listed] = (await shop.ctx.http.get('/api/main-category')).body as Product[];
    expect(listed).toMatchObject({ title: 'Amla hair oil', translations: { gu: GUJARATI, hi: HINDI } });
    const one = await shop.ctx.http.get(`/api/main-category/${res.body._id}`);
    expect(one.body.translations.gu.title).toBe(GUJARATI.title);
  });

  it('answers an old product, stored without any of it, as before with empty text beside', async () => {
    const { insertedId } = await MainCategory.collection.insertOne({ title: 'Old Neem Oil', createdAt: new Date() });
    const res = await shop.ctx.http.get(`/api/main-category/${String(insertedId)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Old Neem Oil', benefits: [], imageAlt: '', translations: {} });
  });

  it('replaces only the languages a PUT carries, and an empty one removes that language', async () => {
    const { body } = await post(amla);
    const hindiOnly = await put(body._id, { title: 'Amla hair oil', 'text.hi': JSON.stringify({ title: 'आंवला तेल' }) });
    expect(hindiOnly.status).toBe(200);
    expect(hindiOnly.body.translations).toEqual({ gu: GUJARATI, hi: { title: 'आंवला तेल' } });
    expect(hindiOnly.body.benefits).toEqual(['Strong roots', 'Less hair fall']);
    const noGujarati = await put(body._id, { title: 'Amla hair oil', 'text.gu': '' });
    expect(noGujarati.body.translations).toEqual({ hi: { title: 'आंवला तेल' } });
    const stored = await shop.ctx.http.get(`/api/main-category/${body._id}`);
    expect(stored.body.translations).toEqual({ hi: { title: 'आंवला तेल' } });
  });

  it('accepts the text as an object in a JSON body too', async () => {
    const res = await shop.ctx.http
      .post('/api/main-category')
      .set(bearer(shop.admin))
      .send({ title: 'Amla hair oil', 'text.mr': { title: 'आवळा केसांचे तेल' } });
    expect(res.status).toBe(201);
    expect(res.body.translations).toEqual({ mr: { title: 'आवळा केसांचे तेल' } });
  });

  it.each([
    ['a translation that is not JSON', { 'text.gu': '{title' }, PRODUCT_TEXT_MESSAGES.unreadable('gu')],
    ['a translation that is not an object', { 'text.hi': '"आंवला"' }, PRODUCT_TEXT_MESSAGES.unreadable('hi')],
    ['an unknown field', { 'text.mr': JSON.stringify({ name: 'x' }) }, PRODUCT_TEXT_MESSAGES.unreadable('mr')],
    [
      'a long title',
      { 'text.gu': JSON.stringify({ title: 'ક'.repeat(201) }) },
      'The Gujarati title must be at most 200 characters.',
    ],
    [
      'a long subtitle',
      { 'text.hi': JSON.stringify({ subtitle: 'क'.repeat(201) }) },
      'The Hindi subtitle must be at most 200 characters.',
    ],
    [
      'a long description',
      { 'text.mr': JSON.stringify({ description: 'क'.repeat(2001) }) },
      'The Marathi description must be at most 2000 characters.',
    ],
    [
      'a long alt text',
      { 'text.gu': JSON.stringify({ imageAlt: 'ક'.repeat(201) }) },
      'The Gujarati image alt text must be at most 200 characters.',
    ],
    [
      'a title that is no text',
      { 'text.gu': JSON.stringify({ title: { $ne: null } }) },
      'The Gujarati title must be at most 200 characters.',
    ],
    [
      'eleven benefits',
      { 'text.hi': JSON.stringify({ benefits: Array(11).fill('लाभ') }) },
      'At most 10 Hindi benefits, one per line.',
    ],
    [
      'a long benefit',
      { 'text.hi': JSON.stringify({ benefits: ['क'.repeat(201)] }) },
      'Each Hindi benefit must be at most 200 characters.',
    ],
    [
      'eleven English benefits',
      { benefits: Array(11).fill('Shine').join('\n') },
      'At most 10 English benefits, one per line.',
    ],
    [
      'a long English alt text',
      { imageAlt: 'a'.repeat(201) },
      'The English image alt text must be at most 200 characters.',
    ],
  ])('answers %s with 400 and its message, storing nothing', async (_case, fields, message) => {
    const res = await post({ title: 'Amla hair oil', ...fields });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await MainCategory.countDocuments()).toBe(0);
  });

  it('leaves a product unchanged when a PUT has bad text', async () => {
    const { body } = await post(amla);
    const res = await put(body._id, { title: 'Renamed', 'text.gu': '[]' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(PRODUCT_TEXT_MESSAGES.unreadable('gu'));
    const stored = await shop.ctx.http.get(`/api/main-category/${body._id}`);
    expect(stored.body).toMatchObject({ title: 'Amla hair oil', translations: { gu: GUJARATI } });
  });
});
