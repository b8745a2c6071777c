import { isDuplicateKey } from '../lib/errors.js';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Types } from 'mongoose';
import { SLIDER_LIMIT } from '@kesh/shared';
import type { AppDeps } from '../deps.js';
import { imageFields, saveImage, storedKeys, type ImageUse } from '../lib/image-variants.js';
import { ensureAdmin } from '../admin-bootstrap.js';
import { MainCategory } from '../modules/catalog/index.js';
import { GalleryItem } from '../modules/gallery/index.js';
import { Slider } from '../modules/sliders/index.js';
import { SEED_GALLERY, SEED_PRODUCTS, SEED_SLIDERS } from './catalogue.js';
import { SeedRecord } from './seed-record.model.js';

export { SEED_GALLERY, SEED_PRODUCTS, SEED_SLIDERS } from './catalogue.js';

/** server/assets/seed, from src/seed (tsx, tests) and from dist/seed (npm start) alike. */
export const SEED_ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/seed');

/** created: placed now; kept: placed before or already there; skipped: no room (all slider slots taken). */
export interface SeedCounts {
  created: number;
  kept: number;
  skipped: number;
}

export interface SeedReport {
  admin: { username: string; created: boolean };
  sliders: SeedCounts;
  products: SeedCounts;
  gallery: SeedCounts;
}

type Outcome = keyof SeedCounts;

async function readSeedImage(file: string): Promise<Buffer> {
  return readFile(path.join(SEED_ASSETS_DIR, file));
}

/**
 * Places one demo item at most once. The ledger row is claimed first (unique key), so a second
 * run, or a second process running at the same moment, leaves the item alone. An item that is
 * already there under the same identity (say, from the original store's data) is adopted, not
 * duplicated.
 */
async function seedOnce(
  key: string,
  findExisting: () => PromiseLike<{ _id: Types.ObjectId } | null>,
  create: () => Promise<{ _id: Types.ObjectId } | null>,
): Promise<Outcome> {
  try {
    await SeedRecord.create({ key });
  } catch (err) {
    if (isDuplicateKey(err)) return 'kept';
    throw err;
  }
  try {
    const existing = await findExisting();
    const item = existing ?? (await create());
    await SeedRecord.updateOne({ key }, { $set: { itemId: item?._id ?? null } });
    if (existing) return 'kept';
    return item ? 'created' : 'skipped';
  } catch (err) {
    // Release the claim so that a later run can try again.
    await SeedRecord.deleteOne({ key });
    throw err;
  }
}

/** Saves the image and its variants, then runs `insert`; they are removed again if the insert fails. */
async function withImage<T>(
  deps: AppDeps,
  data: Buffer,
  use: ImageUse,
  insert: (image: { imageKey: string; imageVariants: number[] }) => Promise<T>,
): Promise<T> {
  const stored = await saveImage(
    deps.storage,
    { buffer: data, ext: 'jpg', contentType: 'image/jpeg' },
    use,
    deps.logger,
  );
  try {
    return await insert(imageFields(stored));
  } catch (err) {
    await Promise.allSettled(storedKeys(stored.key, stored.variants).map((k) => deps.storage.remove(k)));
    throw err;
  }
}

function tally(outcomes: Outcome[]): SeedCounts {
  const counts: SeedCounts = { created: 0, kept: 0, skipped: 0 };
  for (const outcome of outcomes) counts[outcome] += 1;
  return counts;
}

