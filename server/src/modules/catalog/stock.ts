import type { LowStockProduct } from '@kesh/shared';
import { LOW_STOCK_THRESHOLD } from '@kesh/shared';
import { storefrontChanged } from '../../lib/storefront-version.js';
import { MainCategory } from './category.model.js';

/**
 * The storefront's pages follow the shelf. The units are already taken or back: a bump that fails
 * (the database went away just now) must not undo or fail that, and leaves the pages as they were.
 */
const shelfChanged = () => storefrontChanged().catch(() => undefined);

/** One order line's claim on the shelf. */
export interface StockLine {
  productId: unknown;
  quantity: number;
}

/**
 * Takes every line's quantity off the shelf for the claim `ref` ("order:<id>", "checkout:<id>"), or
 * none of it. Each line is one conditional update of its product: {stock >= quantity, no hold of
 * this ref} then $inc and a hold {ref, quantity} pushed in the same write, so concurrent orders can
 * never take more than is there, on any engine and without transactions, and a claim taken twice
 * (a retry) takes once. A product whose stock is not counted (null or absent) is never short and
 * holds nothing. When a line is short, or a write fails, what the claim holds is put back (false,
 * or the error). If the process dies half-way, the holds say what to put back
 * (recoverInterruptedStock); once the order exists, settleHolds drops them.
 */
export async function takeStockFor(ref: string, lines: readonly StockLine[], at = new Date()): Promise<boolean> {
  let taken = false;
  try {
    for (const line of mergedLines(lines)) {
      const took = await MainCategory.updateOne(
        { _id: line.productId, stock: { $gte: line.quantity }, 'stockHolds.ref': { $ne: ref } },
        { $inc: { stock: -line.quantity }, $push: { stockHolds: { ref, quantity: line.quantity, at } } },
      );
      if (took.modifiedCount === 1) {
        taken = true;
        continue;
      }
      // Not taken: this claim already holds it (a retry), nobody counts it, or there is too little.
      const held = await MainCategory.exists({ _id: line.productId, 'stockHolds.ref': ref });
      if (held) continue;
      const counted = await MainCategory.exists({ _id: line.productId, stock: { $ne: null } });
      if (!counted) continue;
      await returnHeld(ref);
      return false;
    }
  } catch (err) {
    // Best effort: with the database refusing writes this fails too, and recovery puts it back later.
    await returnHeld(ref).catch(() => undefined);
    throw err;
  }
  // A card's "Only 3 left" or "Out of stock" (and the detail page's largest quantity) follow the shelf.
  if (taken) await shelfChanged();
  return true;
}

/**
 * Puts back every unit the claim `ref` holds, each product once (the hold is removed by the same
 * write that adds its units back, so running it again, or after a crash half-way, adds nothing twice).
 */
export async function returnHeld(ref: string): Promise<void> {
  const holders = await MainCategory.find({ 'stockHolds.ref': ref }, { stockHolds: 1 }).lean();
  let returned = false;
  for (const product of holders) {
    for (const hold of (product.stockHolds ?? []).filter((h) => h.ref === ref)) {
      const mine = { _id: product._id, stockHolds: { $elemMatch: { ref, quantity: hold.quantity } } };
      const back = await MainCategory.updateOne(
        { ...mine, stock: { $ne: null } },
        { $inc: { stock: hold.quantity }, $pull: { stockHolds: { ref } } },
      );
      // The owner stopped counting this product meanwhile: nothing to add back to.
      if (back.matchedCount === 0) await MainCategory.updateOne(mine, { $pull: { stockHolds: { ref } } });
      else returned = true;
    }
  }
  if (returned) await shelfChanged();
}

/** The claim's order exists: its units are sold, and the holds that recorded them go. */
export async function settleHolds(ref: string): Promise<void> {
  await MainCategory.updateMany({ 'stockHolds.ref': ref }, { $pull: { stockHolds: { ref } } });
}

/** The claims that hold units since before `before`: candidates for recovery. */
export async function staleHoldRefs(before: Date): Promise<string[]> {
  const holders = await MainCategory.find({ 'stockHolds.at': { $lt: before } }, { stockHolds: 1 }).lean();
  const refs = new Set<string>();
  for (const product of holders) {
    for (const hold of product.stockHolds ?? []) if (hold.at && hold.at < before) refs.add(hold.ref);
  }
  return [...refs];
}

/**
 * Puts a cancelled order's quantities back on the shelf, once per product however often it runs:
 * each increment records `ref` ("cancel:<orderId>") in the product's stockReturns in the same
 * write. Uncounted stock stays uncounted. forgetReturns drops the records once the order says so.
 */
export async function returnStockOnce(ref: string, lines: readonly StockLine[]): Promise<void> {
  let returned = false;
  for (const line of mergedLines(lines)) {
    const back = await MainCategory.updateOne(
      { _id: line.productId, stock: { $ne: null }, stockReturns: { $ne: ref } },
      { $inc: { stock: line.quantity }, $push: { stockReturns: ref } },
    );
    returned ||= back.modifiedCount === 1;
  }
  if (returned) await shelfChanged();
}

/** The cancelled order now records its stock as returned: the per-product records can go. */
export async function forgetReturns(ref: string): Promise<void> {
  await MainCategory.updateMany({ stockReturns: ref }, { $pull: { stockReturns: ref } });
}

/** The return records on the shelf (normally none: each lives for the length of one cancellation). */
export async function returnRefs(): Promise<string[]> {
  const products = await MainCategory.find({ 'stockReturns.0': { $exists: true } }, { stockReturns: 1 }).lean();
  return [...new Set(products.flatMap((p) => p.stockReturns ?? []))];
}

/** True when some line asks for more than is on the shelf right now (a hint before payment, not a claim). */
export async function anyLineShort(lines: readonly StockLine[]): Promise<boolean> {
  const merged = mergedLines(lines);
  const counted = await MainCategory.find(
    { _id: { $in: merged.map((l) => l.productId) }, stock: { $ne: null } },
    { stock: 1 },
  ).lean();
  const stockOf = new Map(counted.map((p) => [String(p._id), p.stock as number]));
  return merged.some((l) => {
    const stock = stockOf.get(String(l.productId));
    return stock !== undefined && stock < l.quantity;
  });
}

/** Products with LOW_STOCK_THRESHOLD or fewer units, fewest first: the owner's dashboard list. */
export async function lowStockProducts(): Promise<LowStockProduct[]> {
  const low = await MainCategory.find({ stock: { $lte: LOW_STOCK_THRESHOLD } }, { title: 1, stock: 1 })
    .sort({ stock: 1, title: 1 })
    .lean();
  return low.map((p) => ({ _id: String(p._id), title: p.title, stock: p.stock as number }));
}

/** One claim per product, however the lines were split. */
function mergedLines(lines: readonly StockLine[]): StockLine[] {
  const byId = new Map<string, StockLine>();
  for (const line of lines) {
    const key = String(line.productId);
    const seen = byId.get(key);
    byId.set(key, { productId: line.productId, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  return [...byId.values()];
}
