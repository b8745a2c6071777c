import { Router } from 'express';
import type { UserSummary } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/auth.js';
import { User } from './user.model.js';

/** GET /api/auth/users: the admin's user list; only what the table shows, never a password hash. */
export function usersAdminRoutes({ config }: AppDeps): Router {
  const router = Router();
  router.get('/users', requireAdmin(config.jwtSecret), async (_req, res) => {
    const users = await User.find({}, { username: 1, email: 1, contact: 1 }).sort({ createdAt: 1, _id: 1 }).lean();
    const body: UserSummary[] = users.map((u) => ({
      _id: String(u._id),
      username: u.username,
      email: u.email,
      contact: u.contact,
    }));
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
