/**
 * The names the engine keeps in its data folder, in a module of their own: a caller can tell whether
 * a folder already holds this engine's data without loading the engine (the server decides which
 * engine to start from it).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export const CHECKPOINT_FILE = 'embedded-db.bson';
export const JOURNAL_DIR = 'journal';

/** True when `dir` holds a checkpoint or a journal of this engine. */
export async function holdsEngineData(dir: string): Promise<boolean> {
  for (const name of [CHECKPOINT_FILE, JOURNAL_DIR]) {
    try {
      await stat(path.join(dir, name));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return false;
}
