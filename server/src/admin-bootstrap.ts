import bcrypt from 'bcryptjs';
import type { Config } from './config.js';
import { Admin } from './modules/admin/index.js';
import { isDuplicateKey } from './lib/errors.js';
import { ADMIN_BCRYPT_ROUNDS } from './modules/admin/index.js';

/**
 * Creates the admin named by ADMIN_USERNAME with ADMIN_PASSWORD (hashed) when no admin of that
 * name exists. An existing admin keeps its password: changing it is `npm run admin:password`.
 * Returns true when it created the admin.
 */
export async function ensureAdmin(config: Pick<Config, 'admin'>): Promise<boolean> {
  const { username, password } = config.admin;
  if (await Admin.exists({ username })) return false;
  const passwordHash = await bcrypt.hash(password, ADMIN_BCRYPT_ROUNDS);
  try {
    const result = await Admin.updateOne({ username }, { $setOnInsert: { username, passwordHash } }, { upsert: true });
    return result.upsertedCount === 1;
  } catch (err) {
    // Another process created it at the same moment; the unique index kept one.
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
