import {
  CATEGORY_FIELD_NAMES,
  DEFAULT_DESCRIPTION,
  DEFAULT_SUBTITLE,
  MESSAGES,
  OBJECT_ID_PATTERN,
  categoryFieldsSchema,
  matchesSearch,
  rupeesToPaise,
  searchWords,
  sortProducts,
  FEATURED_PRODUCT_COUNT,
  TRANSLATED_LANGUAGES,
  type Page,
  type PageQuery,
  type Product,
  type ProductListQuery,
} from '@kesh/shared';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { ImageStorage } from '../../lib/storage.js';
import { storefrontChanged } from '../../lib/storefront-version.js';
import { imageFields, storedKeys } from '../../lib/image-variants.js';
import { discardImages, withStoredImages, type ImageUpload } from '../../middleware/upload.js';
import { MainCategory } from './category.model.js';
import { SEARCHED_FIELDS, productWords, searchKeyOfWord, searchKeysOf } from './search.js';
import { productTextUpdate, productTextValues, withProductText, type ProductTextValues } from './product-text.js';
import { productDto, type CategoryRecord } from './serialize.js';
import { productDtos, removeVariantsOf } from './variants.js';

export const CATEGORY_NOT_FOUND = 'Category not found!';

export interface CatalogDeps {
  storage: ImageStorage;
  logger: Logger;
}

interface CategoryValues {
  title: string;
  subtitle: string;
  mainPricePaise: number | null;
  offerPricePaise: number | null;
  ratingCount: number;
  description: string;
  /** null: the default applies. */
  hsnCode: string | null;
  gstRatePercent: number | null;
  /** null: not counted. */
  stock: number | null;
}

/** A request's values: the spec's fields, and the product text beyond them (./product-text.ts). */
type CategoryInput = Partial<CategoryValues> & { title: string; text: ProductTextValues };

/**
 * Multipart text fields -> stored values. Only the fields the request carries are returned, so a
 * PUT that leaves a field out keeps it; an empty field means "not set" (default text, no price).
 */
export function categoryValues(body: unknown): CategoryInput {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const parsed = categoryFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue?.message ?? MESSAGES.invalidRequest, issue?.path.join('.') || undefined);
  }
  const f = parsed.data;
  const all: CategoryValues = {
    title: f.title,
    subtitle: f.subtitle || DEFAULT_SUBTITLE,
    mainPricePaise: f.mainPrice === null ? null : rupeesToPaise(f.mainPrice),
    offerPricePaise: f.offerPrice === null ? null : rupeesToPaise(f.offerPrice),
    ratingCount: f.ratingCount,
    description: f.description || DEFAULT_DESCRIPTION,
    hsnCode: f.hsnCode || null,
    gstRatePercent: f.gstRate ? Number(f.gstRate) : null,
    stock: f.stock,
  };
  const present = new Set(CATEGORY_FIELD_NAMES.filter((name) => Object.hasOwn(raw, name)));
  return {
    title: all.title,
    text: productTextValues(raw),
    ...(present.has('subtitle') ? { subtitle: all.subtitle } : {}),
    ...(present.has('mainPrice') ? { mainPricePaise: all.mainPricePaise } : {}),
    ...(present.has('offerPrice') ? { offerPricePaise: all.offerPricePaise } : {}),
    ...(present.has('ratingCount') ? { ratingCount: all.ratingCount } : {}),
    ...(present.has('description') ? { description: all.description } : {}),
    ...(present.has('hsnCode') ? { hsnCode: all.hsnCode } : {}),
    ...(present.has('gstRate') ? { gstRatePercent: all.gstRatePercent } : {}),
    ...(present.has('stock') ? { stock: all.stock } : {}),
  };
}

/** The route's id when it is a well-formed ObjectId. */
export function categoryIdOf(raw: unknown): string {
  const id = typeof raw === 'string' ? raw : '';
  if (!OBJECT_ID_PATTERN.test(id))
    throw badRequest(MESSAGES.invalidCategoryId, 'A category id is 24 hexadecimal characters.');
  return id;
}

const CATALOGUE_ORDER = { createdAt: 1, _id: 1 } as const;

/** Oldest first, so the home page's "last 3" are the newest products. */
export async function listCategories(): Promise<Product[]> {
  const categories = await MainCategory.find().sort(CATALOGUE_ORDER).lean<CategoryRecord[]>();
  return productDtos(categories);
}

/** One page of the catalogue in its order, through the createdAt index: it reads its own products only. */
export async function pageOfCategories({ page, limit }: PageQuery): Promise<Page<Product>> {
  const [records, total] = await Promise.all([
    MainCategory.find()
      .sort(CATALOGUE_ORDER)
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<CategoryRecord[]>(),
    MainCategory.countDocuments(),
  ]);
  return { items: await productDtos(records), page, limit, total };
}

/** A page of the search's answer: every match is needed to sort them, then one page is kept. */
export async function searchPage(
  query: Partial<ProductListQuery> & PageQuery,
  all: () => Promise<Product[]>,
): Promise<Page<Product>> {
  const { page, limit } = query;
  if (!query.q?.trim() && !query.sort) return pageOfCategories(query);
  const found = await searchCategories(query, all);
  return { items: found.slice((page - 1) * limit, page * limit), page, limit, total: found.length };
}

