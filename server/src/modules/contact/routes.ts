import { Router } from 'express';
import { MESSAGES, contactSchema, type MessageResponse } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/auth.js';
import { limiter } from '../../middleware/rate-limit.js';
import { requireJsonBody } from '../../middleware/media-type.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { createContactService } from './service.js';

/** Each message mails the owner, so one machine may not flood the shop's inbox. */
const CONTACT_LIMIT = { windowMs: 60 * 60 * 1000, limit: 20 };

export function contactRoutes(deps: AppDeps): Router {
  const contact = createContactService(deps);
  const perIp = limiter({ enabled: deps.config.rateLimit, ...CONTACT_LIMIT, name: 'contact:ip' });
  const router = Router();

  router.post('/', requireJsonBody, perIp, validateBody(contactSchema), async (req, res) => {
    await contact.submit(bodyOf(contactSchema, req.body));
    const answer: MessageResponse = { message: MESSAGES.contactSent };
    res.status(201).json(answer);
  });

  /** The owner's inbox, newest first. */
  router.get('/', requireAdmin(deps.config.jwtSecret), async (_req, res) => {
    res.json(await contact.list());
  });

  return router;
}
