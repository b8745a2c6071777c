import { beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_TEXTS, MAX_DELIVERY_AREAS } from '@kesh/shared';
import { bearer } from '../../test/harness.js';
import { DeliverySettingsRecord } from './delivery-settings.model.js';
import { appWithOwner } from '../../test/shop.js';

/** The longest area the rules allow: a six-digit range, no cash on delivery, 60 days. */
const longestArea = (i: number) => {
  const start = 100000 + i * 10;
  return { pins: `${start}-${start + 9}`, cod: false, etaDays: [60, 60] };
};
const csvOf = (count: number) =>
  Array.from({ length: count }, (_, i) => `${longestArea(i).pins},no,60,60`).join('\r\n');

/** Issue 27, finding 6: the delivery CSV keeps PUT's area limit, and the page can save what it loaded. */
describe('the delivery list’s 2,000 areas, whichever way they come', () => {
  const shop = appWithOwner();
  beforeEach(() => DeliverySettingsRecord.deleteMany({}));

  const upload = (csv: string) => shop.ctx.http.post('/api/admin/delivery/csv').set(bearer(shop.admin)).send({ csv });
  const load = async () => (await shop.ctx.http.get('/api/admin/delivery').set(bearer(shop.admin)).expect(200)).body;
  const save = (body: object) => shop.ctx.http.put('/api/admin/delivery').set(bearer(shop.admin)).send(body);

  it('refuses a CSV of more areas than PUT takes, with PUT’s message, and keeps the list', async () => {
    await upload(csvOf(3)).expect(200);
    const tooMany = await upload(csvOf(2500));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(DELIVERY_TEXTS.tooManyAreas);
    expect(tooMany.body.error).toBe('A delivery list holds at most 2,000 areas.');
    expect((await load()).areas).toHaveLength(3);

    const put = await save({
      ...(await load()),
      areas: csvOf(MAX_DELIVERY_AREAS + 1)
        .split('\r\n')
        .map((_, i) => longestArea(i)),
    });
    expect(put.status).toBe(400);
    expect(put.body.error).toBe(DELIVERY_TEXTS.tooManyAreas);
  });

  it('saves back the largest list a CSV can load: 2,000 areas of the longest allowed form', async () => {
    await upload(`pins,cod,minDays,maxDays\r\n${csvOf(MAX_DELIVERY_AREAS)}`).expect(200);
    const loaded = await load();
    expect(loaded.areas).toHaveLength(MAX_DELIVERY_AREAS);
    const saved = await save(loaded);
    expect(saved.status).toBe(200);
    expect(saved.body.areas).toHaveLength(MAX_DELIVERY_AREAS);
  });
});
