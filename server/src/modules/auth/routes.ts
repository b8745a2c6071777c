import { Router } from 'express';
import { forgotPasswordSchema, loginSchema, signupSchema, verifyOtpSchema } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { emailKey, limiter } from '../../middleware/rate-limit.js';
import { userRoutes } from '../users/routes.js';
import { createAuthService } from './service.js';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * Guessable endpoints are limited twice: per IP (one machine trying many accounts) and per
 * email (many machines trying one account). Numbers leave room for a real person's retries.
 */
const LIMITS = {
  login: { windowMs: FIFTEEN_MINUTES_MS, perIp: 50, perEmail: 10 },
  forgotPassword: { windowMs: ONE_HOUR_MS, perIp: 20, perEmail: 5 },
  verifyOtp: { windowMs: FIFTEEN_MINUTES_MS, perIp: 30, perEmail: 10 },
  // Each signup costs a bcrypt hash: bound what one machine can make the server compute.
  signup: { windowMs: ONE_HOUR_MS, perIp: 20, perEmail: 5 },
} as const;

export function authRoutes(deps: AppDeps): Router {
  const { config } = deps;
  const auth = createAuthService(deps);
  const signup = signupSchema(config.shop.email);
  const limited = (name: keyof typeof LIMITS) => {
    const { windowMs, perIp, perEmail } = LIMITS[name];
    return [
      limiter({ enabled: config.rateLimit, windowMs, limit: perIp, name: `${name}:ip` }),
      limiter({ enabled: config.rateLimit, windowMs, limit: perEmail, name: `${name}:email`, keyOf: emailKey }),
    ];
  };

  const router = Router();

  router.post('/signup', ...limited('signup'), validateBody(signup), async (req, res) => {
    res.status(201).json(await auth.signup(bodyOf(signup, req.body)));
  });

  router.post('/login', ...limited('login'), validateBody(loginSchema), async (req, res) => {
    const { email, password } = bodyOf(loginSchema, req.body);
    res.json(await auth.login(email, password));
  });

  router.post(
    '/forgot-password',
    ...limited('forgotPassword'),
    validateBody(forgotPasswordSchema),
    async (req, res) => {
      res.json(await auth.requestOtp(bodyOf(forgotPasswordSchema, req.body).email));
    },
  );

  router.post('/verify-otp', ...limited('verifyOtp'), validateBody(verifyOtpSchema), async (req, res) => {
    const { email, otp, newPassword } = bodyOf(verifyOtpSchema, req.body);
    res.json(await auth.verifyOtp(email, otp, newPassword));
  });

  router.use(userRoutes(deps));
  return router;
}
