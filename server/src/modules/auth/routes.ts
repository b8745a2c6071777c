import { Router, type Request, type RequestHandler } from 'express';
import {
  MESSAGES,
  OTP_LIFETIME_MS,
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  verifyEmailSchema,
  verifyOtpSchema,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { authCookieOptions, cookiesOf, isTrustedDevice, setDeviceCookie } from '../../lib/device-cookie.js';
import { authOf, requireCustomer } from '../../middleware/auth.js';
import { requireJsonBody } from '../../middleware/media-type.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { emailKey, ipEmailKey, limiter } from '../../middleware/rate-limit.js';
import { requestLanguage } from '../../lib/request-language.js';
import { userRoutes } from '../users/index.js';
import { createEmailVerification } from './email-verification.js';
import { createAuthService } from './service.js';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;
const RESET_COOKIE = 'kesh_reset';

interface Limits {
  windowMs: number;
  /** One machine trying many accounts. */
  perIp: number;
  /** One machine trying one account. */
  perIpEmail: number;
  /**
   * Many machines trying one account. Browsers the account trusts (a device cookie, or for a code
   * check the reset cookie of the browser that asked for the code) are exempt, so strangers
   * filling this limit cannot lock the owner out (OWASP's device cookies).
   */
  perAccount?: number;
  /** Count only failed attempts (wrong password, wrong code). */
  failuresOnly?: boolean;
}

const LIMITS = {
  login: { windowMs: FIFTEEN_MINUTES_MS, perIp: 50, perIpEmail: 10, perAccount: 30, failuresOnly: true },
  forgotPassword: { windowMs: ONE_HOUR_MS, perIp: 20, perIpEmail: 5, perAccount: 10 },
  verifyOtp: { windowMs: FIFTEEN_MINUTES_MS, perIp: 30, perIpEmail: 10, perAccount: 10, failuresOnly: true },
  // Each signup costs a bcrypt hash: bound what one machine can make the server compute.
  signup: { windowMs: ONE_HOUR_MS, perIp: 20, perIpEmail: 5 },
} as const satisfies Record<string, Limits>;

const trusted = (req: Request) => req.res?.locals.trustedAccount === true;

export function authRoutes(deps: AppDeps): Router {
  const { config } = deps;
  const auth = createAuthService(deps);
  const signup = signupSchema(config.shop.email);
  const secure = config.isProduction;
  const resetCookieOf = (req: Request) => cookiesOf(req)[RESET_COOKIE];

  const limited = (name: keyof typeof LIMITS): RequestHandler[] => {
    const { windowMs, perIp, perIpEmail, ...rest } = LIMITS[name] as Limits;
    const common = { enabled: config.rateLimit, windowMs, failuresOnly: rest.failuresOnly };
    const limits = [
      limiter({ ...common, limit: perIp, name: `${name}:ip` }),
      limiter({ ...common, limit: perIpEmail, name: `${name}:ip-email`, keyOf: ipEmailKey }),
    ];
    if (rest.perAccount !== undefined) {
      limits.push(
        limiter({ ...common, limit: rest.perAccount, name: `${name}:email`, keyOf: emailKey, exempt: trusted }),
      );
    }
    return limits;
  };

  /** Decides, before the limits, whether this browser is one the account trusts. */
  const recogniseBrowser =
    (withResetCookie: boolean): RequestHandler =>
    async (req, res, next) => {
      const email = emailKey(req);
      res.locals.trustedAccount =
        email !== undefined &&
        (isTrustedDevice(req, config.jwtSecret, email) ||
          (withResetCookie && (await auth.ownsLiveCode(email, resetCookieOf(req)))));
      next();
    };

  const router = Router();
  router.use(requireJsonBody);
  const customer = requireCustomer(config.jwtSecret);
  const verification = createEmailVerification(deps);

  router.post('/signup', ...limited('signup'), validateBody(signup), async (req, res) => {
    const session = await auth.signup(bodyOf(signup, req.body), requestLanguage(req));
    setDeviceCookie(res, config.jwtSecret, bodyOf(signup, req.body).email, secure);
    res.status(201).json(session);
  });

  router.post('/login', recogniseBrowser(false), ...limited('login'), validateBody(loginSchema), async (req, res) => {
    const { email, password } = bodyOf(loginSchema, req.body);
    const session = await auth.login(email, password);
    setDeviceCookie(res, config.jwtSecret, email, secure);
    res.json(session);
  });

  router.post(
    '/forgot-password',
    recogniseBrowser(false),
    ...limited('forgotPassword'),
    validateBody(forgotPasswordSchema),
    async (req, res) => {
      const { email } = bodyOf(forgotPasswordSchema, req.body);
      const { answer, requester } = await auth.requestOtp(email, res, requestLanguage(req));
      res.cookie(RESET_COOKIE, requester, authCookieOptions(secure, OTP_LIFETIME_MS));
      res.json(answer);
    },
  );

  router.post(
    '/verify-otp',
    recogniseBrowser(true),
    ...limited('verifyOtp'),
    validateBody(verifyOtpSchema),
    async (req, res) => {
      const { email, otp, newPassword } = bodyOf(verifyOtpSchema, req.body);
      const answer = await auth.verifyOtp(email, otp, newPassword, resetCookieOf(req));
      if (newPassword !== undefined) {
        res.clearCookie(RESET_COOKIE, authCookieOptions(secure, 0));
        setDeviceCookie(res, config.jwtSecret, email, secure);
      }
      res.json(answer);
    },
  );

  router.post('/verify-email', customer, validateBody(verifyEmailSchema), async (req, res) => {
    res.json(await verification.verify(authOf(req).sub, bodyOf(verifyEmailSchema, req.body).otp));
  });

  router.post('/verify-email/resend', customer, async (req, res) => {
    res.json(await verification.resend(authOf(req).sub, requestLanguage(req)));
  });

  router.post('/logout', customer, async (req, res) => {
    await auth.logout(authOf(req));
    res.json({ success: true, message: MESSAGES.loggedOut });
  });

  router.post('/logout-all', customer, async (req, res) => {
    await auth.logoutEverywhere(authOf(req).sub);
    res.json({ success: true, message: MESSAGES.loggedOutEverywhere });
  });

  router.use(userRoutes(deps));
  return router;
}
