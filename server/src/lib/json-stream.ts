import type { Response } from 'express';

/** Records read per query by inIdOrder. */
const BATCH_RECORDS = 500;

/**
 * Every record of a list in _id order, BATCH_RECORDS per query (`read(after, limit)`: the records
 * after that _id, or from the start), each mapped by `toJson`. Each query reads its batch through
 * the _id index, however long the list; an ObjectId carries its creation second, so this is the
 * order the records were made. (A database cursor would be simpler; the embedded engine copied a
 * find's whole answer before its first batch when this was written — it now decodes a batch at a
 * time, decision 0033 — and against a MongoDB server a cursor open for minutes is what times out.)
 */
export async function* inIdOrder<R extends { _id: unknown }, T>(
  read: (after: unknown, limit: number) => Promise<R[]>,
  toJson: (record: R) => T,
): AsyncIterable<T> {
  let after: unknown = undefined;
  for (;;) {
    const records = await read(after, BATCH_RECORDS);
    for (const record of records) yield toJson(record);
    if (records.length < BATCH_RECORDS) return;
    after = records.at(-1)?._id;
  }
}

/** Bytes gathered before a write, so a long list goes out in few chunks rather than one per record. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Answers with one JSON array written as `items` arrive (e.g. from inIdOrder), waiting for
 * the client to drain, so the process holds one batch of a long list rather than all of it. Stops
 * reading when the client goes away. A failure after the first byte can no longer become an error
 * response: the connection is cut, so the client sees a broken body, never a short list as whole.
 */
export async function streamJsonArray<T>(res: Response, items: AsyncIterable<T>): Promise<void> {
  const gone = new Promise<void>((resolve) => res.once('close', () => resolve()));
  // One listener for every wait: compression's response passes 'drain' listeners on to its gzip
  // stream and never takes them off, so one per wait piled up (node's leak warning at 11).
  let drained: () => void = () => undefined;
  const onDrain = () => drained();
  res.on('drain', onDrain);
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
      if (!flowing) await Promise.race([new Promise<void>((resolve) => (drained = resolve)), gone]);
      if (res.destroyed) return;
    }
  } catch (err) {
    if (!res.headersSent) throw err;
    res.destroy(err as Error);
    return;
  } finally {
    res.removeListener('drain', onDrain);
  }
  res.end(`${pending}]`);
}
