/**
 * TCP listener: one MessageFramer per socket, every complete message is
 * executed synchronously and answered in order. A reply may have to wait for
 * the journal (see durability.ts); later replies on the same socket wait behind it.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { MAX_MESSAGE_SIZE_BYTES } from '../commands/admin.js';
import { errorReply } from '../values/errors.js';
import { bytesIn, bytesOut, connectionClosed, connectionOpened } from '../commands/server-status.js';
import { isPlainObject, type Doc } from '../values/values.js';
import {
  MessageFramer,
  OP_QUERY,
  ProtocolError,
  encodeOpMsg,
  encodeOpReply,
  parseMessage,
  readHeader,
  type Request,
} from './wire.js';

export type Executor = (cmd: Doc, db: string, connectionId: number) => Doc | Promise<Doc>;

type Reply = Buffer | undefined | 'drop';

export class WireServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  /** Replies waiting for the journal on any socket; close() lets them go out first. */
  private readonly inFlight = new Set<Promise<void>>();
  private nextConnectionId = 1;
  private readonly execute: Executor;

  constructor(execute: Executor) {
    this.execute = execute;
    this.server = createServer((socket) => this.accept(socket));
  }

  listen(port: number, host = '127.0.0.1'): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        // After startup, listener errors (e.g. EMFILE on accept) must not crash the host process.
        this.server.on('error', (err) => console.error('[embedded-db] listener error', err));
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  private accept(socket: Socket): void {
    const connectionId = this.nextConnectionId++;
    const framer = new MessageFramer(MAX_MESSAGE_SIZE_BYTES);
    this.sockets.add(socket);
    socket.setNoDelay(true);
    // Client resets are normal (e.g. a test process exiting); never let them crash the host process.
    socket.on('error', () => socket.destroy());
    connectionOpened();
    socket.on('close', () => {
      this.sockets.delete(socket);
      connectionClosed();
    });
    /** Replies still waiting for the journal, in request order. */
    let waiting: Promise<void> | undefined;
    const send = (reply: Reply): void => {
      if (socket.destroyed) return;
      if (reply === 'drop') socket.destroy();
      else if (reply) {
        bytesOut(reply.length);
        socket.write(reply);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      let messages: Buffer[];
      try {
        messages = framer.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const message of messages) {
        if (socket.destroyed) return;
        bytesIn(message.length);
        const reply = this.handle(message, connectionId);
        if (!waiting && !(reply instanceof Promise)) {
          send(reply);
          continue;
        }
        const previous = waiting ?? Promise.resolve();
        const current: Promise<void> = previous
          .then(async () => send(await reply))
          .catch(() => {
            socket.destroy();
          });
        waiting = current;
        this.inFlight.add(current);
        void current.finally(() => {
          this.inFlight.delete(current);
          if (waiting === current) waiting = undefined;
        });
      }
    });
  }

  /** Returns the encoded reply, undefined when none is expected, or 'drop' for a broken stream. */
  private handle(message: Buffer, connectionId: number): Reply | Promise<Reply> {
    const header = readHeader(message);
    const asReply = (doc: Doc): Buffer =>
      header.opCode === OP_QUERY ? encodeOpReply(header.requestId, doc) : encodeOpMsg(header.requestId, doc);
    // Most likely a reply that could not be serialized (e.g. over the BSON size limit).
    const encode = (doc: Doc): Buffer => {
      try {
        return asReply(doc);
      } catch (err) {
        return asReply(errorReply(err));
      }
    };
    let request: Request;
    try {
      request = parseMessage(message);
    } catch (err) {
      if (err instanceof ProtocolError) return 'drop';
      // The framing was fine but a document was not valid BSON: answer, keep the connection.
      return asReply(errorReply(err));
    }
    let reply: Doc | Promise<Doc>;
    try {
      if (request.kind === 'msg') {
        const db = typeof request.command.$db === 'string' ? request.command.$db : 'admin';
        reply = this.execute(request.command, db, connectionId);
        if (request.moreToCome) return undefined;
      } else {
        reply = this.runLegacyQuery(request.fullCollectionName, request.query, connectionId);
      }
    } catch (err) {
      return encode(errorReply(err));
    }
    return reply instanceof Promise ? reply.then(encode, (err: unknown) => encode(errorReply(err))) : encode(reply);
  }

  /** OP_QUERY is only used by drivers for the initial handshake on admin.$cmd. */
  private runLegacyQuery(fullCollectionName: string, query: Doc, connectionId: number): Doc | Promise<Doc> {
    if (!fullCollectionName.endsWith('.$cmd')) {
      return { $err: 'OP_QUERY is only supported for commands', code: 5739101, ok: 0 };
    }
    const db = fullCollectionName.slice(0, -'.$cmd'.length);
    // Legacy drivers wrap commands as { $query: {...}, $readPreference: ... }.
    const cmd = isPlainObject(query.$query) ? query.$query : query;
    return this.execute(cmd, db, connectionId);
  }
}
