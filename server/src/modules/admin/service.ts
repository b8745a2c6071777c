import { ADMIN_PASSWORD_MESSAGES, MESSAGES } from '@kesh/shared';
import { DEV_ADMIN_PASSWORD } from '../../config.js';
import { HttpError, badRequest, unauthorized } from '../../lib/errors.js';
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
  // Known to anyone who read the README: the session may do nothing but replace it.
  const mustChangePassword = password === DEV_ADMIN_PASSWORD;
  const issued = issueToken(secret, String(admin._id), 'admin', {
    version: admin.sessionVersion ?? 0,
    mustChangePassword,
  });
  return { ...issued, mustChangePassword };
}

/**
 * The signed-in admin's own password change. The new session version ends every session of the
 * old password (the caller's too), so the answer carries a fresh token.
 */
export async function changeAdminPassword(
  secret: string,
  adminId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
) {
  if (newPassword === DEV_ADMIN_PASSWORD) throw badRequest(ADMIN_PASSWORD_MESSAGES.published);
  const admin = await Admin.findById(adminId, { passwordHash: 1 }).lean();
  if (!admin) throw unauthorized(MESSAGES.unauthorized);
  if (!(await passwordMatches(currentPassword, admin.passwordHash))) {
    throw badRequest(ADMIN_PASSWORD_MESSAGES.wrongCurrent);
  }
  const passwordHash = await hashPassword(newPassword, ADMIN_BCRYPT_ROUNDS);
  const updated = await Admin.findOneAndUpdate(
    { _id: adminId },
    { $set: { passwordHash }, $inc: { sessionVersion: 1 } },
    { returnDocument: 'after', projection: { sessionVersion: 1 } },
  ).lean();
  if (!updated) throw unauthorized(MESSAGES.unauthorized);
  return issueToken(secret, adminId, 'admin', { version: updated.sessionVersion ?? 0 });
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
