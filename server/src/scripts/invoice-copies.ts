import { constants } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Copies the issued invoice PDFs (kept on disk beside the database, not in it) from one folder to
 * another, never over a file already there; how many were copied. None to copy is not an error: a
 * shop on GridFS keeps them in the database, and a lost one is rendered again from its order.
 */
export async function copyInvoices(from: string, to: string): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(from)).filter((name) => name.endsWith('.pdf'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  await mkdir(to, { recursive: true });
  let copied = 0;
  for (const name of names) {
    try {
      await copyFile(path.join(from, name), path.join(to, name), constants.COPYFILE_EXCL);
      copied += 1;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return copied;
}
