import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VARIANT_TEXTS, type Product } from '@kesh/shared';
import { mockFetch } from '../../../components/ui/test-utils';
import { LARGE, SMALL, inTwoSizes, productOf } from '../../../test/products';
import { renderAdmin } from '../testing';
import { VariantsEditor } from './VariantsEditor';

const ID = 'a'.repeat(24);
const SAVE = `PUT /api/main-category/${ID}/variants`;

const oil = productOf({ _id: ID, title: 'Amla Hair Oil', mainPrice: 250, offerPrice: 199 });
const sized = inTwoSizes(
  oil,
  { sku: 'AMLA-HAIR-OIL-100-ML', mainPrice: 250, offerPrice: 199 },
  { sku: 'AMLA-HAIR-OIL-200-ML', mainPrice: 250, offerPrice: 349 },
);

const editor = (product: Product | null, onSaved = vi.fn()) => {
  renderAdmin(<VariantsEditor product={product} onSaved={onSaved} />);
  return onSaved;
};
const cell = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

afterEach(() => vi.restoreAllMocks());

describe('sizes and packs editor', () => {
  it('asks for the product to be saved first', () => {
    editor(null);
    expect(screen.getByText('Save the product first, then choose Edit to add its sizes or packs.')).toBeInTheDocument();
  });

  it('adds an option, a row per size with a SKU and the product’s prices, and saves them all at once', async () => {
    const { calls } = mockFetch({ [SAVE]: { body: sized } });
    const onSaved = editor(oil);
    const user = userEvent.setup();
    expect(screen.getByText('No variants: the product is sold as one item.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option name' }), 'Size');
    await user.type(screen.getByRole('textbox', { name: 'Values, separated by commas' }), '100 ml, 200 ml');
    await user.click(screen.getByRole('button', { name: 'Add every missing combination' }));

    expect(screen.getByRole('textbox', { name: 'SKU, 200 ml' })).toHaveValue('AMLA-HAIR-OIL-200-ML');
    expect(cell('Offer price (₹), 100 ml')).toHaveValue(199);
    await user.clear(cell('Offer price (₹), 200 ml'));
    await user.type(cell('Offer price (₹), 200 ml'), '349');
    await user.type(cell('Stock, 200 ml'), '12');
    await user.click(screen.getByRole('button', { name: 'Save sizes and packs' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.key === SAVE)?.body).toEqual({
      options: [{ name: 'Size', values: ['100 ml', '200 ml'] }],
      variants: [
        {
          sku: 'AMLA-HAIR-OIL-100-ML',
          optionValues: ['100 ml'],
          mainPrice: '250',
          offerPrice: '199',
          stock: '',
          weightGrams: '',
        },
        {
          sku: 'AMLA-HAIR-OIL-200-ML',
          optionValues: ['200 ml'],
          mainPrice: '250',
          offerPrice: '349',
          stock: '12',
          weightGrams: '',
        },
      ],
    });
    expect(await screen.findByText('Sizes and packs of Amla Hair Oil saved.')).toBeInTheDocument();
    // The server's ids are kept: saving again updates these variants instead of adding them twice.
    await user.click(screen.getByRole('button', { name: 'Save sizes and packs' }));
    await waitFor(() => expect(calls.filter((c) => c.key === SAVE)).toHaveLength(2));
    const again = calls.filter((c) => c.key === SAVE)[1]?.body as { variants: { id?: string }[] };
    expect(again.variants.map((v) => v.id)).toEqual([SMALL, LARGE]);
  });

  it('reorders, and removes a variant that may have orders only when the owner confirms', async () => {
    const { calls } = mockFetch({ [SAVE]: { body: sized } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    editor(sized);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Move 100 ml up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move 200 ml up' }));
    const rows = within(screen.getByRole('region', { name: 'Variants' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Shown first');
    expect(within(rows[1] as HTMLElement).getByRole('combobox')).toHaveValue('200 ml');

    await user.click(screen.getByRole('button', { name: 'Remove 100 ml' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Remove 100 ml? Orders that bought it keep their lines and invoices; shoppers can no longer buy it.',
    );
    expect(screen.getByRole('button', { name: 'Remove 100 ml' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove 100 ml' }));
    expect(screen.queryByRole('button', { name: 'Remove 100 ml' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save sizes and packs' }));
    await waitFor(() => expect(calls.find((c) => c.key === SAVE)).toBeDefined());
    const body = calls.find((c) => c.key === SAVE)?.body as { variants: { id?: string }[] };
    expect(body.variants.map((v) => v.id)).toEqual([LARGE]);
  });

  it('keeps the rows of a value the owner corrects, and refuses what the server would refuse, sending nothing', async () => {
    const { calls } = mockFetch({});
    editor(sized);
    const user = userEvent.setup();
    // The last value retyped in place (its "0" becomes "5"), as one edit.
    fireEvent.change(screen.getByRole('textbox', { name: 'Values, separated by commas' }), {
      target: { value: '100 ml, 250 ml' },
    });
    expect(screen.getByRole('combobox', { name: 'Size, 250 ml' })).toHaveValue('250 ml');

    await user.clear(screen.getByRole('textbox', { name: 'SKU, 250 ml' }));
    await user.type(screen.getByRole('textbox', { name: 'SKU, 250 ml' }), 'AMLA-HAIR-OIL-100-ML');
    await user.click(screen.getByRole('button', { name: 'Save sizes and packs' }));
    expect(await screen.findByText(VARIANT_TEXTS.skuRepeated)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    mockFetch({ [SAVE]: { status: 400, body: { error: VARIANT_TEXTS.skuTaken } } });
    editor(sized);
    await userEvent.click(screen.getByRole('button', { name: 'Save sizes and packs' }));
    expect(await screen.findByText(VARIANT_TEXTS.skuTaken)).toBeInTheDocument();
  });
});
