import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import './i18n';
import { App } from './app/App';

// Zod probes `new Function` for faster parsing; the Content-Security-Policy forbids eval, and the
// probe alone is reported as a violation. This is the object z.config() writes to: zod adopts it when
// it loads (later, with the forms), so the setting holds without zod in the first download.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// A transition renders in slices that give the main thread back every few milliseconds, so a slow
// phone can answer a tap while the first screen is still being built.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
