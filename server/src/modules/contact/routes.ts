import { Router } from 'express';
import { MESSAGES, contactSchema, messageListQuerySchema, type MessageResponse } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { streamJsonArray } from '../../lib/json-stream.js';
import { requireAdmin } from '../../middleware/auth.js';
import { limiter } from '../../middleware/rate-limit.js';
import { requireJsonBody } from '../../middleware/media-type.js';
import { bodyOf, queryOf, validateBody } from '../../middleware/validate.js';
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

  // The spec's whole inbox, newest first; the owner's screen reads GET /api/admin/messages instead.
  router.get('/', requireAdmin(deps.config.jwtSecret), async (_req, res) => {
    await streamJsonArray(res.set('Cache-Control', 'private, no-store'), contact.each());
  });

  return router;
}

/** GET /api/admin/messages?page=&limit=: the owner's inbox, newest first, a page at a time. */
export function contactAdminRoutes(deps: AppDeps): Router {
  const contact = createContactService(deps);
  const router = Router();
  router.get('/messages', requireAdmin(deps.config.jwtSecret), async (req, res) => {
    const page = await contact.page(queryOf(messageListQuerySchema, req.query));
    res.set('Cache-Control', 'private, no-store').json(page);
  });
  return router;
}
