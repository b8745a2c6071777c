import { Types } from 'mongoose';
import { EMPTY_COD_HISTORY, type CodHistory } from '@kesh/shared';
import { User } from './user.model.js';

/**
 * Counts one outcome of a shopper's cash-on-delivery order on their account (or takes one back, by = -1,
 * when the owner corrects a status), so the owner's order list shows the history without reading orders.
 */
export async function countCodOutcome(userId: unknown, outcome: keyof CodHistory, by: 1 | -1 = 1): Promise<void> {
  await User.updateOne({ _id: userId }, { $inc: { [`codStats.${outcome}`]: by } });
}

export function codHistoryOf(user: { codStats?: Partial<Record<keyof CodHistory, number | null>> | null }): CodHistory {
  const stats = user.codStats ?? {};
  return {
    delivered: stats.delivered ?? EMPTY_COD_HISTORY.delivered,
    refused: stats.refused ?? EMPTY_COD_HISTORY.refused,
    cancelled: stats.cancelled ?? EMPTY_COD_HISTORY.cancelled,
  };
}

/** The read behind codHistoriesOf (tests explain it): the accounts by their _id index, nothing else. */
export const codHistoryFind = (ids: readonly string[]) => User.find({ _id: { $in: ids } }, { codStats: 1 });

/** The histories of the distinct shoppers of one page of orders: one indexed read by _id. */
export async function codHistoriesOf(userIds: readonly unknown[]): Promise<Record<string, CodHistory>> {
  const ids = [...new Set(userIds.map(String))].filter((id) => Types.ObjectId.isValid(id));
  if (ids.length === 0) return {};
  const users = await codHistoryFind(ids).lean();
  return Object.fromEntries(users.map((u) => [String(u._id), codHistoryOf(u)]));
}

/** The name of today's count (daily-count.ts) of the shopper's own cancellations of cash-on-delivery orders. */
export const codCancelCounter = (userId: string) => `cod-cancel|${userId}`;
