/**
 * Server-side cursors. The answer is fixed when the cursor opens, so a cursor is a snapshot: later
 * writes do not shift documents between batches, and a document updated or deleted meanwhile is
 * still returned as it was when it matched. A find's cursor keeps references to the stored
 * documents it selected (an offset in the checkpoint buffer, or the immutable object a write
 * stored), and reads them one batch at a time: a find of 100,000 orders holds 100,000
 * references, not 100,000 decoded documents. A find without a projection sends a document kept as
 * bytes as those bytes (DocumentBytes), without decoding it.
 */
import { randomBytes } from 'node:crypto';
import { BSON, Long } from 'bson';
import { CommandError, ErrorCode } from '../values/errors.js';
import { DocumentBytes } from '../values/document-bytes.js';
import type { Doc } from '../values/values.js';

export const DEFAULT_BATCH_SIZE = 101;
/** mongod caps a batch at 16 MiB of documents so the reply stays under the message limit. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024;
/** Idle cursors are reaped after 10 minutes, mongod's cursorTimeoutMillis default. */
export const CURSOR_IDLE_MS = 10 * 60 * 1000;

interface CursorState {
  ns: string;
  rows: readonly unknown[];
  /** The document a row stands for, made when its batch is taken. */
  read: (row: unknown) => BatchDoc;
  position: number;
  lastUsed: number;
}

const asDoc = (row: unknown): Doc => row as Doc;

/** A document of a batch: decoded, or its stored bytes sent unchanged (wire/reply.ts). */
export type BatchDoc = Doc | DocumentBytes;

export interface Batch {
  docs: BatchDoc[];
  id: Long;
}

export class CursorManager {
  private readonly cursors = new Map<bigint, CursorState>();

  get openCount(): number {
    return this.cursors.size;
  }

  /**
   * Returns the first batch and keeps a cursor only if documents remain.
   * `batchSize` undefined means mongod's default of 101 for the first batch.
   */
  open(ns: string, docs: Doc[], batchSize: number | undefined, singleBatch: boolean): Batch {
    return this.openRows(ns, docs, asDoc, batchSize, singleBatch);
  }

  /** As open(), over rows that `read` turns into documents a batch at a time. */
  openRows<R>(
    ns: string,
    rows: readonly R[],
    read: (row: R) => BatchDoc,
    batchSize: number | undefined,
    singleBatch: boolean,
  ): Batch {
    const state: CursorState = {
      ns,
      rows,
      read: read as (row: unknown) => BatchDoc,
      position: 0,
      lastUsed: Date.now(),
    };
    const first = takeBatch(state, batchSize ?? DEFAULT_BATCH_SIZE);
    if (singleBatch || state.position >= rows.length) return { docs: first, id: Long.ZERO };
    const id = this.newId();
    this.cursors.set(id, state);
    return { docs: first, id: Long.fromBigInt(id) };
  }

  getMore(rawId: unknown, ns: string, batchSize: number | undefined): Batch {
    const id = cursorIdOf(rawId);
    const state = this.cursors.get(id);
    if (!state) throw new CommandError(ErrorCode.CursorNotFound, `cursor id ${id.toString()} not found`);
    if (state.ns !== ns) {
      throw new CommandError(
        ErrorCode.Unauthorized,
        `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${state.ns}`,
      );
    }
    state.lastUsed = Date.now();
    // Without a batchSize mongod fills the batch up to the byte limit.
    const docs = takeBatch(state, batchSize && batchSize > 0 ? batchSize : Number.MAX_SAFE_INTEGER);
    if (state.position >= state.rows.length) {
      this.cursors.delete(id);
      return { docs, id: Long.ZERO };
    }
    return { docs, id: Long.fromBigInt(id) };
  }

  kill(ids: unknown[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of ids) {
      const id = cursorIdOf(raw);
      (this.cursors.delete(id) ? killed : notFound).push(Long.fromBigInt(id));
    }
    return { killed, notFound };
  }

  reapIdle(now = Date.now()): void {
    for (const [id, state] of this.cursors) if (now - state.lastUsed > CURSOR_IDLE_MS) this.cursors.delete(id);
  }

  closeAll(): void {
    this.cursors.clear();
  }

  private newId(): bigint {
    for (;;) {
      // Positive 63-bit ids like mongod's (0 means "exhausted" on the wire), always at or above
      // 2^53 (bit 62 set, 62 random bits): a driver that turns a small int64 into a JS number
      // (promoteLongs) would otherwise hand back a Long for most cursors and a number for a few.
      const id = (randomBytes(8).readBigUInt64BE() & 0x3fff_ffff_ffff_ffffn) | 0x4000_0000_0000_0000n;
      if (!this.cursors.has(id)) return id;
    }
  }
}

function takeBatch(state: CursorState, limit: number): BatchDoc[] {
  const out: BatchDoc[] = [];
  let bytes = 0;
  while (state.position < state.rows.length && out.length < limit) {
    const doc = state.read(state.rows[state.position]);
    const size =
      doc instanceof DocumentBytes ? doc.bytes.byteLength : BSON.calculateObjectSize(doc, { ignoreUndefined: true });
    if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
    out.push(doc);
    bytes += size;
    state.position++;
  }
  return out;
}

function cursorIdOf(raw: unknown): bigint {
  if (typeof raw === 'bigint') return raw;
  if (typeof raw === 'number' && Number.isInteger(raw)) return BigInt(raw);
  if (raw instanceof Long) return raw.toBigInt();
  if (raw !== null && typeof raw === 'object' && (raw as { _bsontype?: unknown })._bsontype === 'Long') {
    return (raw as Long).toBigInt();
  }
  throw new CommandError(ErrorCode.TypeMismatch, `cursor id must be a 64-bit integer, got ${String(raw)}`);
}
