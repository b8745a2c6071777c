import {
  CURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_SUBTITLE,
  DISPLAY_RATING,
  discountPercent,
  productTextIn,
  stockBadge,
  unitPrice,
  type LanguageCode,
  VARIANT_QUERY_PARAM,
  variantPrice,
  variantPriceRange,
  type Product,
  type ProductVariant,
} from '@kesh/shared';

/** The derived product card of spec section 3: what every product tile and the detail view show. */
export interface ProductCardData {
  id: string;
  name: string;
  subtitle: string;
  price: number;
  originalPrice: number | null;
  discount: number;
  rating: number;
  reviews: number;
  /** One image today; a null src means the placeholder, srcSet lists its resized WebP variants. */
  images: { src: string | null; srcSet: string | null }[];
  description: string;
  /** The product's own benefits; empty: the shop's general list. */
  benefits: string[];
  imageAlt: string;
  /** Units left; null when the shop does not count them. */
  stock: number | null;
  /** The lowest of its variants' prices when they differ: the card says "from ₹…". */
  fromPrice: number | null;
  /** More than one variant: the card sends the shopper to the product page to choose. */
  choices: boolean;
}

/** schema.org's word for what the shelf holds: sold out, running low, or in stock (also when not counted). */
const AVAILABILITY = { out: 'OutOfStock', low: 'LimitedAvailability' } as const;

function availabilityOf(stock: number | null): string {
  const badge = stockBadge(stock);
  return `https://schema.org/${badge ? AVAILABILITY[badge.kind] : 'InStock'}`;
}

/** The card in the shopper's language: each text field in it, or in English where it has none. */
export function toProductCard(p: Product, language: LanguageCode = DEFAULT_LANGUAGE): ProductCardData {
  const text = productTextIn({ ...p, subtitle: p.subtitle || DEFAULT_SUBTITLE }, language);
  return {
    id: p._id,
    name: text.title,
    subtitle: text.subtitle,
    price: unitPrice(p),
    originalPrice: p.mainPrice,
    discount: discountPercent(p.mainPrice, p.offerPrice),
    rating: DISPLAY_RATING,
    reviews: p.ratingCount ?? 0,
    images: [{ src: p.image, srcSet: p.imageSrcSet }],
    description: text.description,
    benefits: text.benefits,
    imageAlt: text.imageAlt,
    stock: p.stock ?? null,
    ...variantsOnCard(p),
  };
}

function variantsOnCard(p: Product): Pick<ProductCardData, 'fromPrice' | 'choices'> {
  const range = variantPriceRange(p);
  return { fromPrice: range && range.from !== range.to ? range.from : null, choices: (p.variants?.length ?? 0) > 1 };
}

function offer(price: number, stock: number | null, url: string) {
  return {
    '@type': 'Offer',
    price: price.toFixed(2),
    priceCurrency: CURRENCY,
    availability: availabilityOf(stock),
    url,
  };
}

/**
 * schema.org Product for search engines: what the shopper pays, in rupees; a product sold in sizes or
 * packs has one Offer per variant, each with its SKU and its own page address.
 */
export function productStructuredData(
  product: ProductCardData,
  origin: string,
  shopName: string,
  variants: readonly ProductVariant[] = [],
) {
  const image = product.images[0]?.src;
  const url = `${origin}/products?id=${encodeURIComponent(product.id)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    ...(image ? { image: new URL(image, origin).toString() } : {}),
    brand: { '@type': 'Brand', name: shopName },
    offers:
      variants.length === 0
        ? offer(product.price, product.stock, url)
        : variants.map((v) => ({
            ...offer(variantPrice(v), v.stock, `${url}&${VARIANT_QUERY_PARAM}=${encodeURIComponent(v.id)}`),
            sku: v.sku,
            name: `${product.name} (${v.label})`,
          })),
  };
}
