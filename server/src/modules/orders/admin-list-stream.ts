import type { Response } from 'express';
import { toOrderDtos, type OrderRecord } from './dto.js';
import { Order } from './order.model.js';

type OrderFilter = Record<string, unknown>;

/** Orders read, turned into JSON and written per step: a few hundred kB, a few ms of work. */
export const STREAM_BATCH = 200;

/** The spec's order: open orders newest first, then Delivered ones newest first; ties by _id, newest first. */
const PASSES: OrderFilter[] = [{ status: { $ne: 'Delivered' } }, { status: 'Delivered' }];

/** Resolves once the client has read what was buffered, or has gone. */
const drained = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

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

/**
 * GET /api/orders/ for the owner: every order, as the spec's contract says, written as one JSON
 * array a batch at a time. It waits while the client is slow to read (the socket's buffer is full)
 * and stops reading orders once the client has gone, so memory stays at a batch whatever the
 * number of orders. Once the first byte is sent a failure can only cut the answer short.
 */
export async function streamAllOrders(res: Response, now: Date, batch = STREAM_BATCH): Promise<void> {
  let gone = false;
  res.once('close', () => {
    gone = true;
  });
  res.status(200).type('application/json').set('Cache-Control', 'private, no-store');
  let separator = '[';
  try {
    for (const pass of PASSES) {
      for await (const rows of batchesOf(pass, batch)) {
        if (gone) return;
        const json = (await toOrderDtos(rows, now)).map((o) => JSON.stringify(o)).join(',');
        const fits = res.write(separator + json);
        separator = ',';
        if (!fits && !gone) await drained(res);
      }
    }
    if (!gone) res.end(separator === '[' ? '[]' : ']');
  } catch (err) {
    if (!res.headersSent) throw err;
    res.destroy(err as Error);
  }
}
