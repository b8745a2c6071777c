import { Router } from 'express';
import {
  ADMIN_PASSWORD_MESSAGES,
  MESSAGES,
  adminLoginSchema,
  adminPasswordChangeSchema,
  type AdminLoginAnswer,
  type AdminPasswordChangeResponse,
  type MessageResponse,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../lib/errors.js';
import { authOf, requireAdminSession } from '../../middleware/auth.js';
import { limiter } from '../../middleware/rate-limit.js';
import { requireJsonBody } from '../../middleware/media-type.js';
import { revokeToken } from '../../lib/revoked-tokens.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { changeAdminPassword, logInAdmin } from './service.js';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_ATTEMPTS_PER_WINDOW = 10;

/**
 * The admin session: POST /logAdmin and POST /logout (spec section 7, paths at the root), and
 * POST /api/admin/password, the one call open to an admin still on the published password.
 */
export function adminRoutes({ config }: AppDeps): Router {
  const router = Router();
  const loginLimit = limiter({
    enabled: config.rateLimit,
    windowMs: LOGIN_WINDOW_MS,
    limit: LOGIN_ATTEMPTS_PER_WINDOW,
    name: 'admin-login',
  });
  const passwordLimit = limiter({
    enabled: config.rateLimit,
    windowMs: LOGIN_WINDOW_MS,
    limit: LOGIN_ATTEMPTS_PER_WINDOW,
    name: 'admin-password',
  });

  router.post('/logAdmin', requireJsonBody, loginLimit, async (req, res) => {
    const parsed = adminLoginSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MESSAGES.invalidRequest;
      throw new HttpError(400, message, undefined, { success: false });
    }
    const { token, mustChangePassword } = await logInAdmin(
      config.jwtSecret,
      parsed.data.username,
      parsed.data.password,
    );
    const body: AdminLoginAnswer = { success: true, token, message: MESSAGES.adminLoggedIn };
    if (mustChangePassword) body.mustChangePassword = true;
    res.json(body);
  });

  router.post(
    '/api/admin/password',
    requireJsonBody,
    passwordLimit,
    requireAdminSession(config.jwtSecret),
    validateBody(adminPasswordChangeSchema),
    async (req, res) => {
      const { token } = await changeAdminPassword(
        config.jwtSecret,
        authOf(req).sub,
        bodyOf(adminPasswordChangeSchema, req.body),
      );
      const body: AdminPasswordChangeResponse = { success: true, token, message: ADMIN_PASSWORD_MESSAGES.changed };
      res.json(body);
    },
  );

  router.post('/logout', requireJsonBody, requireAdminSession(config.jwtSecret), async (req, res) => {
    await revokeToken(authOf(req));
    const body: MessageResponse = { success: true, message: MESSAGES.adminLoggedOut };
    res.json(body);
  });

  return router;
}
