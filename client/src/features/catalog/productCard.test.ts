import { describe, expect, it } from 'vitest';
import type { Product, ProductVariant } from '@kesh/shared';
import { productStructuredData, toProductCard } from './productCard';

const product: Product = {
  _id: '64b000000000000000000001',
  title: 'Bhringraj Hair Oil',
  subtitle: '200 ml',
  mainPrice: 449,
  offerPrice: 349,
  ratingCount: 12,
  description: 'Slow-infused bhringraj oil.',
  image: '/uploads/abc.jpg',
  imageSrcSet: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('product structured data', () => {
  it('offers the price the shopper pays, in INR, with absolute URLs', () => {
    const data = productStructuredData(toProductCard(product), 'https://shop.example', 'Kesh Ayurveda');
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Bhringraj Hair Oil',
      image: 'https://shop.example/uploads/abc.jpg',
      brand: { name: 'Kesh Ayurveda' },
      offers: {
        price: '349.00',
        priceCurrency: 'INR',
        url: 'https://shop.example/products?id=64b000000000000000000001',
      },
    });
  });

  it.each([
    [null, 'https://schema.org/InStock'],
    [40, 'https://schema.org/InStock'],
    [5, 'https://schema.org/LimitedAvailability'],
    [0, 'https://schema.org/OutOfStock'],
  ])('tells search engines the truth about a stock of %s', (stock, availability) => {
    const data = productStructuredData(toProductCard({ ...product, stock }), 'https://shop.example', 'Kesh');
    expect(data.offers).toMatchObject({ availability });
  });
});

const variant = (id: string, values: string[], fields: Partial<ProductVariant> = {}): ProductVariant => ({
  id: id.padStart(24, '0'),
  sku: `BHR-${values.join('-')}`,
  optionValues: values,
  label: values.join(' / '),
  mainPrice: 449,
  offerPrice: 349,
  stock: null,
  weightGrams: null,
  ...fields,
});

const sized: Product = {
  ...product,
  options: [{ name: 'Size', values: ['100 ml', '200 ml'] }],
  variants: [
    variant('1', ['100 ml'], { mainPrice: 249, offerPrice: 199, stock: 0 }),
    variant('2', ['200 ml'], { stock: 3 }),
  ],
  defaultVariantId: '1'.padStart(24, '0'),
};

describe('a product sold in sizes', () => {
  it('gives search engines one offer per variant, with its SKU, price, stock and address', () => {
    const data = productStructuredData(toProductCard(sized), 'https://shop.example', 'Kesh', sized.variants);
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'Bhringraj Hair Oil (100 ml)',
        sku: 'BHR-100 ml',
        price: '199.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
        url: `https://shop.example/products?id=64b000000000000000000001&variant=${'1'.padStart(24, '0')}`,
      },
      {
        '@type': 'Offer',
        name: 'Bhringraj Hair Oil (200 ml)',
        sku: 'BHR-200 ml',
        price: '349.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/LimitedAvailability',
        url: `https://shop.example/products?id=64b000000000000000000001&variant=${'2'.padStart(24, '0')}`,
      },
    ]);
  });

  it('shows "from" the lowest price on its card when the prices differ, and sends the shopper to choose', () => {
    expect(toProductCard(sized)).toMatchObject({ fromPrice: 199, choices: true });
    const samePrice = { ...sized, variants: sized.variants?.map((v) => ({ ...v, mainPrice: 449, offerPrice: 349 })) };
    expect(toProductCard(samePrice)).toMatchObject({ fromPrice: null, choices: true });
    expect(toProductCard(product)).toMatchObject({ fromPrice: null, choices: false });
  });
});
