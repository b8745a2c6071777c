import {
  VARIANT_QUERY_PARAM,
  chosenVariant,
  discountPercent,
  variantPrice,
  type Product,
  type ProductOption,
  type ProductVariant,
} from '@kesh/shared';
import type { ProductCardData } from '../productCard';

/** What the product page lets the shopper choose between, and what is chosen. */
export interface VariantChoice {
  options: ProductOption[];
  variants: ProductVariant[];
  chosen: ProductVariant;
  /** The address named a variant this product no longer has: the default one is shown instead. */
  gone: boolean;
}

/** The product page's address for one variant: the list's `?id=` plus `&variant=`. */
export function variantHref(productId: string, variantId: string): string {
  return `/products?id=${encodeURIComponent(productId)}&${VARIANT_QUERY_PARAM}=${encodeURIComponent(variantId)}`;
}

/** The choice of `?variant=` (the default variant when absent or unknown); null for a product without variants. */
export function variantChoiceOf(product: Product, variantId: string | null): VariantChoice | null {
  const chosen = chosenVariant(product, variantId);
  if (!chosen) return null;
  return {
    options: product.options ?? [],
    variants: product.variants ?? [],
    chosen,
    gone: variantId !== null && chosen.id !== variantId,
  };
}

/** The card's figures for one variant: its price, original price, discount and stock. */
export function withVariant(card: ProductCardData, variant: ProductVariant): ProductCardData {
  return {
    ...card,
    price: variantPrice(variant),
    originalPrice: variant.mainPrice,
    discount: discountPercent(variant.mainPrice, variant.offerPrice),
    stock: variant.stock,
    fromPrice: null,
  };
}

/**
 * The variant a click on `value` of option `index` leads to: the chosen one with that value swapped
 * in, else the first variant that has the value (the other options change with it); undefined when
 * no variant has the value.
 */
export function variantFor(choice: VariantChoice, index: number, value: string): ProductVariant | undefined {
  const wanted = choice.chosen.optionValues.map((v, i) => (i === index ? value : v));
  return (
    choice.variants.find((v) => v.optionValues.every((x, i) => x === wanted[i])) ??
    choice.variants.find((v) => v.optionValues[index] === value)
  );
}
