import { MESSAGES, OBJECT_ID_PATTERN, type GalleryItem as GalleryItemDto } from '@kesh/shared';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { imageUrl, type ImageStorage } from '../../lib/storage.js';
import { imageFields, imageSrcSet, storedKeys } from '../../lib/image-variants.js';
import { discardImages, withStoredImages, type ImageUpload } from '../../middleware/upload.js';
import { GalleryItem } from './gallery.model.js';

export const INVALID_IMAGE_ID = 'Invalid image ID!';
export const IMAGE_NOT_FOUND = 'Image not found!';

export interface GalleryDeps {
  storage: ImageStorage;
  logger: Logger;
}

export function galleryItemDto(doc: {
  _id: unknown;
  imageKey: string;
  imageVariants?: number[] | null;
}): GalleryItemDto {
  const id = String(doc._id);
  return {
    _id: id,
    id,
    image: imageUrl(doc.imageKey) ?? '',
    imageSrcSet: imageSrcSet(doc.imageKey, doc.imageVariants),
  };
}

/** The route's id when it is a well-formed ObjectId. */
export function imageIdOf(raw: unknown): string {
  const id = typeof raw === 'string' ? raw : '';
  if (!OBJECT_ID_PATTERN.test(id)) throw badRequest(INVALID_IMAGE_ID, 'An image id is 24 hexadecimal characters.');
  return id;
}

export async function listGallery(): Promise<GalleryItemDto[]> {
  const items = await GalleryItem.find().sort({ createdAt: 1, _id: 1 }).lean();
  return items.map(galleryItemDto);
}

/** All or nothing: the files were all checked before this runs, and a failed insert removes them. */
export async function addGalleryImages(
  { storage, logger }: GalleryDeps,
  images: readonly ImageUpload[],
): Promise<GalleryItemDto[]> {
  if (images.length === 0) throw badRequest(MESSAGES.gallerySelectAtLeastOne);
  return withStoredImages(storage, images, 'gallery', logger, async (stored) => {
    const created = await GalleryItem.insertMany(stored.map(imageFields));
    return created.map(galleryItemDto);
  });
}

export async function replaceGalleryImage(
  { storage, logger }: GalleryDeps,
  rawId: unknown,
  image: ImageUpload | undefined,
): Promise<GalleryItemDto> {
  const id = imageIdOf(rawId);
  if (!image) throw badRequest(MESSAGES.gallerySelectReplacement);
  const { previous, updated } = await withStoredImages(storage, [image], 'gallery', logger, async ([stored]) => {
    const fields = imageFields(stored!);
    const before = await GalleryItem.findByIdAndUpdate(id, { $set: fields }, { returnDocument: 'before' }).lean();
    if (!before) throw notFound(IMAGE_NOT_FOUND);
    return { previous: before, updated: { ...before, ...fields } };
  });
  await discardImages(storage, storedKeys(previous.imageKey, previous.imageVariants), logger);
  return galleryItemDto(updated);
}

export async function deleteGalleryImage({ storage, logger }: GalleryDeps, rawId: unknown): Promise<void> {
  const id = imageIdOf(rawId);
  const removed = await GalleryItem.findByIdAndDelete(id).lean();
  if (!removed) throw notFound(IMAGE_NOT_FOUND);
  await discardImages(storage, storedKeys(removed.imageKey, removed.imageVariants), logger);
}
