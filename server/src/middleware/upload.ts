import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { fileTypeFromBuffer } from 'file-type';
import { loadSharp } from '../lib/sharp.js';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX, MESSAGES } from '@kesh/shared';
import { HttpError, badRequest } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { ImageStorage } from '../lib/storage.js';
import { saveImage, storedKeys, type ImageUse, type StoredImage } from '../lib/image-variants.js';

/** An uploaded image whose bytes were checked; `name` is only for messages, never for storage. */
export interface ImageUpload {
  buffer: Buffer;
  ext: ImageExt;
  contentType: string;
  name: string;
}

type ImageExt = 'jpg' | 'png' | 'gif' | 'webp';

declare module 'express-serve-static-core' {
  interface Request {
    images?: ImageUpload[];
  }
}

/** The image kinds a route accepts, told apart by their bytes (magic numbers). */
export const SPEC_IMAGE_KINDS: readonly ImageExt[] = ['jpg', 'png', 'gif'];
/** Category images: the spec allows "any image type"; these are the ones browsers show everywhere. */
export const CATEGORY_IMAGE_KINDS: readonly ImageExt[] = ['jpg', 'png', 'gif', 'webp'];

export interface UploadMessages {
  badType(name: string): string;
  tooLarge(name: string): string;
}

/** Slider and gallery-replace texts (spec section 5): the form shows one file at a time. */
export const SINGLE_IMAGE_MESSAGES: UploadMessages = {
  badType: () => MESSAGES.imageTypeNotAllowed,
  tooLarge: () => MESSAGES.imageTooLarge,
};

/** Gallery multi-upload texts name the offending file. */
export const GALLERY_UPLOAD_MESSAGES: UploadMessages = {
  badType: (name) => MESSAGES.galleryFileTypeNotAllowed(name),
  tooLarge: (name) => MESSAGES.galleryFileTooLarge(name),
};

export const CATEGORY_IMAGE_MESSAGES: UploadMessages = {
  badType: () => 'Only image files (JPEG, PNG, GIF or WebP) are allowed!',
  tooLarge: () => MESSAGES.imageTooLarge,
};

export const TOO_MANY_FILES = 'Too many files in one upload.';
export const MALFORMED_UPLOAD = 'The upload could not be read.';

const MAX_NAME_CHARS = 80;
const MAX_TEXT_FIELD_BYTES = 16 * 1024;
const MAX_TEXT_FIELDS = 20;

const EXT_OF_SNIFFED: Record<string, ImageExt> = { jpg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/** The client's file name as it may appear in a message: basename, printable, bounded. */
export function displayName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (printable.length === 0) return 'image';
  return printable.length > MAX_NAME_CHARS ? `${printable.slice(0, MAX_NAME_CHARS - 1)}…` : printable;
}

export interface ImageUploadOptions {
  field: string;
  maxFiles: number;
  kinds: readonly ImageExt[];
  messages: UploadMessages;
}

/**
 * Parses a multipart body into memory (text fields -> req.body, files -> req.images) and checks
 * every file's size and bytes before the handler runs, so a handler only ever stores files of a
 * request that is valid as a whole. JSON bodies pass through untouched with req.images = [].
 */
export function imageUpload({ field, maxFiles, kinds, messages }: ImageUploadOptions): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    // multer 2 treats fileSize as "largest allowed": exactly 10 MB passes, one byte more fails.
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: maxFiles,
      fields: MAX_TEXT_FIELDS,
      fieldSize: MAX_TEXT_FIELD_BYTES,
      parts: maxFiles + MAX_TEXT_FIELDS,
    },
  }).array(field, maxFiles);

  return (req, res, next) => {
    parse(req, res, (err: unknown) => {
      if (err) {
        next(uploadError(err, messages));
        return;
      }
      checkImages(req, kinds, messages).then(
        (images) => {
          req.images = images;
          next();
        },
        (checkErr: unknown) => next(checkErr),
      );
    });
  };
}

