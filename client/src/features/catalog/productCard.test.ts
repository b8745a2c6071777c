import { describe, expect, it } from 'vitest';
import type { Product } from '@kesh/shared';
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
    expect(data.offers.availability).toBe(availability);
  });
});
