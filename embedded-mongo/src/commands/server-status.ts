/**
 * The process-wide counters serverStatus reports (connections, network, opcounters, asserts),
 * per process as in mongod: monitoring scripts read them as rates between two calls.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { CommandContext } from './context.js';
import { cloneDeep, type Doc } from '../values/values.js';

/** mongod's default net.maxIncomingConnections; the engine sets no lower limit of its own. */
const MAX_INCOMING_CONNECTIONS = 1_000_000;
const MIB = 1024 * 1024;

const counters = {
  connections: { current: 0, totalCreated: 0 },
  network: { bytesIn: 0, bytesOut: 0, numRequests: 0 },
  opcounters: { insert: 0, query: 0, update: 0, delete: 0, getmore: 0, command: 0 },
  userAsserts: 0,
};

export function connectionOpened(): void {
  counters.connections.current++;
  counters.connections.totalCreated++;
}

export function connectionClosed(): void {
  counters.connections.current--;
}

export function bytesIn(n: number): void {
  counters.network.bytesIn += n;
  counters.network.numRequests++;
}

export function bytesOut(n: number): void {
  counters.network.bytesOut += n;
}

/** Counts a command as mongod does: inserts per document, updates and deletes per statement. */
export function countCommand(name: string, cmd: Doc, failed: boolean): void {
  const ops = counters.opcounters;
  const statements = (field: string): number => (Array.isArray(cmd[field]) ? cmd[field].length : 0);
  if (name === 'insert') ops.insert += statements('documents');
  else if (name === 'update') ops.update += statements('updates');
  else if (name === 'delete') ops.delete += statements('deletes');
  else if (name === 'find') ops.query++;
  else if (name === 'getMore') ops.getmore++;
  else ops.command++;
  if (failed) counters.userAsserts++;
}

/** Virtual size from /proc where there is one (Linux), else the resident size. */
function virtualBytes(resident: number): number {
  try {
    const pages = Number(readFileSync('/proc/self/statm', 'utf8').split(' ')[0]);
    return Number.isFinite(pages) ? pages * 4096 : resident;
  } catch {
    return resident;
  }
}

export function statusSections(): Doc {
  const { rss } = process.memoryUsage();
  const { current, totalCreated } = counters.connections;
  return {
    connections: {
      current,
      available: MAX_INCOMING_CONNECTIONS - current,
      totalCreated,
      // Commands run one at a time: the one asking is the only active connection.
      active: Math.min(current, 1),
    },
    network: { ...counters.network },
    opcounters: { ...counters.opcounters },
    mem: { bits: 64, resident: Math.round(rss / MIB), virtual: Math.round(virtualBytes(rss) / MIB), supported: true },
    asserts: { regular: 0, warning: 0, msg: 0, user: counters.userAsserts, rollovers: 0 },
  };
}

let nextOpId = 1;

/**
 * Commands run one at a time to completion (see commands.ts), so the only operation in
 * progress is the one asking: mongod lists it too.
 */
export function currentOps(cmd: Doc, ns: string, ctx: CommandContext): Doc[] {
  return [
    {
      type: 'op',
      host: hostname(),
      desc: `conn${ctx.connectionId}`,
      connectionId: ctx.connectionId,
      client: '127.0.0.1',
      active: true,
      currentOpTime: new Date().toISOString(),
      opid: nextOpId++,
      secs_running: 0,
      microsecs_running: 0,
      op: 'command',
      ns,
      command: cloneDeep(cmd),
      waitingForLock: false,
    },
  ];
}
