import { Types } from 'mongoose';
import {
  MAX_LINE_QUANTITY,
  MESSAGES,
  VARIANT_TEXTS,
  lineTitlesOf,
  paiseToRupees,
  type CartItem,
  type CartResponse,
  type ProductTranslations,
} from '@kesh/shared';
import { badRequest, isDuplicateKey, notFound } from '../../lib/errors.js';
import { imageSrcSet } from '../../lib/image-variants.js';
import { imageUrl } from '../../lib/storage.js';
import type { StorefrontVersion } from '../../lib/storefront-version.js';
import {
  MainCategory,
  TRANSLATED_TITLES,
  hasVariants,
  keptShelf,
  liveVariantsOf,
  readShelf,
  type ShelfOf,
  type VariantRecord,
} from '../catalog/index.js';
import { Cart } from './cart.model.js';
import { keptCart, type StoredCart } from './kept-carts.js';

export const CART_MESSAGES = {
  updated: 'Cart updated',
  removed: 'Product removed from cart',
  cleared: 'Cart cleared',
  lineNotInCart: MESSAGES.cartLineNotInCart,
  lineQuantityLimit: MESSAGES.cartLineQuantityLimit,
} as const;

export interface CartLine {
  productId: string;
  title: string;
  quantity: number;
  unitPricePaise: number;
  /** The variant bought and how it is named now (copied onto the order); absent without variants. */
  variantId?: string;
  variantLabel?: string;
  sku?: string;
}

export interface CartSnapshot {
  lines: CartLine[];
  totalPaise: number;
}

interface ProductRecord {
  _id: Types.ObjectId;
  title: string;
  mainPricePaise?: number | null;
  offerPricePaise?: number | null;
  description?: string | null;
  imageKey?: string | null;
  imageVariants?: number[] | null;
  stock?: number | null;
  options?: { name: string; values: string[] }[] | null;
  translations?: ProductTranslations | null;
}

interface PricedLine {
  product: ProductRecord;
  /** The line's variant, whose prices and stock it uses; null for a product without variants. */
  variant: VariantRecord | null;
  quantity: number;
  unitPricePaise: number;
}

/**
 * What a cart line shows and charges: not the product's stock holds, returns and search keys, which
 * grow with its orders and would cross the wire on every cart read.
 */
const CART_FIELDS = {
  title: 1,
  mainPricePaise: 1,
  offerPricePaise: 1,
  description: 1,
  imageKey: 1,
  imageVariants: 1,
  stock: 1,
  options: 1,
  // The line's name on a page in another language, not the rest of the product's text.
  ...TRANSLATED_TITLES,
} as const;

/** Where a cart read takes its products from: the database (checkout), or a kept shelf (cartReads). */
export interface CartReads {
  /** The stored cart may come from memory (kept-carts.ts: only when this process owns the database). */
  keepCart: boolean;
  shelf: ShelfOf<ProductRecord>;
}

const fromDatabase: CartReads = { keepCart: false, shelf: readShelf<ProductRecord>(CART_FIELDS) };

/**
 * The cart route's reads: products and variants kept until the catalogue changes (catalog/kept-shelf.ts),
 * so that a repeated cart read makes no products or variants query.
 */
export const cartReads = (keepCart: boolean, storefront: StorefrontVersion): CartReads => ({
  keepCart,
  shelf: keptShelf<ProductRecord>(CART_FIELDS, storefront),
});

/** Each attempt only fails when another request changed the same line in between. */
const MAX_ADD_ATTEMPTS = 10;

const toObjectId = (id: string) => new Types.ObjectId(id);

/** The shopper pays offerPrice, else mainPrice, else 0 (spec section 3), of the variant when there is one. */
function unitPricePaise(p: Pick<ProductRecord, 'offerPricePaise' | 'mainPricePaise'>): number {
  return p.offerPricePaise ?? p.mainPricePaise ?? 0;
}

/**
 * The cart's lines joined with the current catalogue. Lines whose product was deleted, or whose
 * variant the owner removed, are dropped here and pruned from the stored cart, so neither ever
 * breaks the cart. A line from before its product had variants buys the default variant (the price
 * the catalogue shows), and is stored so, so that the shopper can change or remove it by that name.
 */
