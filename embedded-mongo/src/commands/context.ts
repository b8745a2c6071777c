import type { CursorManager } from '../planner/cursors.js';
import type { Store } from '../storage/store.js';
import type { Doc } from '../values/values.js';

/** Everything a command handler may touch. Handlers are synchronous on purpose: see commands.ts. */
export interface CommandContext {
  store: Store;
  cursors: CursorManager;
  connectionId: number;
  /** Whether changes can be made durable now; ping reports it (see /readyz). */
  storageHealth: () => { writable: boolean; cause?: string };
}

/**
 * A command handler. `cmd` already has OP_MSG document sequences merged in
 * (e.g. `documents` for insert), `db` is the `$db` the driver targeted.
 */
export type CommandHandler = (cmd: Doc, db: string, ctx: CommandContext) => Doc;
