import { describe, expect, it } from 'vitest';
import { ObjectId } from 'bson';
import { sweepExpiredInSlices, TTL_SLICE_DOCS } from '../index.js';
import { normalizeIndexSpec } from './indexes.js';
import { Store } from './store.js';

const DAY = 86_400_000;

function shop(expired: number, live: number, direction: 1 | -1 = 1): Store {
  const store = new Store();
  const coll = store.createCollection('shop', 'checkouts');
  coll.createIndex(
    normalizeIndexSpec({ key: { finishedAt: direction }, name: 'finishedAt', expireAfterSeconds: 30 * 86_400 }),
  );
  const now = Date.now();
  for (let i = 0; i < expired; i++) coll.insert({ _id: new ObjectId(), finishedAt: new Date(now - 31 * DAY - i) });
  for (let i = 0; i < live; i++) coll.insert({ _id: new ObjectId(), finishedAt: new Date(now - i * 1000) });
  // Not finished: no date, never expires, and must not be read.
  for (let i = 0; i < live; i++) coll.insert({ _id: new ObjectId(), status: 'created' });
  return store;
}

describe('the TTL sweep', () => {
  it('reads only the expired range of the TTL index, a bounded number per slice', () => {
    const store = shop(2500, 3000);
    const first = store.sweepExpired(Date.now(), 1000);
    expect(first).toEqual({ removed: 1000, examined: 1000, more: true });
    store.sweepExpired(Date.now(), 1000);
    const last = store.sweepExpired(Date.now(), 1000);
    expect(last).toEqual({ removed: 500, examined: 500, more: false });
    expect(store.getCollection('shop', 'checkouts')?.docs.size).toBe(6000);
  });

  it('works on a descending TTL index too', () => {
    const store = shop(300, 400, -1);
    expect(store.sweepExpired(Date.now())).toEqual({ removed: 300, examined: 300, more: false });
    expect(store.getCollection('shop', 'checkouts')?.docs.size).toBe(800);
  });

  it('removes many expired documents in slices, yielding between them and journalling each', async () => {
    const store = shop(TTL_SLICE_DOCS * 5 + 7, 100);
    let yields = 0;
    let seals = 0;
    const removed = await sweepExpiredInSlices(
      store,
      () => (seals += 1),
      async () => {
        yields += 1;
      },
    );
    expect(removed).toBe(TTL_SLICE_DOCS * 5 + 7);
    expect(seals).toBe(6);
    expect(yields).toBe(5);
    expect(store.getCollection('shop', 'checkouts')?.docs.size).toBe(200);
  });
});
