import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MESSAGES } from '@kesh/shared';
import { ApiError } from '../../api/http';

const allowedType = (file: File) => (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);

/** Slider image and gallery replacement checks (spec section 5); null when the file is fine. */
export function imageProblem(file: File): string | null {
  if (!allowedType(file)) return MESSAGES.imageTypeNotAllowed;
  if (file.size > MAX_IMAGE_BYTES) return MESSAGES.imageTooLarge;
  return null;
}

/**
 * Adds picked files to the gallery upload queue: wrong types and oversized files are refused with
 * their own message, a file named like one already queued is dropped without a word.
 */
export function queueGalleryFiles(queue: readonly File[], picked: Iterable<File>): { queue: File[]; errors: string[] } {
  const next = [...queue];
  const errors: string[] = [];
  for (const file of picked) {
    if (!allowedType(file)) {
      errors.push(MESSAGES.galleryFileTypeNotAllowed(file.name));
    } else if (file.size > MAX_IMAGE_BYTES) {
      errors.push(MESSAGES.galleryFileTooLarge(file.name));
    } else if (!next.some((queued) => queued.name === file.name)) {
      next.push(file);
    }
  }
  return { queue: next, errors };
}

/** Save failures: the server's error (else the fallback), then ': ' and its details when sent. */
export function saveFailureText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  const base = err.serverError || fallback;
  const details = (err.body as { details?: unknown } | undefined)?.details;
  return typeof details === 'string' && details ? `${base}: ${details}` : base;
}
