/** How documents are read from BSON bytes, off the wire and out of the data files alike. */
import { BSON, type DeserializeOptions } from 'bson';
import { compactDecoded, type Doc } from './values.js';

/**
 * Longs stay Long so int64 values survive a round trip; int32/double become
 * numbers, ObjectId/Date/Decimal128/Binary keep their classes.
 */
export const DESERIALIZE_OPTIONS: DeserializeOptions = {
  promoteLongs: false,
  promoteValues: true,
  promoteBuffers: false,
  bsonRegExp: false,
};

/**
 * A document read out of a file's buffer (checkpoint, journal) that keeps none of that buffer
 * alive, its short strings shared through `strings` (see compactDecoded).
 */
export function deserializeStored(bytes: Buffer, strings: Map<string, string>): Doc {
  const doc = BSON.deserialize(bytes, DESERIALIZE_OPTIONS);
  compactDecoded(doc, strings);
  return doc;
}
