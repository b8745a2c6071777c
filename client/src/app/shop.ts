import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SHOP, type ShopSettings } from '@kesh/shared';
import { fetchShop } from '../api/shop';

/** The shop's phone, email, address and payment mode; demo defaults until the server answers. */
export function useShop(): ShopSettings {
  const { data } = useQuery({ queryKey: ['shop'], queryFn: fetchShop, staleTime: 5 * 60_000 });
  return data ?? DEFAULT_SHOP;
}

export function formatPhone(phone: string): string {
  return `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
}
