/**
 * MongoDB wire protocol: splitting the TCP byte stream into messages, parsing
 * OP_MSG / OP_QUERY / OP_COMPRESSED requests and encoding OP_MSG / OP_REPLY replies.
 * https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
 */
import { inflateSync } from 'node:zlib';
import { BSON } from 'bson';
import { DESERIALIZE_OPTIONS } from '../values/decode.js';
import { encodeReply } from './reply.js';
import type { Doc } from '../values/values.js';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

const HEADER_SIZE = 16;
const MSG_FLAG_CHECKSUM_PRESENT = 1 << 0;
const MSG_FLAG_MORE_TO_COME = 1 << 1;
const REPLY_FLAG_QUERY_FAILURE = 1 << 1;
const COMPRESSOR_NOOP = 0;
const COMPRESSOR_ZLIB = 2;

/** A malformed byte stream; the only sane reaction is to drop the connection. */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export interface MessageHeader {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export function readHeader(buf: Buffer): MessageHeader {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

function writeHeader(buf: Buffer, header: MessageHeader): void {
  buf.writeInt32LE(header.length, 0);
  buf.writeInt32LE(header.requestId, 4);
  buf.writeInt32LE(header.responseTo, 8);
  buf.writeInt32LE(header.opCode, 12);
}

/**
 * Reassembles whole messages from socket chunks. Chunks are kept in a list and
 * concatenated once per message, so a 48 MB insert arriving in 64 KB pieces
 * costs one copy rather than one per chunk.
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private needed = -1;
  private readonly maxMessageSize: number;

  constructor(maxMessageSize: number) {
    this.maxMessageSize = maxMessageSize;
  }

  push(chunk: Buffer): Buffer[] {
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    const messages: Buffer[] = [];
    for (;;) {
      if (this.needed < 0) {
        if (this.buffered < 4) break;
        const length = this.peekLength();
        if (length < HEADER_SIZE || length > this.maxMessageSize) {
          throw new ProtocolError(`invalid message length ${length}`);
        }
        this.needed = length;
      }
      if (this.buffered < this.needed) break;
      messages.push(this.take(this.needed));
      this.needed = -1;
    }
    return messages;
  }

  private peekLength(): number {
    const first = this.chunks[0] as Buffer;
    if (first.length >= 4) return first.readInt32LE(0);
    const merged = Buffer.concat(this.chunks);
    this.chunks = [merged];
    return merged.readInt32LE(0);
  }

  private take(n: number): Buffer {
    this.buffered -= n;
    const first = this.chunks[0] as Buffer;
    if (first.length === n) {
      this.chunks.shift();
      return first;
    }
    if (first.length > n) {
      this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const parts: Buffer[] = [];
    let remaining = n;
    while (remaining > 0) {
      const chunk = this.chunks[0] as Buffer;
      if (chunk.length <= remaining) {
        parts.push(chunk);
        remaining -= chunk.length;
        this.chunks.shift();
      } else {
        parts.push(chunk.subarray(0, remaining));
        this.chunks[0] = chunk.subarray(remaining);
        remaining = 0;
      }
    }
    return Buffer.concat(parts, n);
  }
}

export interface OpMsgRequest {
  kind: 'msg';
  header: MessageHeader;
  /** Set when the client expects no reply (unacknowledged writes). */
  moreToCome: boolean;
  /** Body (section kind 0) with document sequences (kind 1) merged in under their identifiers. */
  command: Doc;
}

export interface OpQueryRequest {
  kind: 'query';
  header: MessageHeader;
  fullCollectionName: string;
  query: Doc;
}

export type Request = OpMsgRequest | OpQueryRequest;

function readDocument(buf: Buffer, offset: number, end: number): [Doc, number] {
  if (offset + 4 > end) throw new ProtocolError('truncated BSON document');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError('BSON document length exceeds message');
  return [BSON.deserialize(buf.subarray(offset, offset + size), DESERIALIZE_OPTIONS), offset + size];
}

function readCString(buf: Buffer, offset: number, end: number): [string, number] {
  const zero = buf.indexOf(0, offset);
  if (zero === -1 || zero >= end) throw new ProtocolError('unterminated string');
  return [buf.toString('utf8', offset, zero), zero + 1];
}

/** Parses one complete message (as produced by MessageFramer). */
export function parseMessage(buf: Buffer): Request {
  const header = readHeader(buf);
  if (header.length !== buf.length) throw new ProtocolError('message length mismatch');
  switch (header.opCode) {
    case OP_MSG:
      return parseOpMsg(buf, header);
    case OP_QUERY:
      return parseOpQuery(buf, header);
    case OP_COMPRESSED:
      return parseMessage(decompress(buf, header));
    default:
      throw new ProtocolError(`unsupported opCode ${header.opCode}`);
  }
}

function parseOpMsg(buf: Buffer, header: MessageHeader): OpMsgRequest {
  const flags = buf.readUInt32LE(HEADER_SIZE);
  // The CRC-32C trailer is not verified: TCP already checksums and the driver only adds it when asked.
  const end = buf.length - (flags & MSG_FLAG_CHECKSUM_PRESENT ? 4 : 0);
  let offset = HEADER_SIZE + 4;
  let body: Doc | undefined;
  const sequences: Array<[string, Doc[]]> = [];
  while (offset < end) {
    const kind = buf[offset];
    offset += 1;
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG with more than one body section');
      [body, offset] = readDocument(buf, offset, end);
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = buf.readInt32LE(offset);
      const sectionEnd = offset + size;
      if (size < 5 || sectionEnd > end) throw new ProtocolError('document sequence length exceeds message');
      const [identifier, docsStart] = readCString(buf, offset + 4, sectionEnd);
      let p = docsStart;
      const docs: Doc[] = [];
      while (p < sectionEnd) {
        let doc: Doc;
        [doc, p] = readDocument(buf, p, sectionEnd);
        docs.push(doc);
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${String(kind)}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  const command: Doc = { ...body };
  for (const [identifier, docs] of sequences) command[identifier] = docs;
  return { kind: 'msg', header, moreToCome: (flags & MSG_FLAG_MORE_TO_COME) !== 0, command };
}

function parseOpQuery(buf: Buffer, header: MessageHeader): OpQueryRequest {
  let offset = HEADER_SIZE + 4; // skip flags
  const [fullCollectionName, afterName] = readCString(buf, offset, buf.length);
  offset = afterName + 8; // numberToSkip, numberToReturn
  const [query] = readDocument(buf, offset, buf.length);
  return { kind: 'query', header, fullCollectionName, query };
}

/**
 * We never advertise compression, so drivers do not send OP_COMPRESSED; still,
 * the no-op and zlib compressors are trivial to unwrap with Node's zlib.
 */
function decompress(buf: Buffer, header: MessageHeader): Buffer {
  const originalOpCode = buf.readInt32LE(HEADER_SIZE);
  const uncompressedSize = buf.readInt32LE(HEADER_SIZE + 4);
  const compressorId = buf[HEADER_SIZE + 8];
  const payload = buf.subarray(HEADER_SIZE + 9);
  let body: Buffer;
  if (compressorId === COMPRESSOR_NOOP) body = payload;
  else if (compressorId === COMPRESSOR_ZLIB) body = inflateSync(payload);
  else throw new ProtocolError(`unsupported compressor ${String(compressorId)}`);
  if (body.length !== uncompressedSize) throw new ProtocolError('compressed message size mismatch');
  const out = Buffer.alloc(HEADER_SIZE + body.length);
  writeHeader(out, { ...header, length: out.length, opCode: originalOpCode });
  body.copy(out, HEADER_SIZE);
  return out;
}

let lastRequestId = 0;
function nextRequestId(): number {
  lastRequestId = (lastRequestId + 1) & 0x7fffffff;
  return lastRequestId;
}

/** A reply's header and room for `fieldsSize` bytes of its own fields, ahead of `body`. */
function replyPrefix(opCode: number, responseTo: number, fieldsSize: number, body: Buffer): Buffer {
  const prefix = Buffer.alloc(HEADER_SIZE + fieldsSize);
  writeHeader(prefix, { length: prefix.length + body.length, requestId: nextRequestId(), responseTo, opCode });
  return prefix;
}

export function encodeOpMsg(responseTo: number, doc: Doc): Buffer {
  const body = encodeReply(doc);
  const prefix = replyPrefix(OP_MSG, responseTo, 5, body);
  prefix.writeUInt32LE(0, 16); // flags
  prefix.writeUInt8(0, 20); // section kind 0
  return Buffer.concat([prefix, body]);
}

export function encodeOpReply(responseTo: number, doc: Doc, queryFailure = false): Buffer {
  const body = encodeReply(doc);
  const prefix = replyPrefix(OP_REPLY, responseTo, 20, body);
  prefix.writeInt32LE(queryFailure ? REPLY_FLAG_QUERY_FAILURE : 0, 16);
  prefix.writeBigInt64LE(0n, 20); // cursorID
  prefix.writeInt32LE(0, 28); // startingFrom
  prefix.writeInt32LE(1, 32); // numberReturned
  return Buffer.concat([prefix, body]);
}
