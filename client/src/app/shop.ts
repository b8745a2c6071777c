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
let known: ShopSettings | undefined = typeof document === 'undefined' ? undefined : pageData().shop;
let asking = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => known;

function askOnce() {
  if (known || asking) return;
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
