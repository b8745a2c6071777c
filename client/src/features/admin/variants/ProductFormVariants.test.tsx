import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { inTwoSizes, productOf } from '../../../test/products';
import { CategoryForm } from '../components/CategoryForm';
import { renderAdmin } from '../testing';

vi.mock('../../../api/admin', () => ({ addCategory: vi.fn(), updateCategory: vi.fn() }));

const amla = productOf({ _id: 'p1', title: 'Amla hair oil', mainPrice: 300, offerPrice: 199, stock: 15 });
const withSizes = inTwoSizes(
  amla,
  { sku: 'A-100', mainPrice: 300, offerPrice: 199, stock: 10 },
  { sku: 'A-200', mainPrice: 450, offerPrice: 349, stock: 5 },
);

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
