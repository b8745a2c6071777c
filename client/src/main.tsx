import { PAGE_MODULES_ELEMENT_ID } from '@kesh/shared';
import './index.css';

// Zod probes `new Function` for faster parsing; the Content-Security-Policy forbids eval, and the
// probe alone is reported as a violation. This is the object z.config() writes to: zod adopts it when
// it loads (later, with the forms), so the setting holds without zod in the first download.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/**
 * The storefront's entry, a few hundred bytes. A server-rendered page is complete without script, so
 * the app (React, the router, the page's code and words) is asked for only once that page has been
 * painted and its first picture (the one marked fetchpriority="high") is drawn: on a slow phone network
 * its download then never competes with the page's own HTML and largest picture. The page's code is
 * named in an inert <template> in the HTML (server/src/modules/pages) and fetched alongside the app,
 * not after it. A page the server left to the browser (cart, checkout, dashboard, admin) has nothing
 * to show yet, so its app loads at once.
 */
function loadApp() {
  const modules = document.getElementById(PAGE_MODULES_ELEMENT_ID);
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
  void import('./boot');
}

/** Once the page's first picture (if any) is loaded, decoded and drawn, or has failed to load. */
function afterFirstPicture(then: () => void) {
  const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const drawn = () => requestAnimationFrame(() => setTimeout(then, 0));
  // decode() settles when the picture is ready to draw; a picture that fails must not keep the page
  // from working. A frame callback runs just before the paint; a task queued from it runs just after.
  if (picture) picture.decode().then(drawn, drawn);
  else drawn();
}

if (document.getElementById('root')?.hasChildNodes()) afterFirstPicture(loadApp);
else loadApp();