async function checkImages(req: Request, kinds: readonly ImageExt[], messages: UploadMessages): Promise<ImageUpload[]> {
  const files = Array.isArray(req.files) ? req.files : [];
  const images: ImageUpload[] = [];
  for (const file of files) {
    const name = displayName(file.originalname);
    if (file.size > MAX_IMAGE_BYTES) {
      throw new HttpError(413, messages.tooLarge(name), `${name} is larger than 10 MB`);
    }
    const sniffed = await fileTypeFromBuffer(file.buffer);
    const ext = sniffed ? EXT_OF_SNIFFED[sniffed.ext] : undefined;
    if (!sniffed || !ext || !kinds.includes(ext)) {
      throw badRequest(messages.badType(name), `${name} is not a ${kinds.map((k) => k.toUpperCase()).join('/')} image`);
    }
    await assertPixelBudget(file.buffer, name);
    images.push({ buffer: file.buffer, ext, contentType: sniffed.mime, name });
  }
  return images;
}

/**
 * Reads the declared size from the image's header (sharp's metadata decodes no pixels) and refuses
 * a picture too large to decode safely: a few kilobytes of PNG can declare 20000 x 20000 pixels.
 */
async function assertPixelBudget(buffer: Buffer, name: string): Promise<void> {
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.pageHeight ?? meta.height;
  } catch {
    throw badRequest(MESSAGES.imageUnreadable, `${name} could not be read`);
  }
  if (width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX || width * height > MAX_IMAGE_PIXELS) {
    throw badRequest(MESSAGES.imageTooManyPixels, `${name} is ${width} x ${height} pixels`);
  }
}

function uploadError(err: unknown, messages: UploadMessages): Error {
  if (!(err instanceof MulterError)) return badRequest(MALFORMED_UPLOAD);
  // multer 2 names the file in the error; @types/multer does not declare the field yet.
  const name = displayName((err as MulterError & { filename?: string }).filename);
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return new HttpError(413, messages.tooLarge(name), `${name} is larger than 10 MB`);
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_PART_COUNT':
      return badRequest(TOO_MANY_FILES, err.field ? `unexpected or extra file in field "${err.field}"` : undefined);
    default:
      return badRequest(MALFORMED_UPLOAD, err.message);
  }
}

/**
 * Stores checked images with their WebP variants for `use`; if one write fails, the ones already
 * written are removed again so a failed request leaves nothing behind. Returns them in the order
 * of `images`. One image at a time: resizing holds decoded pixels in memory.
 */
export async function storeImages(
  storage: ImageStorage,
  images: readonly ImageUpload[],
  use: ImageUse,
  logger: Logger,
): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const image of images) stored.push(await saveImage(storage, image, use, logger));
  } catch (err) {
    await Promise.allSettled(stored.flatMap((s) => storedKeys(s.key, s.variants)).map((k) => storage.remove(k)));
    throw err;
  }
  return stored;
}

/**
 * Removes stored files that are no longer referenced (an image's original and variants: see
 * storedKeys); a failure is logged, never surfaced.
 */
export async function discardImages(
  storage: ImageStorage,
  keys: readonly (string | null | undefined)[],
  logger: Logger,
): Promise<void> {
  const present = keys.filter((k): k is string => typeof k === 'string' && k.length > 0);
  const results = await Promise.allSettled(present.map((k) => storage.remove(k)));
  results.forEach((r, i) => {
    if (r.status === 'rejected') logger.warn({ err: r.reason, key: present[i] }, 'could not remove stored image');
  });
}

/**
 * Runs `write` with freshly stored images; if `write` throws, the images are removed and the
 * error goes on. The one way handlers pair "store files" with "write the database".
 */
export async function withStoredImages<T>(
  storage: ImageStorage,
  images: readonly ImageUpload[],
  use: ImageUse,
  logger: Logger,
  write: (stored: StoredImage[]) => Promise<T>,
): Promise<T> {
  const stored = await storeImages(storage, images, use, logger);
  try {
    return await write(stored);
  } catch (err) {
    await discardImages(
      storage,
      stored.flatMap((s) => storedKeys(s.key, s.variants)),
      logger,
    );
    throw err;
  }
}
