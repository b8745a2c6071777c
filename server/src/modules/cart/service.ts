import { Types } from 'mongoose';
import {
  MAX_LINE_QUANTITY,
  MESSAGES,
  paiseToRupees,
  rupeesToPaise,
  type CartItem,
  type CartResponse,
  type Product,
} from '@kesh/shared';
import { badRequest, isDuplicateKey, notFound } from '../../lib/errors.js';
import { MainCategory, productDto, type CategoryRecord } from '../catalog/index.js';
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
}

export interface CartSnapshot {
  lines: CartLine[];
  totalPaise: number;
}

interface PricedLine {
  product: Product;
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
} as const;

/**
 * The storefront's product list when it is kept at the current storefront version (which moves with
 * every product edit and every stock change), else undefined: a cart then reads its own products.
 */
export type KeptCatalogue = () => Promise<readonly Product[] | undefined>;

/** Where a cart read may take what it shows from instead of the database. */
export interface CartReadSources {
  catalogue?: KeptCatalogue;
  /** The stored cart kept between reads (kept-carts.ts): only when this process owns the database. */
  keepCart?: boolean;
}

/** Each attempt only fails when another request changed the same line in between. */
const MAX_ADD_ATTEMPTS = 10;

const toObjectId = (id: string) => new Types.ObjectId(id);

/** The shopper pays offerPrice, else mainPrice, else 0 (spec section 3). */
function unitPricePaise(p: Product): number {
  return rupeesToPaise(p.offerPrice ?? p.mainPrice ?? 0);
}

/** Each kept list indexed once, for as long as it is kept. */
const catalogueIndex = new WeakMap<readonly Product[], Map<string, Product>>();

async function keptById(kept: KeptCatalogue | undefined): Promise<Map<string, Product> | undefined> {
  const catalogue = await kept?.();
  if (!catalogue) return undefined;
  let byId = catalogueIndex.get(catalogue);
  if (!byId) {
    byId = new Map(catalogue.map((p) => [p._id, p]));
    catalogueIndex.set(catalogue, byId);
  }
  return byId;
}

/**
 * The products of these ids, from the kept catalogue where it has them; the rest (all of them without
 * one, or a product written behind the storefront version's back) from the database.
 */
async function productsById(ids: readonly Types.ObjectId[], kept?: KeptCatalogue): Promise<Map<string, Product>> {
  const catalogue = await keptById(kept);
  const found = new Map<string, Product>();
  const unread: Types.ObjectId[] = [];
  for (const id of ids) {
    const product = catalogue?.get(String(id));
    if (product) found.set(product._id, product);
    else unread.push(id);
  }
  if (unread.length === 0) return found;
  const records = await MainCategory.find({ _id: { $in: unread } }, CART_FIELDS).lean<CategoryRecord[]>();
  for (const record of records) found.set(String(record._id), productDto(record));
  return found;
}

/**
 * The cart's lines joined with the current catalogue. Lines whose product was deleted are
 * dropped here and pruned from the stored cart, so a deleted product never breaks the cart.
 */
async function pricedLines(userId: string, sources: CartReadSources = {}): Promise<PricedLine[]> {
  const read = () => Cart.findOne({ userId: toObjectId(userId) }).lean<StoredCart>();
  const cart = sources.keepCart ? await keptCart(userId, read) : await read();
  if (!cart || cart.items.length === 0) return [];
  const ids = cart.items.map((i) => i.productId);
  const byId = await productsById(ids, sources.catalogue);
  const missing = ids.filter((id) => !byId.has(String(id)));
  if (missing.length > 0) {
    await Cart.updateOne({ userId: toObjectId(userId) }, { $pull: { items: { productId: { $in: missing } } } });
  }
  return cart.items.flatMap((item) => {
    const product = byId.get(String(item.productId));
    return product ? [{ product, quantity: item.quantity, unitPricePaise: unitPricePaise(product) }] : [];
  });
}

function toCartItem({ product, quantity }: PricedLine): CartItem {
  const { _id, title, offerPrice, mainPrice, image, imageSrcSet, description, stock } = product;
  return { productId: { _id, title, offerPrice, mainPrice, image, imageSrcSet, description, stock }, quantity };
}

/**
 * The cart as the API answers it: populated products, prices in rupees. With `sources`, from the
 * kept catalogue and the kept cart where they have it: a repeated read costs no database round trip.
 * Checkout (getCartSnapshot) reads both from the database.
 */
export async function loadCart(userId: string, sources?: CartReadSources): Promise<CartResponse> {
  const lines = await pricedLines(userId, sources);
  const totalPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  return {
    items: lines.map(toCartItem),
    cartCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    totalAmount: paiseToRupees(totalPaise),
  };
}

/** What checkout charges: current catalogue prices in paise, never the client's numbers. */
export async function getCartSnapshot(userId: string): Promise<CartSnapshot> {
  const lines = (await pricedLines(userId)).map((l) => ({
    productId: l.product._id,
    title: l.product.title,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
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
  lines: readonly { productId: Types.ObjectId; quantity: number }[],
): Promise<void> {
  const paid = lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
  const paidFor = (item: string) => ({
    $sum: {
      $map: {
        input: {
          $filter: { input: { $literal: paid }, as: 'p', cond: { $eq: ['$$p.productId', `${item}.productId`] } },
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
export async function addToCart(userId: string, productId: string, quantity: number): Promise<void> {
  const product = toObjectId(productId);
  if (!(await MainCategory.exists({ _id: product }))) throw notFound(MESSAGES.productNotFound);
  const owner = toObjectId(userId);
  await ensureCart(owner);
  for (let attempt = 0; attempt < MAX_ADD_ATTEMPTS; attempt += 1) {
    // The $elemMatch bound keeps a line at MAX_LINE_QUANTITY however many adds race.
    const added = await Cart.updateOne(
      {
        userId: owner,
        items: { $elemMatch: { productId: product, quantity: { $lte: MAX_LINE_QUANTITY - quantity } } },
      },
      { $inc: { 'items.$.quantity': quantity } },
    );
    if (added.matchedCount > 0) return;
    const full = { productId: product, quantity: { $gt: MAX_LINE_QUANTITY - quantity } };
    if (await Cart.exists({ userId: owner, items: { $elemMatch: full } })) {
      throw badRequest(CART_MESSAGES.lineQuantityLimit);
    }
    const pushed = await Cart.updateOne(
      { userId: owner, 'items.productId': { $ne: product } },
      { $push: { items: { productId: product, quantity } } },
    );
    if (pushed.matchedCount > 0) return;
    // Neither matched: the line vanished between the two steps, or the cart itself did.
    await ensureCart(owner);
  }
  throw new Error(`add to cart kept conflicting for user ${userId}`);
}

export async function updateQuantity(userId: string, productId: string, quantity: number): Promise<void> {
  const updated = await Cart.updateOne(
    { userId: toObjectId(userId), 'items.productId': toObjectId(productId) },
    { $set: { 'items.$.quantity': quantity } },
  );
  if (updated.matchedCount === 0) throw notFound(CART_MESSAGES.lineNotInCart);
}

export async function removeFromCart(userId: string, productId: string): Promise<void> {
  await Cart.updateOne({ userId: toObjectId(userId) }, { $pull: { items: { productId: toObjectId(productId) } } });
}
