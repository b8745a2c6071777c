import { Router, type RequestHandler } from 'express';
import { MESSAGES, type GalleryItem } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/auth.js';
import { publicListCache } from '../../middleware/public-cache.js';
import { cachedJson, type CachedJson } from '../../lib/response-cache.js';
import {
  GALLERY_UPLOAD_MESSAGES,
  SINGLE_IMAGE_MESSAGES,
  SPEC_IMAGE_KINDS,
  imageUpload,
} from '../../middleware/upload.js';
import { addGalleryImages, deleteGalleryImage, listGallery, replaceGalleryImage } from './service.js';

/** Most files one gallery upload may carry. */
export const GALLERY_UPLOAD_MAX_FILES = 20;

/** Gallery images (spec section 7): the field is `images` for both the upload and the replacement. */
export function galleryRoutes(
  { config, storage, logger }: AppDeps,
  gallery: CachedJson<GalleryItem[]> = cachedJson(listGallery),
): Router {
  const router = Router();
  const admin = requireAdmin(config.jwtSecret);
  const deps = { storage, logger };

  router.use(gallery.invalidateOnWrite);
  // The same path is the gallery page for a browser asking for HTML (modules/pages): caches must
  // keep the two answers apart.
  const variesByAccept: RequestHandler = (_req, res, next) => {
    res.vary('Accept');
    next();
  };
  router.get('/', variesByAccept, publicListCache, gallery.send);

  router.post(
    '/upload',
    admin,
    imageUpload({
      field: 'images',
      maxFiles: GALLERY_UPLOAD_MAX_FILES,
      kinds: SPEC_IMAGE_KINDS,
      messages: GALLERY_UPLOAD_MESSAGES,
    }),
    async (req, res) => {
      const items = await addGalleryImages(deps, req.images ?? []);
      res.status(201).json({ message: MESSAGES.galleryUploaded, items });
    },
  );

  router.put(
    '/:id',
    admin,
    imageUpload({ field: 'images', maxFiles: 1, kinds: SPEC_IMAGE_KINDS, messages: SINGLE_IMAGE_MESSAGES }),
    async (req, res) => {
      const updatedItem = await replaceGalleryImage(deps, req.params.id, req.images?.[0]);
      res.json({ message: MESSAGES.imageUpdated, updatedItem });
    },
  );

  router.delete('/:id', admin, async (req, res) => {
    await deleteGalleryImage(deps, req.params.id);
    res.json({ message: MESSAGES.imageDeleted });
  });

  return router;
}
