import { loadSharp } from './sharp.js';
import { MAX_IMAGE_PIXELS, MESSAGES } from '@kesh/shared';
import { badRequest } from './errors.js';
import type { Logger } from './logger.js';
import { UPLOADS_PATH, type ImageStorage } from './storage.js';

/**
 * Smaller WebP copies of every stored image, so that a phone loads a picture at the size it shows
 * it instead of the owner's original upload. Variants are made once, when the image is saved; the
 * widths made are recorded on the document next to the key, so serializers build `srcset` without
 * touching storage.
 */

/** Widths per place an image is shown: cards and gallery tiles are narrow, sliders span the screen. */
export const VARIANT_WIDTHS = {
  product: [400, 800],
  gallery: [400, 800],
  slider: [800, 1600],
} as const satisfies Record<string, readonly number[]>;

export type ImageUse = keyof typeof VARIANT_WIDTHS;

/** An original's storage key and the widths of the WebP variants stored beside it (ascending). */
export interface StoredImage {
  key: string;
  variants: number[];
}

const WEBP_QUALITY = 78;

/** "<hash>-<rand>.png" -> "<hash>-<rand>-w400.webp": the variant's key follows from the original's. */
export function variantKey(key: string, width: number): string {
  return `${key.replace(/\.[a-z]+$/, '')}-w${width}.webp`;
}

/**
 * The target widths an original of `width` pixels is worth: never wider than the original, and a
 * full-width copy when the original falls between two targets, so high-density screens do not get
 * a blurrier picture than the original. An original narrower than every target gets none: it is
 * already small, and `src` serves it.
 */
export function variantWidthsFor(width: number, targets: readonly number[]): number[] {
  const widths = targets.filter((t) => t <= width);
  if (widths.length > 0 && width < Math.max(...targets) && !widths.includes(width)) widths.push(width);
  return widths.sort((a, b) => a - b);
}

async function makeVariants(data: Buffer, targets: readonly number[]): Promise<{ width: number; data: Buffer }[]> {
  // GIFs may be animated; WebP keeps the animation. Other formats have one page anyway.
  const sharp = await loadSharp();
  const input = () => sharp(data, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS });
  const meta = await input().metadata();
  // Browsers show originals turned by their EXIF orientation, so the variants are turned likewise.
  const widths = variantWidthsFor(meta.autoOrient.width, targets);
  return Promise.all(
    widths.map(async (width) => ({
      width,
      data: await input()
        .autoOrient()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    })),
  );
}

/**
 * Saves the original and its variants, or nothing: an image sharp cannot decode (valid magic bytes
 * and header, broken body) is refused with 400, never served as an original without variants.
 * If a write fails, whatever was written is removed and the error goes on.
 */
export async function saveImage(
  storage: ImageStorage,
  image: { buffer: Buffer; ext: string; contentType: string },
  use: ImageUse,
  logger: Logger,
): Promise<StoredImage> {
  let variants: { width: number; data: Buffer }[];
  try {
    variants = await makeVariants(image.buffer, VARIANT_WIDTHS[use]);
  } catch (err) {
    logger.info({ err }, 'image refused: its pixels could not be decoded');
    throw badRequest(MESSAGES.imageUnreadable);
  }
  const key = await storage.save(image.buffer, image.ext, image.contentType);
  const written: string[] = [key];
  try {
    for (const variant of variants) {
      const target = variantKey(key, variant.width);
      await storage.saveAs(target, variant.data, 'image/webp');
      written.push(target);
    }
  } catch (err) {
    await Promise.allSettled(written.map((k) => storage.remove(k)));
    throw err;
  }
  return { key, variants: variants.map((v) => v.width) };
}

/** Every key stored for an image: the original and its variants, e.g. to remove them together. */
export function storedKeys(key: string | null | undefined, variants: readonly number[] | null | undefined): string[] {
  if (!key) return [];
  return [key, ...(variants ?? []).map((w) => variantKey(key, w))];
}

/** `srcset` for a stored original: "/uploads/…-w400.webp 400w, /uploads/…-w800.webp 800w", or null. */
export function imageSrcSet(
  key: string | null | undefined,
  variants: readonly number[] | null | undefined,
): string | null {
  if (!key || !variants || variants.length === 0) return null;
  return variants.map((w) => `${UPLOADS_PATH}/${variantKey(key, w)} ${w}w`).join(', ');
}

/** The document fields for a stored image. */
export function imageFields(stored: StoredImage): { imageKey: string; imageVariants: number[] } {
  return { imageKey: stored.key, imageVariants: stored.variants };
}
