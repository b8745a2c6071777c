import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@kesh/shared';
import { fetchProducts } from '../../api/catalog';
import { isNetworkError } from '../../api/http';

export function useProducts() {
  return useQuery({ queryKey: ['products'], queryFn: fetchProducts });
}

/** Spec section 8: an unreachable server reads as "server down", any other failure as a fetch failure. */
export function productsErrorText(err: unknown): string {
  return isNetworkError(err) ? MESSAGES.backendDown : MESSAGES.productsFetchFailed;
}
