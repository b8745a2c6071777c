import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * The app, loaded by main.tsx. The public pages arrive rendered by the server (already painted and
 * readable): React adopts that markup instead of building it again. Pages behind a login (cart,
 * checkout, dashboard, admin) arrive empty and render here. The work comes in three tasks, each
 * short enough for a slow phone to answer a tap in between: evaluating React (this file's imports),
 * then evaluating the app shell (shell.ts, its own file: the server preloads it with the page, so it
 * is not fetched late), then rendering or hydrating in a transition, in slices.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

await nextTask();
const { App, BrowserRouter, startHydration, startI18n } = await import('./shell');
await startI18n();
await nextTask();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App Router={BrowserRouter} />
  </StrictMode>
);
startTransition(() => {
  if (root.hasChildNodes()) {
    startHydration();
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
