import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_SHOP, type ShopSettings } from '@kesh/shared';
import { pageData } from '../api/pageData';
import { fetchShop } from '../api/shop';

/**
 * The shop's settings a server render was given (the browser reads the same from the page's data), so
 * the header and footer render the same phone and address on both sides.
 */
export const ShopContext = createContext<ShopSettings | undefined>(undefined);

// Every page the server sends carries the settings; only the dev server's pages ask the API for them.
// Read on first use, not as this file loads (i18n/index.ts, startI18n, says why).
let known: ShopSettings | undefined;
let read = false;
let asking = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => {
  if (!read && typeof document !== 'undefined') known = pageData().shop;
  read = true;
  return known;
};

function askOnce() {
  if (snapshot() || asking) return;
  asking = true;
  fetchShop().then(
    (shop) => {
      known = shop;
      for (const listener of listeners) listener();
    },
    () => {
      asking = false;
    },
  );
}

/** The shop's phone, email, address and payment mode; demo defaults until the server answers. */
export function useShop(): ShopSettings {
  const rendered = useContext(ShopContext);
  const shop = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (!rendered) askOnce();
  }, [rendered]);
  return rendered ?? shop ?? DEFAULT_SHOP;
}

export function formatPhone(phone: string): string {
  return `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
}
