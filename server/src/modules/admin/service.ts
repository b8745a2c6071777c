import { MESSAGES } from '@kesh/shared';
import { HttpError } from '../../lib/errors.js';
import { hashPassword, passwordMatches } from '../../lib/passwords.js';
import { issueToken } from '../../lib/tokens.js';
import { Admin } from './admin.model.js';

export const ADMIN_BCRYPT_ROUNDS = 12;

/** Compared against when the username is unknown, so both failures take the same time. */
let unknownAdminHash: Promise<string> | undefined;
const hashForUnknownAdmin = () =>
  (unknownAdminHash ??= hashPassword('no admin has this password', ADMIN_BCRYPT_ROUNDS));

const invalidCredentials = () => new HttpError(401, MESSAGES.adminInvalidCredentials, undefined, { success: false });

export async function logInAdmin(secret: string, username: string, password: string) {
  const admin = await Admin.findOne({ username }).lean();
  const matches = await passwordMatches(password, admin?.passwordHash ?? (await hashForUnknownAdmin()));
  if (!admin || !matches) throw invalidCredentials();
  return issueToken(secret, String(admin._id), 'admin', { version: admin.sessionVersion ?? 0 });
}

/**
 * Sets an admin's password, creating the admin if the name is new (`npm run admin:password`).
 * A new session version signs out every session of the old password. Returns true when created.
 */
export async function setAdminPassword(username: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password, ADMIN_BCRYPT_ROUNDS);
  const result = await Admin.updateOne(
    { username },
    { $set: { username, passwordHash }, $inc: { sessionVersion: 1 } },
    { upsert: true },
  );
  return result.upsertedCount === 1;
}

/** Usernames of the admins whose stored password is `password` (main refuses the dev default in production). */
export async function adminsWithPassword(password: string): Promise<string[]> {
  const admins = await Admin.find({}, { username: 1, passwordHash: 1 }).lean();
  const matches = await Promise.all(admins.map((a) => passwordMatches(password, a.passwordHash)));
  return admins.filter((_, i) => matches[i]).map((a) => a.username);
}
