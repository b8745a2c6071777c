import type { RequestHandler } from 'express';
import helmet from 'helmet';
import cors from 'cors';
import type { Config } from '../config.js';

/** Hosts Razorpay's checkout.js needs in the page that embeds it (its modal is an iframe). */
export const RAZORPAY_HOSTS = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://lumberjack.razorpay.com', 'https://api.razorpay.com'],
} as const;

/** Google Maps answers the contact page's embed from either host. */
export const MAP_FRAME_HOSTS = ['https://www.google.com', 'https://maps.google.com'] as const;

export const ORIGIN_NOT_ALLOWED = 'Origin not allowed';

/**
 * Everything the store loads, and nothing more: its own scripts, styles, fonts and images,
 * Razorpay's checkout and the map iframe. 'unsafe-inline' styles stay because the toast library
 * and the payment simulator set styles from script; scripts never run inline.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  // The owner may point MAP_EMBED_URL at another map provider; its frame must still load.
  const mapOrigin = new URL(config.shop.mapEmbedUrl).origin;
  const frames = [...new Set([...RAZORPAY_HOSTS.frame, ...MAP_FRAME_HOSTS, mapOrigin])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...RAZORPAY_HOSTS.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...RAZORPAY_HOSTS.connect],
    'frame-src': frames,
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
  // Over plain http (a laptop, the benchmark) an upgrade would break every asset request.
  if (config.isProduction) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function securityHeaders(config: Config): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The map iframe and Razorpay's frames are not served with CORP headers.
    crossOriginEmbedderPolicy: false,
    // Razorpay opens bank and UPI pages in a popup and reads the result back through it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * Cross-origin calls only from CORS_ORIGINS. The storefront itself is same-origin and needs no
 * CORS; a preflight from any other origin is refused outright so the browser never sends the call.
 */
export function corsPolicy(config: Config): RequestHandler {
  const allowed = new Set(config.corsOrigins);
  const allowedCors = cors({ origin: [...allowed], credentials: false, maxAge: 600 });
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && allowed.has(origin)) {
      allowedCors(req, res, next);
      return;
    }
    if (origin !== undefined && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.status(403).json({ error: ORIGIN_NOT_ALLOWED, message: ORIGIN_NOT_ALLOWED });
      return;
    }
    next();
  };
}
