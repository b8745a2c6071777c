import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type SalesStats } from '@kesh/shared';
import { fetchSalesStats } from '../../api/admin';
import { ApiError } from '../../api/http';
import { SalesOverview } from './components/SalesOverview';
import { renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({ fetchSalesStats: vi.fn() }));
// The chart draws on a canvas (uPlot), which jsdom has not: its numbers are in the table below it.
vi.mock('./components/RevenueChart', () => ({ default: () => <div /> }));

const statsFor = (days: number): SalesStats => ({
  days,
  from: '2026-11-08',
  to: '2026-12-07',
  perDay: [
    { day: '2026-12-06', orders: 1234, revenuePaise: 98_76_543_21 },
    { day: '2026-12-07', orders: 0, revenuePaise: 0 },
  ],
  totals: {
    revenuePaise: 4_06_49_41_02,
    orders: days === 365 ? 1_23_456 : 5328,
    averageOrderValuePaise: 76_294,
    payingCustomers: 4812,
  },
  topProducts: [
    { productId: 'p1', title: 'Bhringraj Hair Oil', quantity: 12_345, revenuePaise: 12_34_567_00, variant: null },
  ],
  refunds: { count: 1104, amountPaise: 1_48_480_78, failed: 2 },
});

/** The figure a card shows under its label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(fetchSalesStats).mockImplementation(async (days) => statsFor(days));
});

describe('admin dashboard: sales', () => {
  it('shows the last 30 days: totals, counts grouped the Indian way, top products and refunds', async () => {
    renderAdmin(<SalesOverview />, '/admin/dashboard');
    expect(await screen.findByText('Revenue (after refunds)', { selector: 'dt' })).toBeInTheDocument();
    expect(fetchSalesStats).toHaveBeenCalledWith(30);
    expect(figure('Revenue (after refunds)')).toBe('₹40,64,941.02');
    expect(figure('Orders')).toBe('5,328');
    expect(figure('Average order value')).toBe('₹762.94');
    expect(figure('Paying customers')).toBe('4,812');
    expect(figure('Amount refunded')).toBe('₹1,48,480.78');
    expect(figure('Refunded orders')).toBe('1,104');
    expect(figure('Failed refunds')).toBe('2');
    const top = screen.getByRole('region', { name: 'Top products by revenue' });
    expect(within(top).getByRole('row', { name: /Bhringraj Hair Oil/ })).toHaveTextContent('12,345₹12,34,567');
    // The chart's numbers, for screen readers: a day's revenue and orders.
    const perDay = screen.getByRole('table', { name: 'Revenue and orders per day' });
    expect(within(perDay).getByRole('row', { name: /6 Dec 2026/ })).toHaveTextContent('₹98,76,543.211,234');
  });

  it('asks for the period the owner picks', async () => {
    renderAdmin(<SalesOverview />, '/admin/dashboard');
    await screen.findByText('5,328');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 365 days');
    expect(await screen.findByText('1,23,456')).toBeInTheDocument();
    expect(fetchSalesStats).toHaveBeenLastCalledWith(365);
  });

  it("says why the figures did not load, in the server's words", async () => {
    vi.mocked(fetchSalesStats).mockRejectedValue(new ApiError('bad', 400, MESSAGES.invalidDays));
    renderAdmin(<SalesOverview />, '/admin/dashboard');
    expect(
      await screen.findByText(`Failed to load sales: ${MESSAGES.invalidDays}`, {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
