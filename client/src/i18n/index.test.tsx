import { lazy, startTransition, Suspense, useState, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import i18n, { addNamespaceLoader, useTranslation, type Catalogue } from '.';

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('useTranslation', () => {
  const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
  });

  it('hydrates a part whose code arrives after the shopper picked another language in the server’s words, then in the new ones', async () => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const words = { en: { hello: 'Hello' }, hi: { hello: 'नमस्ते' }, mr: {}, gu: {} };
    addNamespaceLoader('test.switch', () => Promise.resolve({ default: words }));
    await i18n.loadNamespaces('test.switch', ['en', 'hi']);
    function Hello() {
      const { t } = useTranslation('test.switch');
      return <p>{t('hello')}</p>;
    }
    // The server sent both parts in English; the second one's code (as the home page's carousels) comes later.
    let arrive: ((code: { default: ComponentType }) => void) | undefined;
    const Late = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    const page = (Later: ComponentType) => (
      <main>
        <Hello />
        <Suspense fallback={null}>
          <Later />
        </Suspense>
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(Hello));
    const errors: unknown[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args[0]));
    const root = hydrateRoot(container, page(Late), {
      onRecoverableError: (error) => errors.push(error),
      onCaughtError: (error) => errors.push(error),
      onUncaughtError: (error) => errors.push(error),
    });
    try {
      await waitFor(() => expect(arrive).toBeDefined());
      await i18n.changeLanguage('hi');
      await waitFor(() => expect(container.querySelector('p')?.textContent).toBe('नमस्ते'));
      arrive!({ default: Hello });
      await waitFor(() => expect(container.textContent).toBe('नमस्तेनमस्ते'));
      expect(errors).toEqual([]);
    } finally {
      root.unmount();
      logged.mockRestore();
      await i18n.changeLanguage('en');
    }
  });

  it('renders a component that waited for its words, hooks after the wait included, without an error', async () => {
    // As in the browser: a transition that React renders in slices and, when a component waits for
    // data, resumes by replaying that component once the data is in.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    let deliver: ((catalogue: { default: Catalogue }) => void) | undefined;
    addNamespaceLoader('test.late', () => new Promise((resolve) => (deliver = resolve)));
    function Probe() {
      const { t } = useTranslation('test.late');
      const [count] = useState(3);
      return <p>{t('items', { count })}</p>;
    }
    let show: () => void = () => undefined;
    function Page() {
      const [shown, setShown] = useState(false);
      show = () => startTransition(() => setShown(true));
      return <main>{shown ? <Probe /> : 'page'}</main>;
    }
    const errors: unknown[] = [];
    // React in development reports the misuse that production met as error 467.
    const logged = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args[0]));
    const container = document.createElement('div');
    const root = createRoot(container, {
      onRecoverableError: (error) => errors.push(error),
      onCaughtError: (error) => errors.push(error),
      onUncaughtError: (error) => errors.push(error),
    });
    root.render(
      <Suspense fallback="…">
        <Page />
      </Suspense>,
    );
    // The page is on screen; an update (a transition) brings a component whose words are not in yet.
    await waitFor(() => expect(container.textContent).toBe('page'));
    show();
    await waitFor(() => expect(deliver).toBeDefined());
    const words = { items_one: '{{count}} item', items_other: '{{count}} items' };
    deliver!({ default: { en: words, hi: {}, mr: {}, gu: {} } });
    await waitFor(() => expect(container.textContent).toBe('3 items'));
    expect(errors).toEqual([]);
    root.unmount();
    logged.mockRestore();
  });
});
