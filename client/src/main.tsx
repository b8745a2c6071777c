import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './index.css';
import { i18nReady } from './i18n';
import { App } from './app/App';
import { startHydration } from './app/hydration';
import { queryClient } from './app/queryClient';

// Zod probes `new Function` for faster parsing; the Content-Security-Policy forbids eval, and the
// probe alone is reported as a violation. This is the object z.config() writes to: zod adopts it when
// it loads (later, with the forms), so the setting holds without zod in the first download.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App client={queryClient} Router={BrowserRouter} />
  </StrictMode>
);

// The public pages arrive rendered by the server (already painted and readable): React adopts that
// markup instead of building it again. Pages behind a login (cart, checkout, dashboard, admin) arrive
// empty and render here. Either way the work runs in a transition, in slices that give the main
// thread back every few milliseconds, so a slow phone can answer a tap meanwhile.
await i18nReady;
startTransition(() => {
  if (root.hasChildNodes()) {
    startHydration();
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
