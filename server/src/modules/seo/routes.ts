import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { robotsTxt, sitemapXml } from './service.js';

const CRAWLER_CACHE_CONTROL = 'public, max-age=3600';

/** /robots.txt and /sitemap.xml, with absolute URLs built from PUBLIC_URL. */
export function seoRoutes({ config }: AppDeps): Router {
  const router = Router();
  const publicUrl = config.shop.publicUrl;

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', CRAWLER_CACHE_CONTROL).send(robotsTxt(publicUrl));
  });

  router.get('/sitemap.xml', async (_req, res) => {
    res
      .type('application/xml')
      .set('Cache-Control', CRAWLER_CACHE_CONTROL)
      .send(await sitemapXml(publicUrl));
  });

  return router;
}
