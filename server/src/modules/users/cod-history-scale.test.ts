import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { indexesUsed } from '../../test/plan.js';
import { codHistoriesOf, codHistoryFind } from './cod-history.js';
import { User } from './user.model.js';

type Explain = Parameters<typeof indexesUsed>[0] & { executionStats: { totalDocsExamined: number } };

describe("the owner's order page reads COD histories of its shoppers only", () => {
  let ctx: TestContext;
  const ids: Types.ObjectId[] = [];

  beforeAll(async () => {
    ctx = await startTestApp();
    const accounts = Array.from({ length: 3000 }, (_, i) => {
      const _id = new Types.ObjectId();
      ids.push(_id);
      return {
        _id,
        username: `Shopper ${i}`,
        email: `shopper${i}@example.com`,
        contact: '9876543210',
        passwordHash: 'x',
        codStats: { delivered: i % 5, refused: i % 3, cancelled: i % 2 },
      };
    });
    await User.collection.insertMany(accounts);
  });
  afterAll(() => ctx.close());

  it('a page of 25 orders (some shoppers twice) examines 25 accounts of 3,000, through the _id index', async () => {
    const page = ids.slice(100, 125);
    const rows = [...page, ...page.slice(0, 5)];
    const histories = await codHistoriesOf(rows);
    expect(Object.keys(histories)).toHaveLength(25);
    expect(histories[String(ids[101])]).toEqual({ delivered: 1, refused: 2, cancelled: 1 });

    const explain = (await codHistoryFind(page.map(String)).explain('executionStats')) as unknown as Explain;
    expect(indexesUsed(explain)).toEqual(['_id_']);
    expect(explain.executionStats.totalDocsExamined).toBe(25);
  });

  it('counts nothing for an account made before the history existed', async () => {
    const [old] = await User.collection
      .insertMany([{ username: 'Old', email: 'old@example.com', contact: '9876543210', passwordHash: 'x' }])
      .then((r) => Object.values(r.insertedIds));
    expect((await codHistoriesOf([old]))[String(old)]).toEqual({ delivered: 0, refused: 0, cancelled: 0 });
  });
});
