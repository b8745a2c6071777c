import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Product } from '@kesh/shared';
import { CategoryForm } from '../components/CategoryForm';
import { renderAdmin } from '../testing';

vi.mock('../../../api/admin', () => ({ addCategory: vi.fn(), updateCategory: vi.fn() }));

const amla = {
  _id: 'p1',
  title: 'Amla hair oil',
  subtitle: '',
  description: '',
  mainPrice: 300,
  offerPrice: 199,
  stock: 15,
  ratingCount: 0,
  image: null,
  imageSrcSet: null,
  createdAt: '',
  updatedAt: '',
  options: [],
  variants: [],
  defaultVariantId: null,
} as Product;

const withSizes: Product = {
  ...amla,
  options: [{ name: 'Size', values: ['100 ml', '200 ml'] }],
  variants: [
    {
      id: '1'.repeat(24),
      sku: 'A-100',
      optionValues: ['100 ml'],
      label: '100 ml',
      mainPrice: 300,
      offerPrice: 199,
      stock: 10,
      weightGrams: null,
    },
    {
      id: '2'.repeat(24),
      sku: 'A-200',
      optionValues: ['200 ml'],
      label: '200 ml',
      mainPrice: 450,
      offerPrice: 349,
      stock: 5,
      weightGrams: null,
    },
  ],
  defaultVariantId: '1'.repeat(24),
};

describe('product form of a product with sizes or packs', () => {
  it('shows no price or stock fields, and says the variants set them', async () => {
    renderAdmin(<CategoryForm editing={withSizes} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Prices and stock of this product are set for each size or pack, in “Sizes and packs (variants)” below: shoppers pay the price of the variant they choose.',
    );
    for (const label of ['Main Price (₹)', 'Offer Price (₹)', 'Stock (units; empty = not counted)']) {
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    }
  });

  it('a product sold as one item keeps its own price and stock fields', async () => {
    renderAdmin(<CategoryForm editing={amla} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByLabelText('Offer Price (₹)')).toHaveValue(199);
    expect(screen.getByLabelText('Main Price (₹)')).toHaveValue(300);
    expect(screen.getByLabelText('Stock (units; empty = not counted)')).toHaveValue(15);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
