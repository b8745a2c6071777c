import type { Product, ProductVariant } from '@kesh/shared';

export const SMALL = '1'.repeat(24);
export const LARGE = '2'.repeat(24);

/** A product as the API answers it, sold as one item (no sizes or packs), without an image. */
export const productOf = (
  fields: Pick<Product, '_id' | 'title' | 'mainPrice' | 'offerPrice'> & Partial<Product>,
): Product => ({
  subtitle: '',
  description: '',
  ratingCount: 0,
  image: null,
  imageSrcSet: null,
  createdAt: '',
  updatedAt: '',
  options: [],
  variants: [],
  defaultVariantId: null,
  ...fields,
});

export const sizeVariant = (id: string, size: string, fields: Partial<ProductVariant>): ProductVariant => ({
  id,
  sku: `AMLA-${size.replace(' ', '')}`,
  optionValues: [size],
  label: size,
  mainPrice: null,
  offerPrice: null,
  stock: null,
  weightGrams: null,
  ...fields,
});

/** `product` sold in 100 ml (its default) and 200 ml, each with the fields given. */
export const inTwoSizes = (
  product: Product,
  small: Partial<ProductVariant>,
  large: Partial<ProductVariant>,
): Product => ({
  ...product,
  options: [{ name: 'Size', values: ['100 ml', '200 ml'] }],
  variants: [sizeVariant(SMALL, '100 ml', small), sizeVariant(LARGE, '200 ml', large)],
  defaultVariantId: SMALL,
});

/** "Amla Hair Oil" in 100 ml (sold out) and 200 ml (2 left), as the storefront shows it. */
export const ID = 'a'.repeat(24);
export const amla: Product = inTwoSizes(
  productOf({
    _id: ID,
    title: 'Amla Hair Oil',
    subtitle: 'Cold-pressed',
    mainPrice: 250,
    offerPrice: 199,
    ratingCount: 8,
    description: 'Amla in sesame oil.',
    stock: 2,
  }),
  { mainPrice: 250, offerPrice: 199, stock: 0 },
  { mainPrice: 400, offerPrice: 300, stock: 2 },
);
