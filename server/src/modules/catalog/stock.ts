import type { LowStockProduct } from '@kesh/shared';
import { LOW_STOCK_THRESHOLD } from '@kesh/shared';
import { MainCategory } from './category.model.js';

/** One order line's claim on the shelf. */
export interface StockLine {
  productId: unknown;
  quantity: number;
}

/**
 * Takes every line's quantity off the shelf, or none of it. Each line is one conditional
 * decrement ({stock >= quantity} then $inc), so concurrent orders can never take more than is
 * there, on any engine and without transactions. A product whose stock is not counted (null or
 * absent) is never short. When a line is short, the lines already taken are put back and the
 * result is false.
 */
export async function takeStock(lines: readonly StockLine[]): Promise<boolean> {
  const taken: StockLine[] = [];
  for (const line of mergedLines(lines)) {
    const took = await MainCategory.updateOne(
      { _id: line.productId, stock: { $gte: line.quantity } },
      { $inc: { stock: -line.quantity } },
    );
    if (took.modifiedCount === 1) {
      taken.push(line);
      continue;
    }
    // Not taken: either nobody counts this product's stock, or there is too little of it.
    const counted = await MainCategory.exists({ _id: line.productId, stock: { $ne: null } });
    if (!counted) continue;
    await returnStock(taken);
    return false;
  }
  return true;
}

/** Puts an order's quantities back on the shelf (a cancellation, or a rollback). Uncounted stock stays uncounted. */
export async function returnStock(lines: readonly StockLine[]): Promise<void> {
  for (const line of mergedLines(lines)) {
    await MainCategory.updateOne({ _id: line.productId, stock: { $ne: null } }, { $inc: { stock: line.quantity } });
  }
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