async function pricedLines(userId: string, { keepCart, shelf }: CartReads = fromDatabase): Promise<PricedLine[]> {
  const owner = toObjectId(userId);
  const read = () => Cart.findOne({ userId: owner }).lean<StoredCart>();
  const cart = keepCart ? await keptCart(userId, read) : await read();
  if (!cart || cart.items.length === 0) return [];
  const ids = cart.items.map((i) => i.productId);
  const byId = await shelf(ids);
  const missing = ids.filter((id) => !byId.has(String(id)));
  const goneVariants: Types.ObjectId[] = [];
  const defaulted: { productId: Types.ObjectId; variantId: unknown }[] = [];
  const lines = cart.items.flatMap((item): PricedLine[] => {
    const onShelf = byId.get(String(item.productId));
    if (!onShelf) return [];
    const { product, variants } = onShelf;
    if (!variants) {
      if (!item.variantId)
        return [{ product, variant: null, quantity: item.quantity, unitPricePaise: unitPricePaise(product) }];
      goneVariants.push(item.variantId);
      return [];
    }
    const variant = item.variantId ? variants.find((v) => String(v._id) === String(item.variantId)) : variants[0];
    if (!variant) {
      if (item.variantId) goneVariants.push(item.variantId);
      return [];
    }
    if (!item.variantId) defaulted.push({ productId: product._id, variantId: variant._id });
    return [{ product, variant, quantity: item.quantity, unitPricePaise: unitPricePaise(variant) }];
  });
  if (missing.length > 0)
    await Cart.updateOne({ userId: owner }, { $pull: { items: { productId: { $in: missing } } } });
  if (goneVariants.length > 0) {
    await Cart.updateOne({ userId: owner }, { $pull: { items: { variantId: { $in: goneVariants } } } });
  }
  // Written once per such line: afterwards the line names its variant and is read like any other.
  for (const line of defaulted) {
    await Cart.updateOne(
      { userId: owner, items: { $elemMatch: { productId: line.productId, variantId: null } } },
      { $set: { 'items.$.variantId': line.variantId } },
    );
  }
  return lines;
}

const rupees = (paise: number | null | undefined) =>
  paise === null || paise === undefined ? null : paiseToRupees(paise);

function toCartItem({ product, variant, quantity }: PricedLine): CartItem {
  const shelf = variant ?? product;
  return {
    productId: {
      _id: String(product._id),
      title: product.title,
      offerPrice: rupees(shelf.offerPricePaise),
      mainPrice: rupees(shelf.mainPricePaise),
      image: imageUrl(product.imageKey),
      imageSrcSet: imageSrcSet(product.imageKey, product.imageVariants),
      description: product.description ?? '',
      stock: shelf.stock ?? null,
      titles: lineTitlesOf(product.translations),
    },
    quantity,
    variant: variant ? { id: String(variant._id), label: variant.label, sku: variant.sku } : null,
  };
}

/**
 * The cart as the API answers it: populated products, prices in rupees. The route's `reads` may take
 * the stored cart and the products from memory; checkout's snapshot always reads the database.
 */
export async function loadCart(userId: string, reads?: CartReads): Promise<CartResponse> {
  const lines = await pricedLines(userId, reads);
  const totalPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  return {
    items: lines.map(toCartItem),
    cartCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    totalAmount: paiseToRupees(totalPaise),
  };
}

/** What checkout charges: current catalogue prices in paise, never the client's numbers. */
export async function getCartSnapshot(userId: string): Promise<CartSnapshot> {
  const lines = (await pricedLines(userId)).map((l): CartLine => ({
    productId: String(l.product._id),
    title: l.product.title,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    ...(l.variant ? { variantId: String(l.variant._id), variantLabel: l.variant.label, sku: l.variant.sku } : {}),
  }));
  return { lines, totalPaise: lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0) };
}

export async function clearCart(userId: string): Promise<void> {
  await Cart.updateOne({ userId: toObjectId(userId) }, { $set: { items: [] } });
}

/**
 * Takes what an order paid for out of the cart, in one atomic update of the cart document: each line
 * loses the quantity paid for it, and lines left at zero or below go. What the shopper added in
 * another tab while paying stays in the cart for the next order, and no reader ever sees a line at 0.
 */
