import { BSON, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { DocumentBytes } from '../values/document-bytes.js';
import { encodeReply } from './reply.js';

const stored = [
  { _id: new ObjectId(), createdAt: new Date(Date.UTC(2025, 0, 1)), lines: [{ title: 'आंवला तेल', quantity: 2 }] },
  { _id: 7, total: Long.fromNumber(2 ** 40), nested: { a: null, b: [1.5, 'x'] } },
  { _id: 'empty' },
];

describe('a reply whose batch holds documents as bytes', () => {
  it.each(['firstBatch', 'nextBatch'])('is the same BSON as the decoded documents would give (%s)', (key) => {
    const reply = (docs: unknown[]) => ({ cursor: { [key]: docs, id: Long.fromNumber(42), ns: 'shop.orders' }, ok: 1 });
    const mixed = [
      new DocumentBytes(BSON.serialize(stored[0]!)),
      stored[1],
      new DocumentBytes(BSON.serialize(stored[2]!)),
    ];
    expect(encodeReply(reply(mixed))).toEqual(Buffer.from(BSON.serialize(reply(stored))));
  });

  it('leaves every other reply to the bson package', () => {
    const reply = { cursor: { firstBatch: stored, id: Long.ZERO, ns: 'shop.orders' }, ok: 1, skipped: undefined };
    expect(encodeReply(reply)).toEqual(Buffer.from(BSON.serialize(reply, { ignoreUndefined: true })));
  });
});
