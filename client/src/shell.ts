/**
 * The app shell boot.tsx loads once React is in: the router, the app (header, footer, routes), the
 * translator and the API client. A module of its own so that evaluating it is a task of its own,
 * after React's (see boot.tsx).
 */
export { BrowserRouter } from 'react-router-dom';
export { App } from './app/App';
export { startHydration } from './state/hydration';
export { startI18n } from './i18n';
