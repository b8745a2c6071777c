import type { Types } from 'mongoose';
import { MAX_OPEN_COD_ORDERS } from '@kesh/shared';
import { isDuplicateKey } from '../../lib/errors.js';
import { CodSlot } from './cod-slot.model.js';

/**
 * Claims one of the shopper's MAX_OPEN_COD_ORDERS slots for `orderId`; false when all are taken.
 * Each try is one insert that the unique (userId, slot) index lets through at most once.
 */
export async function claimCodSlot(userId: string, orderId: Types.ObjectId): Promise<boolean> {
  for (let slot = 0; slot < MAX_OPEN_COD_ORDERS; slot += 1) {
    try {
      await CodSlot.create({ userId, slot, orderId });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
  return false;
}

/** Frees the slot of a cash-on-delivery order that was delivered or cancelled (nothing when it holds none). */
export async function releaseCodSlot(orderId: Types.ObjectId): Promise<void> {
  await CodSlot.deleteOne({ orderId });
}
