import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startI18n } from './i18n';
import { App } from './app/App';
import { startHydration } from './app/hydration';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App Router={BrowserRouter} />
  </StrictMode>
);

/**
 * The app, loaded by main.tsx. The public pages arrive rendered by the server (already painted and
 * readable): React adopts that markup instead of building it again. Pages behind a login (cart,
 * checkout, dashboard, admin) arrive empty and render here. Either way the work runs in a transition, in slices that give the main
 * thread back every few milliseconds, so a slow phone can answer a tap meanwhile.
 */
await startI18n();
// A task of its own for hydration, apart from evaluating this file: two shorter tasks instead of one long.
await new Promise((resolve) => setTimeout(resolve, 0));
startTransition(() => {
  if (root.hasChildNodes()) {
    startHydration();
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
