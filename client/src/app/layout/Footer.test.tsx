import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { DEFAULT_SHOP } from '@kesh/shared';
import { ShopContext } from '../../state/shop';
import { Footer } from './Footer';

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

const page = (
  <ShopContext.Provider value={DEFAULT_SHOP}>
    <MemoryRouter>
      <Footer />
    </MemoryRouter>
  </ShopContext.Provider>
);

const rights = (container: HTMLElement) => container.querySelector('footer > p:last-child')?.textContent;

describe('footer year', () => {
  const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  afterEach(() => {
    vi.useRealTimers();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
  });

  it('is the year in India, not the server clock’s: 1 January 00:30 in Rajkot is still 31 December on UTC', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T19:00:00Z'));
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(rights(container)).toBe(`© 2027 ${DEFAULT_SHOP.name}. All rights reserved.`);
  });

  it('hydrates a page kept from the year before without an error, then shows the new year', async () => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T18:00:00Z')); // 23:30 in India: the page is kept with 2026
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(rights(container)).toBe(`© 2026 ${DEFAULT_SHOP.name}. All rights reserved.`);

    vi.setSystemTime(new Date('2026-12-31T19:00:00Z')); // a shopper opens it after midnight
    const errors: unknown[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args[0]));
    const root = hydrateRoot(container, page, {
      onRecoverableError: (error) => errors.push(error),
      onCaughtError: (error) => errors.push(error),
      onUncaughtError: (error) => errors.push(error),
    });
    try {
      await waitFor(() => expect(rights(container)).toBe(`© 2027 ${DEFAULT_SHOP.name}. All rights reserved.`));
      expect(errors).toEqual([]);
    } finally {
      root.unmount();
      logged.mockRestore();
    }
  });
});
