import type { Model } from 'mongoose';
import type { LowStockProduct } from '@kesh/shared';
import { LOW_STOCK_THRESHOLD } from '@kesh/shared';
import { storefrontChanged } from '../../lib/storefront-version.js';
import { MainCategory } from './category.model.js';
import { ProductVariant } from './variant.model.js';

/**
 * The storefront's pages follow the shelf. The units are already taken or back: a bump that fails
 * (the database went away just now) must not undo or fail that, and leaves the pages as they were.
 */
const shelfChanged = () => storefrontChanged().catch(() => undefined);

/** One order line's claim on the shelf: its variant's when it has one, else its product's. */
export interface StockLine {
  productId: unknown;
  variantId?: unknown;
  quantity: number;
}

/** The fields stock.ts reads and writes, the same on a product and on a variant (shelf-fields.ts). */
interface ShelfRecord {
  stock?: number | null;
  stockHolds?: { ref: string; quantity: number; at?: Date | null }[] | null;
  stockReturns?: string[] | null;
}
// Two models with the same shelf fields; typed as one so each write below is written once.
const PRODUCTS = MainCategory as unknown as Model<ShelfRecord>;
const VARIANTS = ProductVariant as unknown as Model<ShelfRecord>;
const SHELVES = [PRODUCTS, VARIANTS];

/**
 * A line's shelf: the variant document when the line names one, else the product document. A
 * variant the owner removed is no longer sold (`onSale`): a payment opened before the removal finds
 * it gone, as it would find it sold out (docs/variants.md).
 */
const shelfOf = (line: StockLine) =>
  line.variantId
    ? { model: VARIANTS, _id: line.variantId, onSale: { removedAt: null } }
    : { model: PRODUCTS, _id: line.productId, onSale: {} };

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
      const { model, _id, onSale } = shelfOf(line);
      const took = await model.updateOne(
        { _id, ...onSale, stock: { $gte: line.quantity }, 'stockHolds.ref': { $ne: ref } },
        { $inc: { stock: -line.quantity }, $push: { stockHolds: { ref, quantity: line.quantity, at } } },
      );
      if (took.modifiedCount === 1) {
        taken = true;
        continue;
      }
      // Not taken: this claim already holds it (a retry), nobody counts it, it is no longer sold, or
      // there is too little.
      const held = await model.exists({ _id, 'stockHolds.ref': ref });
      if (held) continue;
      const counted = await model.exists({ _id, stock: { $ne: null } });
      if (!counted && !(line.variantId && (await model.exists({ _id, removedAt: { $ne: null } })))) continue;
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
  let returned = false;
  for (const model of SHELVES) {
    const holders = await model.find({ 'stockHolds.ref': ref }, { stockHolds: 1 }).lean();
    for (const shelf of holders) {
      for (const hold of (shelf.stockHolds ?? []).filter((h) => h.ref === ref)) {
        const mine = { _id: shelf._id, stockHolds: { $elemMatch: { ref, quantity: hold.quantity } } };
        const back = await model.updateOne(
          { ...mine, stock: { $ne: null } },
          { $inc: { stock: hold.quantity }, $pull: { stockHolds: { ref } } },
        );
        // The owner stopped counting this shelf meanwhile: nothing to add back to.
        if (back.matchedCount === 0) await model.updateOne(mine, { $pull: { stockHolds: { ref } } });
        else returned = true;
      }
    }
  }
  if (returned) await shelfChanged();
}

/**
 * The claim's order exists: its units are sold, and the holds that recorded them go. Given the
 * lines the claim took (takeStockFor's), only their shelves are written, each kind of shelf once;
 * without them (a sweep that knows only the claim) every shelf holding the claim is found by it.
 */
export async function settleHolds(ref: string, lines?: readonly StockLine[]): Promise<void> {
  const settle = { $pull: { stockHolds: { ref } } };
  if (!lines) {
    for (const model of SHELVES) await model.updateMany({ 'stockHolds.ref': ref }, settle);
    return;
  }
  const shelves = mergedLines(lines).map(shelfOf);
  for (const model of SHELVES) {
    const ids = shelves.filter((shelf) => shelf.model === model).map((shelf) => shelf._id);
    if (ids.length > 0) await model.updateMany({ _id: { $in: ids }, 'stockHolds.ref': ref }, settle);
  }
}

/**
 * The shelves holding units for a claim made before `before`, products then variants: each query
 * reads only those shelves, through the stockHolds.at index (shelf-fields.ts).
 */
export const staleHolders = (before: Date) =>
  SHELVES.map((model) => model.find({ 'stockHolds.at': { $lt: before } }, { stockHolds: 1 }).lean());

/** The claims that hold units since before `before`: candidates for recovery. */
export async function staleHoldRefs(before: Date): Promise<string[]> {
  const refs = new Set<string>();
  for (const holders of staleHolders(before)) {
    for (const shelf of await holders) {
      for (const hold of shelf.stockHolds ?? []) if (hold.at && hold.at < before) refs.add(hold.ref);
    }
  }
  return [...refs];
}

