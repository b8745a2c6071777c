/**
 * Command dispatch. Commands run synchronously from start to finish, which is
 * what makes each one atomic with respect to every other connection.
 */
import * as admin from './admin.js';
import type { CommandContext, CommandHandler } from './context.js';
import * as crud from './crud.js';
import { CommandError, ErrorCode, errorReply } from './errors.js';
import type { Doc } from './values.js';

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

/** Runs one command and always returns a reply document; errors become `ok: 0` replies. */
export function executeCommand(cmd: Doc, db: string, ctx: CommandContext): Doc {
  const name = commandName(cmd);
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
    return handler(cmd, db, ctx);
  } catch (err) {
    return errorReply(err);
  }
}
