import { isValidObjectId } from 'mongoose';
import {
  MESSAGES,
  USER_SEARCH_COUNT_LIMIT,
  type AdminUserPage,
  type UserListQuery,
  type UserProfile,
  type UserSummary,
} from '@kesh/shared';
import { unauthorized } from '../../lib/errors.js';
import { inIdOrder } from '../../lib/json-stream.js';
import { keysBeginningWith, userSearchKeysOf, userSearchPrefix } from './search.js';
import { User } from './user.model.js';

interface StoredUser {
  _id: unknown;
  username: string;
  email: string;
  contact: string;
  address?: string | null;
  createdAt?: Date | null;
  emailVerified?: boolean | null;
}

/** Accounts made before verification existed have no flag and count as confirmed (docs/verification.md). */
export const isVerified = (user: Pick<StoredUser, 'emailVerified'>) => user.emailVerified !== false;

export function toProfile(user: StoredUser): UserProfile {
  return {
    _id: String(user._id),
    username: user.username,
    email: user.email,
    contact: user.contact,
    address: user.address ?? null,
    emailVerified: isVerified(user),
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

const SUMMARY_FIELDS = { username: 1, email: 1, contact: 1, createdAt: 1, emailVerified: 1 } as const;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** Every registered shopper, in the order the accounts were made (the spec's GET /api/auth/users), a batch at a time. */
export const eachUser = (): AsyncIterable<UserSummary> =>
  inIdOrder(
    (after, limit) =>
      User.find(after === undefined ? {} : { _id: { $gt: after } }, SUMMARY_FIELDS)
        .sort({ _id: 1 })
        .limit(limit)
        .lean<StoredUser[]>(),
    toSummary,
  );

/**
 * Which accounts a search means; a blank search, all of them. Only $elemMatch says "one key lies
 * in the range" (a bare range on an array is met by one key above the start and another below the
 * end: "shopper13@…" and "13" meet [shopper 12, shopper 13)). mongod bounds the index scan by
 * the $elemMatch; the embedded planner bounds it only by the bare range, which is why both are here.
 */
export function userSearchFilter(q: string) {
  if (!q) return {};
  const range = keysBeginningWith(userSearchPrefix(q));
  return { $and: [{ searchKeys: { $elemMatch: range } }, { searchKeys: range }] };
}

/**
 * The read behind one page of the owner's users list, newest first (tests explain it). A narrow
 * search reads its matches through the searchKeys index and sorts them; `walkNewest` instead walks
 * the accounts newest first and stops at the page's last match, cheaper when matches are common.
 */
export function userPageFind({ q, page, limit }: UserListQuery, walkNewest = false) {
  const find = User.find(userSearchFilter(q), SUMMARY_FIELDS)
    .sort(NEWEST_FIRST)
    .skip((page - 1) * limit)
    .limit(limit);
  return (walkNewest ? find.hint(NEWEST_FIRST) : find).lean<StoredUser[]>();
}

/** Accounts a broad search may walk, newest first, to fill its page, rather than sort every match. */
const WALK_BUDGET = 2 * USER_SEARCH_COUNT_LIMIT;

/**
 * One page of the owner's users list. The whole list's total is the collection's count, which the
 * engine keeps. A search counts its matches up to USER_SEARCH_COUNT_LIMIT (one more says "more").
 * Past that, walking the accounts newest first reads about (rows up to the page) x accounts /
 * matches; while that stays within WALK_BUDGET it is used, else the matches are read and sorted.
 */
export async function listUserPage(query: UserListQuery): Promise<AdminUserPage> {
  const { q, page, limit } = query;
  let total: number;
  let walkNewest = false;
  if (q) {
    total = await User.countDocuments(userSearchFilter(q), { limit: USER_SEARCH_COUNT_LIMIT + 1 });
    if (total > USER_SEARCH_COUNT_LIMIT) {
      const accounts = await User.estimatedDocumentCount();
      walkNewest = (page * limit * accounts) / total <= WALK_BUDGET;
    }
  } else {
    total = await User.estimatedDocumentCount();
  }
  const users = await userPageFind(query, walkNewest);
  const items = users.map((u) => ({
    ...toSummary(u),
    createdAt: u.createdAt?.toISOString() ?? null,
    emailVerified: isVerified(u),
  }));
  const totalCapped = total > USER_SEARCH_COUNT_LIMIT && Boolean(q);
  return { items, page, limit, total: totalCapped ? USER_SEARCH_COUNT_LIMIT : total, totalCapped };
}

/** Accounts given their search keys in one write per batch. */
const BACKFILL_BATCH = 500;

/**
 * Accounts stored before the users list had a search get their keys, a batch at a time. Finding
 * them is an index lookup (a missing field indexes as null), so once done every later start-up
 * pays one empty lookup; run after the server listens, it never delays start-up. Safe to rerun.
 */
export async function backfillUserSearchKeys(): Promise<number> {
  let done = 0;
  for (;;) {
    const missing = await User.find({ searchKeys: null }, { username: 1, email: 1, contact: 1 })
      .limit(BACKFILL_BATCH)
      .lean<StoredUser[]>();
    if (missing.length === 0) return done;
    await User.bulkWrite(
      missing.map((u) => ({
        updateOne: { filter: { _id: u._id, searchKeys: null }, update: { $set: { searchKeys: userSearchKeysOf(u) } } },
      })),
    );
    done += missing.length;
  }
}
