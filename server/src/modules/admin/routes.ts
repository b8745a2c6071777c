import { Router } from 'express';
import { MESSAGES, adminLoginSchema, type AdminLoginResponse, type MessageResponse } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../lib/errors.js';
import { authOf, requireAdmin } from '../../middleware/auth.js';
import { limiter } from '../../middleware/rate-limit.js';
import { requireJsonBody } from '../../middleware/media-type.js';
import { revokeToken } from '../../lib/revoked-tokens.js';
import { logInAdmin } from './service.js';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_ATTEMPTS_PER_WINDOW = 10;

/** The admin session: POST /logAdmin and POST /logout (spec section 7, paths at the root). */
export function adminRoutes({ config }: AppDeps): Router {
  const router = Router();
  const loginLimit = limiter({
    enabled: config.rateLimit,
    windowMs: LOGIN_WINDOW_MS,
    limit: LOGIN_ATTEMPTS_PER_WINDOW,
    name: 'admin-login',
  });

  router.post('/logAdmin', requireJsonBody, loginLimit, async (req, res) => {
    const parsed = adminLoginSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MESSAGES.invalidRequest;
      throw new HttpError(400, message, undefined, { success: false });
    }
    const { token } = await logInAdmin(config.jwtSecret, parsed.data.username, parsed.data.password);
    const body: AdminLoginResponse = { success: true, token, message: MESSAGES.adminLoggedIn };
    res.json(body);
  });

  router.post('/logout', requireJsonBody, requireAdmin(config.jwtSecret), async (req, res) => {
    await revokeToken(authOf(req));
    const body: MessageResponse = { success: true, message: MESSAGES.adminLoggedOut };
    res.json(body);
  });

  return router;
}
