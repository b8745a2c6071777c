import type { Product, ProductVariant } from '@kesh/shared';

/** Test data: "Amla Hair Oil" in 100 ml (sold out) and 200 ml (2 left). */
export const ID = 'a'.repeat(24);
export const SMALL = '1'.repeat(24);
export const LARGE = '2'.repeat(24);

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

export const amla: Product = {
  _id: ID,
  title: 'Amla Hair Oil',
  subtitle: 'Cold-pressed',
  mainPrice: 250,
  offerPrice: 199,
  ratingCount: 8,
  description: 'Amla in sesame oil.',
  image: null,
  imageSrcSet: null,
  createdAt: '',
  updatedAt: '',
  stock: 2,
  options: [{ name: 'Size', values: ['100 ml', '200 ml'] }],
  variants: [
    sizeVariant(SMALL, '100 ml', { mainPrice: 250, offerPrice: 199, stock: 0 }),
    sizeVariant(LARGE, '200 ml', { mainPrice: 400, offerPrice: 300, stock: 2 }),
  ],
  defaultVariantId: SMALL,
};
