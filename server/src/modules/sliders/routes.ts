import { Router, type Request } from 'express';
import { MESSAGES, sliderFieldsSchema, type Slider } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { requireAdmin } from '../../middleware/auth.js';
import { publicListCache } from '../../middleware/public-cache.js';
import { cachedJson, type CachedJson } from '../../lib/response-cache.js';
import { SINGLE_IMAGE_MESSAGES, SPEC_IMAGE_KINDS, imageUpload } from '../../middleware/upload.js';
import { addSlider, deleteSlider, listSliders, sliderIdOf, updateSlider } from './service.js';

function sliderFields(req: Request) {
  const parsed = sliderFieldsSchema.safeParse(req.body ?? {});
  if (!parsed.success) {
    const missing = parsed.error.issues.map((i) => i.path.join('.')).filter(Boolean);
    throw badRequest(MESSAGES.sliderTitleDescriptionRequired, `Missing or blank: ${missing.join(', ')}`);
  }
  return parsed.data;
}

/** Homepage sliders (spec section 7): errors answer `{ error, details }`. */
export function slidersRoutes(
  { config, storage, logger }: AppDeps,
  sliders: CachedJson<Slider[]> = cachedJson(listSliders),
): Router {
  const router = Router();
  const admin = requireAdmin(config.jwtSecret);
  const image = imageUpload({ field: 'image', maxFiles: 1, kinds: SPEC_IMAGE_KINDS, messages: SINGLE_IMAGE_MESSAGES });
  const deps = { storage, logger };

  router.use(sliders.invalidateOnWrite);
  router.get('/getSliders', publicListCache, sliders.send);

  router.post('/addSlider', admin, image, async (req, res) => {
    const slider = await addSlider(deps, sliderFields(req), req.images?.[0]);
    res.status(201).json({ ...slider, message: MESSAGES.sliderSaved(slider.title, 'added'), slider });
  });

  router.put('/updateSlider/:id', admin, image, async (req, res) => {
    const id = sliderIdOf(req.params.id);
    const slider = await updateSlider(deps, id, sliderFields(req), req.images?.[0]);
    res.json({ ...slider, message: MESSAGES.sliderSaved(slider.title, 'updated'), slider });
  });

  router.delete('/deleteSlider/:id', admin, async (req, res) => {
    const slider = await deleteSlider(deps, req.params.id);
    res.json({ message: MESSAGES.sliderSaved(slider.title, 'deleted'), slider });
  });

  return router;
}