async function seedSliders(deps: AppDeps): Promise<SeedCounts> {
  const outcomes: Outcome[] = [];
  for (const [index, slider] of SEED_SLIDERS.entries()) {
    outcomes.push(
      await seedOnce(
        slider.key,
        () => Slider.exists({ title: slider.title }),
        async () => {
          const taken = new Set((await Slider.find({}, { slot: 1 })).map((s) => s.slot));
          const free = [index, ...Array.from({ length: SLIDER_LIMIT }, (_, i) => i)].find(
            (slot) => slot < SLIDER_LIMIT && !taken.has(slot),
          );
          // The owner already filled every slot: their sliders win over the demo ones.
          if (free === undefined) return null;
          try {
            return await withImage(deps, await readSeedImage(slider.image), 'slider', (image) =>
              Slider.create({ title: slider.title, description: slider.description, ...image, slot: free }),
            );
          } catch (err) {
            // An admin took that slot a moment ago; same answer as a full set.
            if (isDuplicateKey(err)) return null;
            throw err;
          }
        },
      ),
    );
  }
  return tally(outcomes);
}

async function seedProducts(deps: AppDeps): Promise<SeedCounts> {
  const outcomes: Outcome[] = [];
  // One at a time, in catalogue order: the list is ordered by creation and the last three are featured.
  for (const product of SEED_PRODUCTS) {
    outcomes.push(
      await seedOnce(
        product.key,
        () => MainCategory.exists({ title: product.title }),
        async () =>
          withImage(deps, await readSeedImage(product.image), 'product', (image) =>
            MainCategory.create({
              title: product.title,
              subtitle: product.subtitle,
              mainPricePaise: product.mainPricePaise,
              offerPricePaise: product.offerPricePaise,
              ratingCount: product.ratingCount,
              description: product.description,
              ...image,
            }),
          ),
      ),
    );
  }
  return tally(outcomes);
}

/** Storage keys start with the first 16 hex digits of the image's SHA-256: the picture's identity. */
function keyPrefixOf(data: Buffer): string {
  return `${createHash('sha256').update(data).digest('hex').slice(0, 16)}-`;
}

async function seedGallery(deps: AppDeps): Promise<SeedCounts> {
  const outcomes: Outcome[] = [];
  for (const image of SEED_GALLERY) {
    const data = await readSeedImage(image.image);
    outcomes.push(
      await seedOnce(
        image.key,
        () => GalleryItem.exists({ imageKey: { $regex: `^${keyPrefixOf(data)}` } }),
        () => withImage(deps, data, 'gallery', (image) => GalleryItem.create(image)),
      ),
    );
  }
  return tally(outcomes);
}

/**
 * Puts the demo store in place: the admin from ADMIN_USERNAME/ADMIN_PASSWORD, 3 sliders, the
 * product catalogue and 8 gallery images. Safe to run any number of times: what was placed
 * once, and anything the owner changed since, is left as it is.
 */
export async function seed(deps: AppDeps): Promise<SeedReport> {
  const { username } = deps.config.admin;
  const adminCreated = await ensureAdmin(deps.config);
  return {
    admin: { username, created: adminCreated },
    sliders: await seedSliders(deps),
    products: await seedProducts(deps),
    gallery: await seedGallery(deps),
  };
}

/**
 * Seeds a database whose shop is empty: no products, sliders or gallery images. Admins do not
 * count, because main.ts ensures the admin before this runs. Demo items the owner deleted stay
 * deleted: the seed ledger remembers them.
 */
export async function seedIfEmpty(deps: AppDeps): Promise<SeedReport | null> {
  const present = await Promise.all([MainCategory.exists({}), Slider.exists({}), GalleryItem.exists({})]);
  if (present.some((doc) => doc !== null)) return null;
  const report = await seed(deps);
  deps.logger.info({ seed: report }, `seeded the demo store: ${seedSummary(report).join('; ')}`);
  return report;
}

/** One line per kind of item, for logs and the seed command's output. */
export function seedSummary(report: SeedReport): string[] {
  const part = (name: string, c: SeedCounts) =>
    `${name}: ${c.created} added, ${c.kept} already there${c.skipped ? `, ${c.skipped} skipped (no free slot)` : ''}`;
  return [
    `admin "${report.admin.username}": ${report.admin.created ? 'created' : 'already there'}`,
    part('sliders', report.sliders),
    part('products', report.products),
    part('gallery images', report.gallery),
  ];
}