export async function removePaidLines(
  userId: string,
  lines: readonly { productId: Types.ObjectId; variantId?: Types.ObjectId | null; quantity: number }[],
): Promise<void> {
  const paid = lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity }));
  const sameLine = (item: string) => ({
    $and: [
      { $eq: ['$$p.productId', `${item}.productId`] },
      { $eq: ['$$p.variantId', { $ifNull: [`${item}.variantId`, null] }] },
    ],
  });
  const paidFor = (item: string) => ({
    $sum: {
      $map: {
        input: {
          $filter: { input: { $literal: paid }, as: 'p', cond: sameLine(item) },
        },
        as: 'p',
        in: '$$p.quantity',
      },
    },
  });
  await Cart.updateOne(
    { userId: toObjectId(userId) },
    [
      {
        $set: {
          items: {
            $filter: {
              input: {
                $map: {
                  input: '$items',
                  as: 'item',
                  in: {
                    productId: '$$item.productId',
                    variantId: '$$item.variantId',
                    quantity: { $subtract: ['$$item.quantity', paidFor('$$item')] },
                  },
                },
              },
              as: 'item',
              cond: { $gt: ['$$item.quantity', 0] },
            },
          },
        },
      },
    ],
    { updatePipeline: true },
  );
}

async function ensureCart(userId: Types.ObjectId): Promise<void> {
  try {
    await Cart.updateOne({ userId }, { $setOnInsert: { userId, items: [] } }, { upsert: true });
  } catch (err) {
    // Two first adds can race to create the cart; the loser finds the winner's document.
    if (!isDuplicateKey(err)) throw err;
  }
}

/**
 * Adds to the existing line with $inc, else appends a line with a $push guarded by "not yet in
 * the cart". Each step is one atomic document update, so parallel adds neither lose a quantity
 * nor duplicate a line: whoever loses the $push race goes back to $inc.
 */
export async function addToCart(
  userId: string,
  productId: string,
  quantity: number,
  variantId?: string,
): Promise<void> {
  const product = toObjectId(productId);
  const line = { productId: product, variantId: await variantToAdd(product, variantId) };
  const owner = toObjectId(userId);
  await ensureCart(owner);
  for (let attempt = 0; attempt < MAX_ADD_ATTEMPTS; attempt += 1) {
    // The $elemMatch bound keeps a line at MAX_LINE_QUANTITY however many adds race.
    const added = await Cart.updateOne(
      {
        userId: owner,
        items: { $elemMatch: { ...line, quantity: { $lte: MAX_LINE_QUANTITY - quantity } } },
      },
      { $inc: { 'items.$.quantity': quantity } },
    );
    if (added.matchedCount > 0) return;
    const full = { ...line, quantity: { $gt: MAX_LINE_QUANTITY - quantity } };
    if (await Cart.exists({ userId: owner, items: { $elemMatch: full } })) {
      throw badRequest(CART_MESSAGES.lineQuantityLimit);
    }
    const pushed = await Cart.updateOne(
      { userId: owner, items: { $not: { $elemMatch: line } } },
      { $push: { items: { productId: product, quantity, ...(line.variantId ? { variantId: line.variantId } : {}) } } },
    );
    if (pushed.matchedCount > 0) return;
    // Neither matched: the line vanished between the two steps, or the cart itself did.
    await ensureCart(owner);
  }
  throw new Error(`add to cart kept conflicting for user ${userId}`);
}

/**
 * The variant a new line buys: the one chosen, which must be a live variant of the product, or the
 * default one when none is chosen; null for a product without variants (which takes no variant).
 */
async function variantToAdd(product: Types.ObjectId, variantId: string | undefined): Promise<Types.ObjectId | null> {
  const record = await MainCategory.findById(product, { options: 1 }).lean();
  if (!record) throw notFound(MESSAGES.productNotFound);
  const variants = hasVariants(record) ? ((await liveVariantsOf([product])).get(String(product)) ?? []) : [];
  if (variants.length === 0 && !variantId) return null;
  const chosen = variantId ? variants.find((v) => String(v._id) === variantId) : variants[0];
  if (!chosen) throw notFound(VARIANT_TEXTS.variantUnavailable);
  return toObjectId(String(chosen._id));
}

/** A cart line is its product and its variant (none: a product without variants, or a line from before). */
const lineOf = (productId: string, variantId: string | undefined) => ({
  productId: toObjectId(productId),
  variantId: variantId ? toObjectId(variantId) : null,
});

export async function updateQuantity(
  userId: string,
  productId: string,
  quantity: number,
  variantId?: string,
): Promise<void> {
  const updated = await Cart.updateOne(
    { userId: toObjectId(userId), items: { $elemMatch: lineOf(productId, variantId) } },
    { $set: { 'items.$.quantity': quantity } },
  );
  if (updated.matchedCount === 0) throw notFound(CART_MESSAGES.lineNotInCart);
}

export async function removeFromCart(userId: string, productId: string, variantId?: string): Promise<void> {
  await Cart.updateOne({ userId: toObjectId(userId) }, { $pull: { items: lineOf(productId, variantId) } });
}
