import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { errnoOf, realFs, syncDirectory, writeFully } from '@kesh/embedded-mongo/storage-fs';
import { ConfigError, type StoredSecrets } from './config.js';

export const SECRETS_FILE = 'secrets.json';
const SECRET_NAMES = ['jwtSecret', 'paymentSimulatorSecret'] as const satisfies readonly (keyof StoredSecrets)[];
/** 256 bits: as strong as the HMAC-SHA256 they key. */
const SECRET_BYTES = 32;

const generate = () => randomBytes(SECRET_BYTES).toString('base64url');

const damaged = (file: string, why: string) =>
  new ConfigError(
    `${file} is damaged (${why}). Restore it from the backup of the data directory, or delete it to have ` +
      'new secrets made at the next start (that signs out every shopper and admin).',
  );

/** The file's secrets, undefined when there is no file; refuses (ConfigError) anything else. */
async function readSecrets(file: string): Promise<Partial<StoredSecrets> | undefined> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return undefined;
    throw new ConfigError(
      `Cannot read ${file} (${errnoOf(err) ?? (err as Error).message}): fix its owner or permissions`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw damaged(file, 'not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw damaged(file, 'not an object');
  const record = parsed as Record<string, unknown>;
  const secrets: Partial<StoredSecrets> = {};
  for (const name of SECRET_NAMES) {
    const value = record[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length < 32)
      throw damaged(file, `${name} is not a secret of 32+ characters`);
    secrets[name] = value;
  }
  return secrets;
}

/**
 * Writes the file so that it is never seen half written and survives a power cut once this
 * returns: a private temporary file, fsync, then into place, then fsync of the directory.
 * `exclusive` puts it in place with link(), which fails if another process starting at the same
 * moment put its own there first; the caller then reads that one, so both use the same secrets.
 */
async function writeSecrets(file: string, secrets: StoredSecrets, exclusive: boolean): Promise<boolean> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await fsp.open(tmp, 'wx', 0o600);
  try {
    await writeFully(handle, Buffer.from(`${JSON.stringify(secrets, null, 2)}\n`));
    await handle.sync();
    await handle.close();
    if (exclusive) {
      const placed = await fsp.link(tmp, file).then(
        () => true,
        (err: unknown) => {
          if (errnoOf(err) === 'EEXIST') return false;
          throw err;
        },
      );
      await fsp.unlink(tmp);
      if (!placed) return false;
    } else {
      await fsp.rename(tmp, file);
    }
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fsp.unlink(tmp).catch(() => undefined);
    throw err;
  }
  await syncDirectory(realFs, path.dirname(file));
  return true;
}

export interface SecretsOutcome {
  secrets: StoredSecrets;
  file: string;
  /** The names made at this start (all of them on the first start, none after). */
  created: (keyof StoredSecrets)[];
}

/**
 * The server's secrets from `<dataDir>/secrets.json`, made and stored there (0600, in a 0700
 * folder when it makes the folder) on the first start and reused after. A file that cannot be
 * read or makes no sense stops the start: quietly making new secrets would sign everyone out.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<SecretsOutcome> {
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(path.resolve(dataDir), SECRETS_FILE);
  for (;;) {
    const stored = await readSecrets(file);
    const created = SECRET_NAMES.filter((name) => stored?.[name] === undefined);
    if (created.length === 0) return { secrets: stored as StoredSecrets, file, created };
    const secrets = { ...Object.fromEntries(created.map((name) => [name, generate()])), ...stored } as StoredSecrets;
    // A file from an older version gains the secrets it lacks; the ones it has are kept.
    if (await writeSecrets(file, secrets, stored === undefined)) return { secrets, file, created };
  }
}

/**
 * Copies `<fromDir>/secrets.json` into `toDir` (made owner-only if new), owner-only, never over an
 * existing one: backups carry the secrets with the data, and a restore puts them back.
 * Returns false when there is none to copy (a shop that set every secret in its environment).
 */
export async function copySecretsFile(fromDir: string, toDir: string): Promise<boolean> {
  await fsp.mkdir(toDir, { recursive: true, mode: 0o700 });
  const target = path.join(toDir, SECRETS_FILE);
  try {
    await fsp.copyFile(path.join(fromDir, SECRETS_FILE), target, fsp.constants.COPYFILE_EXCL);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return false;
    throw err;
  }
  await fsp.chmod(target, 0o600);
  return true;
}
