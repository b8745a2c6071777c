import { isValidObjectId } from 'mongoose';
import { MESSAGES, type UserProfile, type UserSummary } from '@kesh/shared';
import { unauthorized } from '../../lib/errors.js';
import { User } from './user.model.js';

interface StoredUser {
  _id: unknown;
  username: string;
  email: string;
  contact: string;
  address?: string | null;
}

export function toProfile(user: StoredUser): UserProfile {
  return {
    _id: String(user._id),
    username: user.username,
    email: user.email,
    contact: user.contact,
    address: user.address ?? null,
  };
}

function toSummary(user: StoredUser): UserSummary {
  return { _id: String(user._id), username: user.username, email: user.email, contact: user.contact };
}

/** The signed-in shopper's profile; a token that outlived its account is as good as no token. */
export async function getProfile(userId: string): Promise<UserProfile> {
  const user = isValidObjectId(userId) ? await User.findById(userId).lean() : null;
  if (!user) throw unauthorized(MESSAGES.unauthorized);
  return toProfile(user);
}

async function updateAccount(userId: string, address: string | null): Promise<void> {
  const result = isValidObjectId(userId)
    ? await User.updateOne({ _id: userId }, { $set: { address } })
    : { matchedCount: 0 };
  if (result.matchedCount === 0) throw unauthorized(MESSAGES.unauthorized);
}

export async function setAddress(userId: string, address: string): Promise<string> {
  const saved = address.trim();
  await updateAccount(userId, saved);
  return saved;
}

export async function removeAddress(userId: string): Promise<void> {
  await updateAccount(userId, null);
}

/** Registered shoppers for the admin's user table, in sign-up order. */
export async function listUsers(): Promise<UserSummary[]> {
  const users = await User.find().sort({ createdAt: 1, _id: 1 }).lean();
  return users.map(toSummary);
}
