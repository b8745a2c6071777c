import type { RequestHandler } from 'express';

/**
 * Public lists (sliders, products, gallery) may be stored by browsers and proxies, but are
 * revalidated on every use: Express answers a matching ETag with a bodyless 304, so a repeat
 * visit costs almost nothing, and the admin screen sees its own change on the reload that follows
 * a save (a max-age would hand it the stale list for that long).
 */
export const PUBLIC_LIST_CACHE_CONTROL = 'public, no-cache';

export const publicListCache: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', PUBLIC_LIST_CACHE_CONTROL);
  next();
};