/** The home page's "last 3": the newest products, read backwards along the catalogue's index. */
export async function newestCategories(): Promise<Product[]> {
  const records = await MainCategory.find()
    .sort({ createdAt: -1, _id: -1 })
    .limit(FEATURED_PRODUCT_COUNT)
    .lean<CategoryRecord[]>();
  return productDtos(records.reverse());
}

/** One product, for its own page; undefined when there is none with this id. */
export async function findCategory(rawId: unknown): Promise<Product | undefined> {
  const record = await MainCategory.findById(categoryIdOf(rawId)).lean<CategoryRecord>();
  return record ? (await productDtos([record]))[0] : undefined;
}

/**
 * The products page's search and sort. Each query word is an exact lookup in the `searchKeys`
 * index (the narrowest one bounds the scan), then checked whole against the product's words; the
 * matches are sorted in memory (a shop's catalogue is tens of products, not thousands).
 */
export async function searchCategories(
  { q, sort }: Partial<ProductListQuery>,
  all: () => Promise<Product[]>,
): Promise<Product[]> {
  const words = searchWords(q ?? '');
  if (words.length === 0) return sortProducts(await all(), sort);
  const found = await MainCategory.find({ $and: words.map((w) => ({ searchKeys: searchKeyOfWord(w) })) })
    .sort(CATALOGUE_ORDER)
    .lean<CategoryRecord[]>();
  const matches = found.filter((p) => matchesSearch(productWords(p), words));
  return sortProducts(await productDtos(matches), sort);
}

/** Products stored before search existed get their keys at start-up (each once; safe to rerun). */
export async function backfillSearchKeys(): Promise<number> {
  // `null`, not `$exists: false`: an equality the searchKeys index answers (a missing field is keyed
  // as null), so a start-up reads the products without keys instead of decoding every product.
  const missing = await MainCategory.find(
    { searchKeys: null },
    { title: 1, subtitle: 1, description: 1, translations: 1 },
  ).lean<CategoryRecord[]>();
  for (const p of missing) {
    await MainCategory.updateOne(
      { _id: p._id, searchKeys: { $exists: false } },
      { $set: { searchKeys: searchKeysOf(p) } },
    );
  }
  return missing.length;
}

export async function createCategory(
  { storage, logger }: CatalogDeps,
  { text, ...values }: CategoryInput,
  image: ImageUpload | undefined,
): Promise<Product> {
  return withStoredImages(storage, image ? [image] : [], 'product', logger, async ([stored]) => {
    const created = await MainCategory.create({
      ...values,
      ...text,
      ...(stored ? imageFields(stored) : { imageKey: null }),
    });
    await storefrontChanged();
    return productDto(created);
  });
}

export async function updateCategory(
  { storage, logger }: CatalogDeps,
  rawId: unknown,
  { text, ...input }: CategoryInput,
  image: ImageUpload | undefined,
): Promise<Product> {
  const id = categoryIdOf(rawId);
  const fields = { ...input };
  // A product with variants takes its prices and stock from them (variants.ts): the form's are not used.
  if (await MainCategory.exists({ _id: id, 'options.0': { $exists: true } })) {
    delete fields.mainPricePaise;
    delete fields.offerPricePaise;
    delete fields.stock;
  }
  const values = { ...fields, ...productTextUpdate(text) };
  const images = image ? [image] : [];
  const { previous, updated } = await withStoredImages(storage, images, 'product', logger, async ([stored]) => {
    const update = stored ? { ...values, ...imageFields(stored) } : values;
    // The document as it was: its image is the one this update replaced, even when edits race.
    const before = await MainCategory.findByIdAndUpdate(
      id,
      { $set: update },
      { returnDocument: 'before', runValidators: true },
    ).lean();
    if (!before) throw notFound(CATEGORY_NOT_FOUND);
    const after = { ...before, ...fields, ...(stored ? imageFields(stored) : {}), updatedAt: new Date() };
    return { previous: before, updated: withProductText(after, text) };
  });
  await refreshSearchKeys(updated);
  await storefrontChanged();
  if (image && previous.imageKey !== updated.imageKey) {
    await discardImages(storage, storedKeys(previous.imageKey, previous.imageVariants), logger);
  }
  return (await productDtos([updated]))[0]!;
}

/**
 * After an edit the words may have changed. The filter names the text the keys were made from, so
 * when two edits race, the keys of the older text never overwrite those of the newer.
 */
async function refreshSearchKeys(p: CategoryRecord): Promise<void> {
  const text = Object.fromEntries([
    ...SEARCHED_FIELDS.map((field) => [field, p[field] ?? null]),
    ...TRANSLATED_LANGUAGES.flatMap((code) =>
      SEARCHED_FIELDS.map((field) => [`translations.${code}.${field}`, p.translations?.[code]?.[field] ?? null]),
    ),
  ]);
  await MainCategory.updateOne({ _id: p._id, ...text }, { $set: { searchKeys: searchKeysOf(p) } });
}

export async function deleteCategory({ storage, logger }: CatalogDeps, rawId: unknown): Promise<Product> {
  const id = categoryIdOf(rawId);
  const removed = await MainCategory.findByIdAndDelete(id).lean();
  if (!removed) throw notFound(CATEGORY_NOT_FOUND);
  await removeVariantsOf(removed._id);
  await storefrontChanged();
  await discardImages(storage, storedKeys(removed.imageKey, removed.imageVariants), logger);
  return productDto(removed);
}
