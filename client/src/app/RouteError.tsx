import { Component, type ReactNode } from 'react';

/** Shown when a page fails to load (e.g. a chunk after a deploy); reloading fetches the new one. */
export function RouteError() {
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

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next page's path) clears the error, so the shopper can go elsewhere. */
  resetKey?: string;
}

/** Catches a page that throws while loading or rendering and shows RouteError in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
