import { connect, type Socket } from 'node:net';
import { BSON } from 'bson';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestTarget, type TestTarget } from '../../test/testing.js';
import { DESERIALIZE_OPTIONS } from '../values/decode.js';
import type { Doc } from '../values/values.js';
import { MessageFramer, OP_COMPRESSED, OP_MSG, OP_QUERY, OP_REPLY, ProtocolError, readHeader } from './wire.js';

const DB_NAME = 'embedded_wire_test';

function bson(doc: Doc): Buffer {
  return Buffer.from(BSON.serialize(doc));
}

function frame(requestId: number, opCode: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + payload.length, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(opCode, 12);
  return Buffer.concat([header, payload]);
}

function opMsg(requestId: number, body: Doc, sequences: Record<string, Doc[]> = {}, flags = 0): Buffer {
  const parts: Buffer[] = [];
  const flagBuf = Buffer.alloc(4);
  flagBuf.writeUInt32LE(flags, 0);
  parts.push(flagBuf, Buffer.from([0]), bson(body));
  for (const [id, docs] of Object.entries(sequences)) {
    const content = Buffer.concat([Buffer.from(`${id}\0`), ...docs.map(bson)]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + content.length, 0);
    parts.push(Buffer.from([1]), size, content);
  }
  if (flags & 1) parts.push(Buffer.alloc(4)); // checksum placeholder
  return frame(requestId, OP_MSG, Buffer.concat(parts));
}

function opQuery(requestId: number, ns: string, query: Doc): Buffer {
  const flags = Buffer.alloc(4);
  const skipReturn = Buffer.alloc(8);
  skipReturn.writeInt32LE(-1, 4);
  return frame(requestId, OP_QUERY, Buffer.concat([flags, Buffer.from(`${ns}\0`), skipReturn, bson(query)]));
}

interface Reply {
  opCode: number;
  responseTo: number;
  doc: Doc;
}

function decodeReply(buf: Buffer): Reply {
  const header = readHeader(buf);
  const docStart = header.opCode === OP_REPLY ? 36 : 21;
  return {
    opCode: header.opCode,
    responseTo: header.responseTo,
    doc: BSON.deserialize(buf.subarray(docStart), DESERIALIZE_OPTIONS),
  };
}

/** A raw client connection that collects complete replies. */
class RawClient {
  readonly socket: Socket;
  private readonly framer = new MessageFramer(48_000_000);
  private readonly replies: Reply[] = [];
  private waiters: Array<() => void> = [];
  closed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      for (const m of this.framer.push(chunk)) this.replies.push(decodeReply(m));
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  static open(port: number, host: string): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host, () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  async next(count = 1, timeoutMs = 3000): Promise<Reply[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.replies.length < count) {
      if (this.closed) throw new Error('connection closed');
      if (Date.now() > deadline) throw new Error('timed out waiting for reply');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.replies.splice(0, count);
  }

  async waitClosed(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }
}

describe('MessageFramer', () => {
  it('reassembles fragmented and coalesced messages', () => {
    const messages = [
      opMsg(1, { ping: 1, $db: 'admin' }),
      opMsg(2, { hello: 1, $db: 'admin', pad: 'x'.repeat(5000) }),
      opMsg(3, { ping: 1, $db: 'a' }),
    ];
    const stream = Buffer.concat(messages);
    for (const chunkSize of [1, 2, 3, 7, 100, 4096, stream.length]) {
      const framer = new MessageFramer(48_000_000);
      const out: Buffer[] = [];
      for (let i = 0; i < stream.length; i += chunkSize) out.push(...framer.push(stream.subarray(i, i + chunkSize)));
      expect(out.map((b) => b.toString('hex'))).toEqual(messages.map((b) => b.toString('hex')));
    }
  });

  it('rejects impossible lengths', () => {
    const bad = Buffer.alloc(16);
    bad.writeInt32LE(8, 0);
    expect(() => new MessageFramer(1000).push(bad)).toThrow(ProtocolError);
    bad.writeInt32LE(5000, 0);
    expect(() => new MessageFramer(1000).push(bad)).toThrow(ProtocolError);
  });
});

