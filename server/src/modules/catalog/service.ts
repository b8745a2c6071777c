import {
  CATEGORY_FIELD_NAMES,
  DEFAULT_DESCRIPTION,
  DEFAULT_SUBTITLE,
  MESSAGES,
  OBJECT_ID_PATTERN,
  categoryFieldsSchema,
  rupeesToPaise,
  type Product,
} from '@kesh/shared';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { ImageStorage } from '../../lib/storage.js';
import { imageFields, storedKeys } from '../../lib/image-variants.js';
import { discardImages, withStoredImages, type ImageUpload } from '../../middleware/upload.js';
import { MainCategory } from './category.model.js';
import { productDto } from './serialize.js';

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

/**
 * Multipart text fields -> stored values. Only the fields the request carries are returned, so a
 * PUT that leaves a field out keeps it; an empty field means "not set" (default text, no price).
 */
export function categoryValues(body: unknown): Partial<CategoryValues> & { title: string } {
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

/** Oldest first, so the home page's "last 3" are the newest products. */
export async function listCategories(): Promise<Product[]> {
  const categories = await MainCategory.find().sort({ createdAt: 1, _id: 1 }).lean();
  return categories.map(productDto);
}

export async function createCategory(
  { storage, logger }: CatalogDeps,
  values: Partial<CategoryValues> & { title: string },
  image: ImageUpload | undefined,
): Promise<Product> {
  return withStoredImages(storage, image ? [image] : [], 'product', logger, async ([stored]) => {
    const created = await MainCategory.create({ ...values, ...(stored ? imageFields(stored) : { imageKey: null }) });
    return productDto(created);
  });
}

export async function updateCategory(
  { storage, logger }: CatalogDeps,
  rawId: unknown,
  values: Partial<CategoryValues> & { title: string },
  image: ImageUpload | undefined,
): Promise<Product> {
  const id = categoryIdOf(rawId);
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
    return { previous: before, updated: { ...before, ...update, updatedAt: new Date() } };
  });
  if (image && previous.imageKey !== updated.imageKey) {
    await discardImages(storage, storedKeys(previous.imageKey, previous.imageVariants), logger);
  }
  return productDto(updated);
}

export async function deleteCategory({ storage, logger }: CatalogDeps, rawId: unknown): Promise<Product> {
  const id = categoryIdOf(rawId);
  const removed = await MainCategory.findByIdAndDelete(id).lean();
  if (!removed) throw notFound(CATEGORY_NOT_FOUND);
  await discardImages(storage, storedKeys(removed.imageKey, removed.imageVariants), logger);
  return productDto(removed);
}
