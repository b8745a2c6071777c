import { BSON } from 'bson';
import { DocumentBytes } from '../values/document-bytes.js';
import type { Doc } from '../values/values.js';

const OPTIONS = { ignoreUndefined: true };
const EMBEDDED_DOCUMENT = 0x03;
const ARRAY = 0x04;

const isPlainDoc = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A reply as BSON. A cursor's batch may hold DocumentBytes (cursors.ts): such a reply is written
 * around them, each copied in as it is, every other value encoded by the bson package as before.
 */
export function encodeReply(doc: Doc): Buffer {
  const cursor = doc.cursor;
  const batch = isPlainDoc(cursor) ? (cursor.firstBatch ?? cursor.nextBatch) : undefined;
  const bytes =
    Array.isArray(batch) && batch.some((d) => d instanceof DocumentBytes)
      ? Buffer.concat(documentParts(doc, new Set([cursor, batch])))
      : BSON.serialize(doc, OPTIONS);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A document's bytes as parts (its length, its elements, the closing 0), writing `around` part by part. */
function documentParts(doc: Doc | unknown[], around: Set<unknown>): Uint8Array[] {
  const parts: Uint8Array[] = [Buffer.alloc(4)];
  const entries = Array.isArray(doc) ? doc.map((v, i) => [String(i), v] as const) : Object.entries(doc);
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    if (value instanceof DocumentBytes) parts.push(Buffer.from([EMBEDDED_DOCUMENT]), cString(key), value.bytes);
    else if (around.has(value)) {
      parts.push(Buffer.from([Array.isArray(value) ? ARRAY : EMBEDDED_DOCUMENT]), cString(key));
      parts.push(...documentParts(value as Doc | unknown[], around));
    } else parts.push(elementOf(key, value));
  }
  parts.push(Buffer.alloc(1));
  (parts[0] as Buffer).writeInt32LE(
    parts.reduce((sum, part) => sum + part.byteLength, 0),
    0,
  );
  return parts;
}

/** One element as the bson package encodes it: `{ key: value }` without its length and closing 0. */
function elementOf(key: string, value: unknown): Uint8Array {
  const bytes = BSON.serialize({ [key]: value }, OPTIONS);
  return bytes.subarray(4, bytes.byteLength - 1);
}

const cString = (key: string) => Buffer.from(`${key}\0`, 'utf8');