/** The claims among `refs` that still hold units somewhere. */
export async function refsHolding(refs: readonly string[]): Promise<Set<string>> {
  const holding = new Set<string>();
  for (const model of SHELVES) {
    const holders = await model.find({ 'stockHolds.ref': { $in: refs } }, { stockHolds: 1 }).lean();
    for (const shelf of holders) for (const hold of shelf.stockHolds ?? []) holding.add(hold.ref);
  }
  return holding;
}

/**
 * Puts a cancelled order's quantities back on the shelf, once per product however often it runs:
 * each increment records `ref` ("cancel:<orderId>") in the product's stockReturns in the same
 * write. Uncounted stock stays uncounted. forgetReturns drops the records once the order says so.
 */
export async function returnStockOnce(ref: string, lines: readonly StockLine[]): Promise<void> {
  let returned = false;
  for (const line of mergedLines(lines)) {
    const { model, _id } = shelfOf(line);
    const back = await model.updateOne(
      { _id, stock: { $ne: null }, stockReturns: { $ne: ref } },
      { $inc: { stock: line.quantity }, $push: { stockReturns: ref } },
    );
    returned ||= back.modifiedCount === 1;
  }
  if (returned) await shelfChanged();
}

/** The cancelled order now records its stock as returned: the per-product records can go. */
export async function forgetReturns(ref: string): Promise<void> {
  for (const model of SHELVES) await model.updateMany({ stockReturns: ref }, { $pull: { stockReturns: ref } });
}

/**
 * The shelves holding a return record, products then variants. Every record is a non-empty string,
 * so `$gt: ''` reads them through the stockReturns index, passing over the many shelves that a
 * finished cancellation left with an empty list.
 */
export const shelvesWithReturns = () =>
  SHELVES.map((model) => model.find({ stockReturns: { $gt: '' } }, { stockReturns: 1 }).lean());

/** The return records on the shelf (normally none: each lives for the length of one cancellation). */
export async function returnRefs(): Promise<string[]> {
  const refs = new Set<string>();
  for (const shelves of shelvesWithReturns()) {
    for (const shelf of await shelves) for (const ref of shelf.stockReturns ?? []) refs.add(ref);
  }
  return [...refs];
}

/** True when some line asks for more than is on the shelf right now (a hint before payment, not a claim). */
export async function anyLineShort(lines: readonly StockLine[]): Promise<boolean> {
  const merged = mergedLines(lines);
  const stockOf = new Map<string, number>();
  for (const model of SHELVES) {
    const ids = merged
      .map(shelfOf)
      .filter((s) => s.model === model)
      .map((s) => s._id);
    if (ids.length === 0) continue;
    const counted = await model.find({ _id: { $in: ids }, stock: { $ne: null } }, { stock: 1 }).lean();
    for (const shelf of counted) stockOf.set(String(shelf._id), shelf.stock as number);
  }
  return merged.some((l) => {
    const stock = stockOf.get(String(shelfOf(l)._id));
    return stock !== undefined && stock < l.quantity;
  });
}

/**
 * Products and variants with LOW_STOCK_THRESHOLD or fewer units, fewest first: the owner's
 * dashboard list. A variant is named by its product's title and its own label and SKU; a removed
 * variant (or one of a deleted product) is not on the shelf any more.
 */
export async function lowStockProducts(): Promise<LowStockProduct[]> {
  const low = { stock: { $lte: LOW_STOCK_THRESHOLD } };
  const [products, variants] = await Promise.all([
    MainCategory.find(low, { title: 1, stock: 1 }).lean(),
    ProductVariant.find({ ...low, removedAt: null }, { productId: 1, stock: 1, label: 1, sku: 1 }).lean(),
  ]);
  const owners = await MainCategory.find({ _id: { $in: variants.map((v) => v.productId) } }, { title: 1 }).lean();
  const titleOf = new Map(owners.map((p) => [String(p._id), p.title]));
  const entries: LowStockProduct[] = [
    ...products.map((p) => ({ _id: String(p._id), title: p.title, stock: p.stock as number, variant: null })),
    ...variants.flatMap((v) => {
      const title = titleOf.get(String(v.productId));
      const variant = { id: String(v._id), label: v.label, sku: v.sku };
      return title === undefined ? [] : [{ _id: String(v.productId), title, stock: v.stock as number, variant }];
    }),
  ];
  return entries.sort(
    (a, b) =>
      a.stock - b.stock ||
      a.title.localeCompare(b.title) ||
      (a.variant?.label ?? '').localeCompare(b.variant?.label ?? ''),
  );
}

/** One claim per shelf (product or variant), however the lines were split. */
function mergedLines(lines: readonly StockLine[]): StockLine[] {
  const byId = new Map<string, StockLine>();
  for (const line of lines) {
    const key = String(shelfOf(line)._id);
    const seen = byId.get(key);
    byId.set(key, { ...shelfLine(line), quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  return [...byId.values()];
}

const shelfLine = ({ productId, variantId }: StockLine) => (variantId ? { productId, variantId } : { productId });
