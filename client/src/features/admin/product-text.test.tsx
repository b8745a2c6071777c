import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@kesh/shared';
import { addCategory, updateCategory } from '../../api/admin';
import { CategoryForm } from './components/CategoryForm';
import { renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({ addCategory: vi.fn(), updateCategory: vi.fn() }));

const amla = {
  _id: 'p1',
  title: 'Amla hair oil',
  subtitle: 'Cold pressed',
  description: 'Strong roots.',
  benefits: ['Less hair fall'],
  imageAlt: '',
  translations: { gu: { title: 'આમળા વાળનું તેલ', subtitle: 'ઠંડું', description: 'મજબૂત મૂળ.' } },
  mainPrice: 300,
  offerPrice: null,
  ratingCount: 0,
  image: null,
  imageSrcSet: null,
  createdAt: '',
  updatedAt: '',
} as Product;

const user = () => userEvent.setup();
const sent = (mock: typeof addCategory | typeof updateCategory) => {
  const form = vi.mocked(mock).mock.calls[0]!.at(-1) as FormData;
  return Object.fromEntries(form.entries());
};

beforeEach(() => {
  vi.mocked(addCategory).mockReset().mockResolvedValue(amla);
  vi.mocked(updateCategory).mockReset().mockResolvedValue(amla);
});

describe('product form: a tab per language', () => {
  it('sends the text typed in each tab with the product', async () => {
    const u = user();
    renderAdmin(<CategoryForm editing={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await u.type(screen.getByLabelText(/^Title/), 'Amla hair oil');
    await u.type(screen.getByLabelText('Benefits (one per line)'), 'Strong roots{Enter}Less fall');
    await u.click(screen.getByRole('tab', { name: /ગુજરાતી/ }));
    await u.type(screen.getByLabelText('Title', { selector: '#text-gu-title' }), 'આમળા વાળનું તેલ');
    await u.click(screen.getByRole('tab', { name: /हिन्दी/ }));
    await u.type(screen.getByLabelText('Title', { selector: '#text-hi-title' }), 'आंवला तेल');
    await u.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(sent(addCategory)).toMatchObject({
      title: 'Amla hair oil',
      benefits: 'Strong roots\nLess fall',
      imageAlt: '',
      'text.gu': JSON.stringify({ title: 'આમળા વાળનું તેલ' }),
      'text.hi': JSON.stringify({ title: 'आंवला तेल' }),
      'text.mr': '{}',
    });
    // The form starts empty again for the next product, its tabs too.
    await u.click(screen.getByRole('tab', { name: /ગુજરાતી/ }));
    expect(screen.getByLabelText('Title', { selector: '#text-gu-title' })).toHaveValue('');
  });

  it('marks each language by the fields it lacks and each field shown in English', async () => {
    const u = user();
    renderAdmin(<CategoryForm editing={amla} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('tab', { name: /ગુજરાતી/ })).toHaveTextContent('1 missing');
    expect(screen.getByRole('tab', { name: /हिन्दी/ })).toHaveTextContent('4 missing');
    await u.click(screen.getByRole('tab', { name: /ગુજરાતી/ }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByLabelText('Title')).toHaveValue('આમળા વાળનું તેલ');
    expect(within(panel).getByLabelText('Benefits (one per line)')).toHaveAccessibleDescription(
      'Not translated: shoppers see the English text.',
    );
    await u.type(within(panel).getByLabelText('Benefits (one per line)'), 'મજબૂત મૂળ');
    expect(screen.getByRole('tab', { name: /ગુજરાતી/ })).toHaveTextContent('complete');
  });

  it('refuses text longer than the server takes, with its message, and sends nothing', async () => {
    const u = user();
    renderAdmin(<CategoryForm editing={amla} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await u.click(screen.getByRole('tab', { name: /मराठी/ }));
    await u.click(screen.getByLabelText('Title', { selector: '#text-mr-title' }));
    await u.paste('क'.repeat(201));
    await u.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('The Marathi title must be at most 200 characters.')).toBeInTheDocument();
    expect(updateCategory).not.toHaveBeenCalled();
  });
});
