/**
 * A document already encoded as BSON: what a cursor hands the wire for a stored document it sends
 * unchanged (no projection), so the engine neither decodes it into objects nor encodes them again.
 * Only the wire's reply encoder (wire/reply.ts) knows what to do with one.
 */
export class DocumentBytes {
  constructor(readonly bytes: Uint8Array) {}
}
