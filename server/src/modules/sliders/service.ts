import { MESSAGES, OBJECT_ID_PATTERN, SLIDER_LIMIT, type Slider as SliderDto } from '@kesh/shared';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { imageUrl, type ImageStorage } from '../../lib/storage.js';
import { imageFields, imageSrcSet, storedKeys } from '../../lib/image-variants.js';
import { discardImages, withStoredImages, type ImageUpload } from '../../middleware/upload.js';
import { isDuplicateKey } from '../../lib/errors.js';
import { Slider } from './slider.model.js';

export const INVALID_SLIDER_ID = 'Invalid slider ID!';
export const SLIDER_NOT_FOUND = 'Slider not found!';
const IMAGE_REQUIRED = 'Please select an image for the slider!';

interface SliderRecord {
  _id: unknown;
  title: string;
  description: string;
  imageKey?: string | null;
  imageVariants?: number[] | null;
}

export function sliderDto(doc: SliderRecord): SliderDto {
  const id = String(doc._id);
  return {
    _id: id,
    id,
    title: doc.title,
    description: doc.description,
    image: imageUrl(doc.imageKey),
    imageSrcSet: imageSrcSet(doc.imageKey, doc.imageVariants),
  };
}

export interface SliderDeps {
  storage: ImageStorage;
  logger: Logger;
}

const limitReached = () =>
  badRequest(MESSAGES.sliderLimitReached, `Delete one of the ${SLIDER_LIMIT} sliders before adding another.`);

/** The route's id when it is a well-formed ObjectId. */
export function sliderIdOf(raw: unknown): string {
  const id = typeof raw === 'string' ? raw : '';
  if (!OBJECT_ID_PATTERN.test(id)) throw badRequest(INVALID_SLIDER_ID, 'A slider id is 24 hexadecimal characters.');
  return id;
}

/** Oldest first, the order in which the owner added them. */
export async function listSliders(): Promise<SliderDto[]> {
  const sliders = await Slider.find().sort({ createdAt: 1, _id: 1 }).lean();
  return sliders.map(sliderDto);
}

async function freeSlots(): Promise<number[]> {
  const used = new Set((await Slider.find({}, { slot: 1 }).lean()).map((s) => s.slot));
  return Array.from({ length: SLIDER_LIMIT }, (_, slot) => slot).filter((slot) => !used.has(slot));
}

/**
 * Adds a slider in a free slot. The unique index on `slot` decides races: an insert that loses
 * its slot to a concurrent add tries the slots still free, and with none left answers the limit.
 */
export async function addSlider(
  { storage, logger }: SliderDeps,
  fields: { title: string; description: string },
  image: ImageUpload | undefined,
): Promise<SliderDto> {
  if (!image) throw badRequest(IMAGE_REQUIRED, 'The image field is empty.');
  // Cheap early answer that spares writing a file; the insert below is what enforces the limit.
  if ((await freeSlots()).length === 0) throw limitReached();
  return withStoredImages(storage, [image], 'slider', logger, async ([stored]) => {
    // Every lost slot means another add won it, so a few rounds settle any realistic race.
    for (let round = 0; round <= SLIDER_LIMIT; round += 1) {
      const slots = await freeSlots();
      if (slots.length === 0) break;
      for (const slot of slots) {
        try {
          const created = await Slider.create({ ...fields, ...imageFields(stored!), slot });
          return sliderDto(created);
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
    }
    throw limitReached();
  });
}

export async function updateSlider(
  { storage, logger }: SliderDeps,
  rawId: unknown,
  fields: { title: string; description: string },
  image: ImageUpload | undefined,
): Promise<SliderDto> {
  const id = sliderIdOf(rawId);
  const images = image ? [image] : [];
  const { before, after } = await withStoredImages(storage, images, 'slider', logger, async ([stored]) => {
    const update = stored ? { ...fields, ...imageFields(stored) } : fields;
    // The previous document tells which image this update replaced, even when two edits race.
    const previous = await Slider.findByIdAndUpdate(
      id,
      { $set: update },
      { returnDocument: 'before', runValidators: true },
    ).lean();
    if (!previous) throw notFound(SLIDER_NOT_FOUND);
    return { before: previous, after: { ...previous, ...update } };
  });
  if (image && before.imageKey !== after.imageKey) {
    await discardImages(storage, storedKeys(before.imageKey, before.imageVariants), logger);
  }
  return sliderDto(after);
}

export async function deleteSlider({ storage, logger }: SliderDeps, rawId: unknown): Promise<SliderDto> {
  const id = sliderIdOf(rawId);
  const removed = await Slider.findByIdAndDelete(id).lean();
  if (!removed) throw notFound(SLIDER_NOT_FOUND);
  await discardImages(storage, storedKeys(removed.imageKey, removed.imageVariants), logger);
  return sliderDto(removed);
}
