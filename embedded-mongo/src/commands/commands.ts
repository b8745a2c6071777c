/**
 * Command dispatch. Commands run synchronously from start to finish, which is
 * what makes each one atomic with respect to every other connection.
 */
import * as admin from './admin.js';
import type { CommandContext, CommandHandler } from './context.js';
import * as crud from './crud.js';
import { CommandError, ErrorCode, errorReply } from '../values/errors.js';
import { countCommand } from './server-status.js';
import { isNumeric, isPlainObject, toNumber, type Doc } from '../values/values.js';

const handlers = new Map<string, CommandHandler>([
  ['hello', admin.hello],
  ['isMaster', admin.hello],
  ['ismaster', admin.hello],
  ['ping', admin.ping],
  ['buildInfo', admin.buildInfo],
  ['buildinfo', admin.buildInfo],
  ['hostInfo', admin.hostInfo],
  ['getParameter', admin.getParameter],
  ['serverStatus', admin.serverStatus],
  ['currentOp', admin.currentOp],
  ['whatsmyuri', admin.whatsmyuri],
  ['connectionStatus', admin.connectionStatus],
  ['dbStats', admin.dbStats],
  ['listDatabases', admin.listDatabases],
  ['dropDatabase', admin.dropDatabase],
  ['create', admin.create],
  ['drop', admin.drop],
  ['listCollections', admin.listCollections],
  ['createIndexes', admin.createIndexes],
  ['listIndexes', admin.listIndexes],
  ['dropIndexes', admin.dropIndexes],
  ['deleteIndexes', admin.dropIndexes],
  ['collMod', admin.collMod],
  ['renameCollection', admin.renameCollection],
  ['startSession', admin.startSession],
  ['endSessions', admin.okCommand],
  ['killSessions', admin.okCommand],
  ['killAllSessions', admin.okCommand],
  ['refreshSessions', admin.okCommand],
  ['commitTransaction', admin.transactionsUnsupported],
  ['abortTransaction', admin.transactionsUnsupported],
  ['find', crud.find],
  ['getMore', crud.getMore],
  ['killCursors', crud.killCursors],
  ['insert', crud.insert],
  ['update', crud.update],
  ['delete', crud.deleteCommand],
  ['findAndModify', crud.findAndModify],
  ['findandmodify', crud.findAndModify],
  ['count', crud.count],
  ['distinct', crud.distinct],
  ['aggregate', crud.aggregate],
  ['explain', crud.explain],
]);

export function commandName(cmd: Doc): string {
  return Object.keys(cmd)[0] ?? '';
}

/** One node holds one copy: asking for more is refused, as a standalone mongod does, rather than acknowledged. */
function refuseReplicatedWriteConcern(cmd: Doc): void {
  const w = isPlainObject(cmd.writeConcern) ? cmd.writeConcern.w : undefined;
  if (isNumeric(w) && toNumber(w) > 1) {
    throw new CommandError(ErrorCode.BadValue, "cannot use 'w' > 1 when a host is not replicated");
  }
}

/** Runs one command and always returns a reply document; errors become `ok: 0` replies. */
export function executeCommand(cmd: Doc, db: string, ctx: CommandContext): Doc {
  const name = commandName(cmd);
  const reply = runCommand(name, cmd, db, ctx);
  countCommand(name, cmd, reply.ok === 0);
  return reply;
}

function runCommand(name: string, cmd: Doc, db: string, ctx: CommandContext): Doc {
  try {
    const handler = handlers.get(name);
    if (!handler) {
      throw new CommandError(
        ErrorCode.CommandNotFound,
        `no such command: '${name}' (not supported by the embedded engine)`,
      );
    }
    // Session fields (lsid, txnNumber, $clusterTime, ...) are accepted and ignored, but an actual
    // transaction would silently lose its all-or-nothing guarantee, so refuse it like a standalone mongod.
    if (cmd.startTransaction === true || cmd.autocommit === false) return admin.transactionsUnsupported(cmd, db, ctx);
    refuseReplicatedWriteConcern(cmd);
    return handler(cmd, db, ctx);
  } catch (err) {
    return errorReply(err);
  }
}
