import { once } from 'node:events';
import type { Response } from 'express';

/** Records read per query by inBatches. */
const BATCH_RECORDS = 500;

/**
 * Every record of a sorted list, read BATCH_RECORDS at a time (`read(skip, limit)`), each batch
 * mapped by `toJson`. A database cursor would do, but the embedded engine copies a find's whole
 * answer before its first batch, holding the event loop for the whole list; a batch per query
 * never does, on any engine. A record added or removed while the list is read may shift the
 * batches after it by one (a record repeated or missed): these are the spec's every-record lists,
 * an export, not a ledger.
 */
export async function* inBatches<R, T>(
  read: (skip: number, limit: number) => Promise<R[]>,
  toJson: (record: R) => T,
): AsyncIterable<T> {
  for (let skip = 0; ; skip += BATCH_RECORDS) {
    const records = await read(skip, BATCH_RECORDS);
    for (const record of records) yield toJson(record);
    if (records.length < BATCH_RECORDS) return;
  }
}

/** Bytes gathered before a write, so a long list goes out in few chunks rather than one per record. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Answers with one JSON array written as `items` arrive (e.g. from inBatches), waiting for
 * the client to drain, so the process holds one batch of a long list rather than all of it. Stops
 * reading when the client goes away. A failure after the first byte can no longer become an error
 * response: the connection is cut, so the client sees a broken body, never a short list as whole.
 */
export async function streamJsonArray<T>(res: Response, items: AsyncIterable<T>): Promise<void> {
  const gone = new Promise<void>((resolve) => res.once('close', () => resolve()));
  res.status(200).type('json');
  let pending = '[';
  let empty = true;
  try {
    for await (const item of items) {
      pending += (empty ? '' : ',') + JSON.stringify(item);
      empty = false;
      if (pending.length < CHUNK_CHARS) continue;
      const flowing = res.write(pending);
      pending = '';
      if (!flowing) await Promise.race([once(res, 'drain'), gone]);
      if (res.destroyed) return;
    }
  } catch (err) {
    if (!res.headersSent) throw err;
    res.destroy(err as Error);
    return;
  }
  res.end(`${pending}]`);
}
