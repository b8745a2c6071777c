import type { Product, ProductVariantsBody } from '@kesh/shared';
import { adminToken, apiRequest } from './http';

/** The owner's whole set of a product's options and variants; the answer is the product as now sold. */
export const saveProductVariants = (productId: string, body: ProductVariantsBody) =>
  apiRequest<Product>(`/api/main-category/${encodeURIComponent(productId)}/variants`, {
    method: 'PUT',
    body,
    token: adminToken(),
  });
