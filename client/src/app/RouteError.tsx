import { useRouteError } from 'react-router-dom';

/** Shown when a page fails to load (e.g. a chunk after a deploy); reloading fetches the new one. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold text-brand-900">Something went wrong</h1>
      <p className="mt-2 text-gray-700">Please reload the page.</p>
      <button
        type="button"
        className="mt-4 rounded bg-brand-800 px-4 py-2 text-white"
        onClick={() => window.location.reload()}
      >
        Reload
      </button>
    </main>
  );
}
