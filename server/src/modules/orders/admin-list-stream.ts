import type { Response } from 'express';
import type { Order as OrderDto } from '@kesh/shared';
import { streamJsonArray } from '../../lib/json-stream.js';
import type { ShelfOf } from '../catalog/index.js';
import { toOrderDtos, type LineProduct, type OrderRecord } from './dto.js';
import { Order } from './order.model.js';

type OrderFilter = Record<string, unknown>;

/** Orders read, turned into JSON and written per step: a few hundred kB, a few ms of work. */
export const STREAM_BATCH = 200;

/** The spec's order: open orders newest first, then Delivered ones newest first; ties by _id, newest first. */
const PASSES: OrderFilter[] = [{ status: { $ne: 'Delivered' } }, { status: 'Delivered' }];

const newestFirst = (a: OrderRecord, b: OrderRecord) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (String(b._id) > String(a._id) ? 1 : -1);

/**
 * One pass in the spec's order, a batch at a time: each read is the next STREAM_BATCH orders older
 * than the last one written (an index range, so no read skips over what was written), plus every
 * order placed in the same millisecond as the batch's oldest, so ties sort by _id as they always
 * did even across a batch boundary.
 */
async function* batchesOf(pass: OrderFilter, batch: number): AsyncGenerator<OrderRecord[]> {
  let before: Date | undefined;
  for (;;) {
    const filter = before ? { ...pass, createdAt: { $lt: before } } : pass;
    const read = await Order.find(filter).sort({ createdAt: -1 }).limit(batch).lean<OrderRecord[]>();
    if (read.length === 0) return;
    const oldest = read.at(-1)!.createdAt;
    const rows =
      read.length < batch
        ? read
        : [
            ...read.filter((o) => o.createdAt.getTime() !== oldest.getTime()),
            ...(await Order.find({ ...pass, createdAt: oldest }).lean<OrderRecord[]>()),
          ];
    yield rows.sort(newestFirst);
    if (read.length < batch) return;
    before = oldest;
  }
}

/** Every order in the spec's order, as the DTOs the list answers with, a batch read at a time. */
async function* allOrders(now: Date, batch: number, shelf?: ShelfOf<LineProduct>): AsyncIterable<OrderDto> {
  for (const pass of PASSES) {
    for await (const rows of batchesOf(pass, batch)) yield* await toOrderDtos(rows, now, shelf);
  }
}

/**
 * GET /api/orders/ for the owner: every order, as the spec's contract says, written as one JSON
 * array by streamJsonArray (waits while the client is slow, stops reading once it has gone), so
 * memory stays at a batch whatever the number of orders.
 *
 * `shelf` gives the products the lines show: the route passes the one kept until the catalogue
 * changes (catalog/kept-shelf.ts), as "my orders" does. Read from the database for every batch,
 * a 100,000-order list read and decoded some 75,000 products on both threads, and the engine kept
 * each one it decoded for two seconds: long enough to reach its old generation, ≈ 25 MB of its
 * heap per list until a full collection (engine-scale.md, "eighth session").
 */
export async function streamAllOrders(
  res: Response,
  now: Date,
  { batch = STREAM_BATCH, shelf }: { batch?: number; shelf?: ShelfOf<LineProduct> } = {},
): Promise<void> {
  res.set('Cache-Control', 'private, no-store');
  await streamJsonArray(res, allOrders(now, batch, shelf));
}