describe('raw wire protocol', () => {
  let target: TestTarget;
  let host = '127.0.0.1';
  let port = 0;
  const clients: RawClient[] = [];

  beforeAll(async () => {
    target = await startTestTarget();
    const m = /^mongodb:\/\/(?:[^@/]*@)?([^:/,?]+)(?::(\d+))?/.exec(target.uri);
    host = m?.[1] ?? '127.0.0.1';
    port = Number(m?.[2] ?? 27017);
  });

  afterEach(() => {
    for (const c of clients.splice(0)) c.socket.destroy();
  });

  afterAll(async () => {
    const c = await open();
    c.socket.write(opMsg(99, { dropDatabase: 1, $db: DB_NAME }));
    await c.next();
    c.socket.destroy();
    await target?.stop();
  });

  async function open(): Promise<RawClient> {
    const c = await RawClient.open(port, host);
    clients.push(c);
    return c;
  }

  it('answers the legacy OP_QUERY handshake with OP_REPLY, even byte by byte', async () => {
    const c = await open();
    const msg = opQuery(7, 'admin.$cmd', { isMaster: 1, helloOk: true, compression: ['zlib'] });
    for (const byte of msg) c.socket.write(Buffer.from([byte]));
    const [reply] = await c.next();
    expect(reply?.opCode).toBe(OP_REPLY);
    expect(reply?.responseTo).toBe(7);
    expect(reply?.doc).toMatchObject({ ismaster: true, ok: 1, maxBsonObjectSize: 16 * 1024 * 1024 });
    expect(typeof reply?.doc.maxWireVersion).toBe('number');
    expect(reply?.doc.localTime).toBeInstanceOf(Date);
    if (target.engine) {
      expect(reply?.doc).not.toHaveProperty('compression');
      expect(reply?.doc).not.toHaveProperty('setName');
      expect(reply?.doc).toMatchObject({
        maxWireVersion: 21,
        minWireVersion: 0,
        helloOk: true,
        logicalSessionTimeoutMinutes: 30,
      });
    }
  });

  it('answers several OP_MSG requests sent in one chunk, in order', async () => {
    const c = await open();
    c.socket.write(
      Buffer.concat([
        opMsg(1, { ping: 1, $db: 'admin' }),
        opMsg(2, { buildInfo: 1, $db: 'admin' }),
        opMsg(3, { ping: 1, $db: 'admin' }),
      ]),
    );
    const replies = await c.next(3);
    expect(replies.map((r) => r.responseTo)).toEqual([1, 2, 3]);
    expect(replies.every((r) => r.opCode === OP_MSG && r.doc.ok === 1)).toBe(true);
  });

  it('accepts kind-1 document sequences', async () => {
    const c = await open();
    c.socket.write(
      opMsg(
        10,
        { insert: 'seq', $db: DB_NAME, ordered: true },
        {
          documents: [
            { _id: 1, a: 'x' },
            { _id: 2, a: 'y' },
          ],
        },
      ),
    );
    const [ins] = await c.next();
    expect(ins?.doc).toMatchObject({ n: 2, ok: 1 });
    c.socket.write(
      opMsg(11, { update: 'seq', $db: DB_NAME }, { updates: [{ q: { _id: 2 }, u: { $set: { a: 'z' } } }] }),
    );
    expect((await c.next())[0]?.doc).toMatchObject({ n: 1, nModified: 1, ok: 1 });
    c.socket.write(opMsg(12, { delete: 'seq', $db: DB_NAME }, { deletes: [{ q: { _id: 1 }, limit: 1 }] }));
    expect((await c.next())[0]?.doc).toMatchObject({ n: 1, ok: 1 });
    c.socket.write(opMsg(13, { find: 'seq', filter: {}, $db: DB_NAME }));
    const [found] = await c.next();
    expect((found?.doc.cursor as Doc).firstBatch).toEqual([{ _id: 2, a: 'z' }]);
  });

  describe.runIf(!process.env.MONGODB_URI)('engine-only framing behaviour', () => {
    it('handles the checksum flag, moreToCome and no-op OP_COMPRESSED', async () => {
      const c = await open();
      c.socket.write(opMsg(20, { insert: 'flags', $db: DB_NAME, documents: [{ _id: 'cs' }] }, {}, 1));
      expect((await c.next())[0]?.doc).toMatchObject({ n: 1, ok: 1 });
      // moreToCome: fire-and-forget write, no reply; the following ping proves ordering.
      c.socket.write(opMsg(21, { insert: 'flags', $db: DB_NAME, documents: [{ _id: 'w0' }] }, {}, 2));
      const inner = opMsg(22, { count: 'flags', $db: DB_NAME });
      const compressedHeader = Buffer.alloc(9);
      compressedHeader.writeInt32LE(OP_MSG, 0);
      compressedHeader.writeInt32LE(inner.length - 16, 4);
      compressedHeader.writeUInt8(0, 8);
      c.socket.write(frame(22, OP_COMPRESSED, Buffer.concat([compressedHeader, inner.subarray(16)])));
      const [counted] = await c.next();
      expect(counted?.responseTo).toBe(22);
      expect(counted?.doc).toMatchObject({ n: 2, ok: 1 });
    });

    it('answers invalid BSON with an error and keeps the connection', async () => {
      const c = await open();
      const body = bson({ ping: 1, $db: 'admin' });
      body.writeUInt8(0x7f, 4); // unknown element type
      const flags = Buffer.alloc(4);
      c.socket.write(frame(30, OP_MSG, Buffer.concat([flags, Buffer.from([0]), body])));
      const [reply] = await c.next();
      expect(reply?.doc).toMatchObject({ ok: 0 });
      c.socket.write(opMsg(31, { ping: 1, $db: 'admin' }));
      expect((await c.next())[0]?.doc).toMatchObject({ ok: 1 });
    });

    it('returns errors for failing commands instead of dropping the socket', async () => {
      const c = await open();
      c.socket.write(opMsg(40, { find: 'x', filter: { a: { $nope: 1 } }, $db: DB_NAME }));
      const [reply] = await c.next();
      expect(reply?.doc).toMatchObject({ ok: 0, code: 2, codeName: 'BadValue' });
      c.socket.write(opMsg(41, { noSuchThing: 1, $db: DB_NAME }));
      expect((await c.next())[0]?.doc).toMatchObject({
        ok: 0,
        code: 59,
        codeName: 'CommandNotFound',
        errmsg: "no such command: 'noSuchThing' (not supported by the embedded engine)",
      });
    });

    it('drops connections that send garbage', async () => {
      const c = await open();
      c.socket.write(Buffer.from([1, 0, 0, 0, 9, 9, 9, 9]));
      expect(await c.waitClosed()).toBe(true);
    });
  });
});
