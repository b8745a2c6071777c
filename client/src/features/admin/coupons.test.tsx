import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COUPON_TEXTS, type Coupon } from '@kesh/shared';
import { createCoupon, deleteCoupon, fetchCoupons, updateCoupon } from '../../api/coupons';
import { ApiError } from '../../api/http';
import CouponsPage from './pages/CouponsPage';
import { renderAdmin } from './testing';

vi.mock('../../api/coupons', () => ({
  fetchCoupons: vi.fn(),
  createCoupon: vi.fn(),
  updateCoupon: vi.fn(),
  deleteCoupon: vi.fn(),
}));

const DIWALI: Coupon = {
  _id: 'c1',
  code: 'DIWALI',
  kind: 'flat',
  percentOff: null,
  flatOffPaise: 10000,
  minOrderPaise: 99900,
  startsAt: '2026-10-31T18:30:00.000Z',
  endsAt: '2026-11-15T18:29:59.000Z',
  totalUses: 50,
  usesPerCustomer: 1,
  usedCount: 12,
  heldCount: 0,
  active: true,
  createdAt: '2026-10-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(fetchCoupons).mockResolvedValue([DIWALI]);
});

describe('admin Coupons page', () => {
  it('lists each coupon with its discount, minimum, dates and uses', async () => {
    renderAdmin(<CouponsPage />);
    const row = (await screen.findByRole('cell', { name: 'DIWALI' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'DIWALI',
      '₹100 off',
      '₹999',
      'from 1 Nov 2026 until 15 Nov 2026',
      '12 of 50',
      '1',
      'Active',
    ]);
  });

  it('says how many uses are only held by payments under way', async () => {
    vi.mocked(fetchCoupons).mockResolvedValue([{ ...DIWALI, usedCount: 13, heldCount: 2 }]);
    renderAdmin(<CouponsPage />);
    const row = (await screen.findByRole('cell', { name: 'DIWALI' })).closest('tr')!;
    expect(within(row).getByText('13 of 50', { exact: false }).textContent).toBe('13 of 50, 2 awaiting payment');
  });

  it('creates a percent coupon: rupees become paise and Indian days become instants', async () => {
    vi.mocked(createCoupon).mockResolvedValue({ ...DIWALI, message: COUPON_TEXTS.saved('SAVE10', 'added') });
    renderAdmin(<CouponsPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'save10');
    await user.type(screen.getByRole('spinbutton', { name: 'Percent' }), '10');
    await user.type(screen.getByRole('spinbutton', { name: 'Minimum order (₹)' }), '499.50');
    await user.type(screen.getByLabelText('Valid until (optional)'), '2026-12-31');
    await user.type(screen.getByRole('spinbutton', { name: 'Total uses (empty: no limit)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Add Coupon' }));
    expect(createCoupon).toHaveBeenCalledWith({
      code: 'save10',
      kind: 'percent',
      percentOff: 10,
      flatOffPaise: null,
      minOrderPaise: 49950,
      startsAt: null,
      endsAt: '2026-12-31T23:59:59+05:30',
      totalUses: 100,
      usesPerCustomer: 1,
      active: true,
    });
    expect(await screen.findByText('Coupon "SAVE10" added successfully!')).toBeInTheDocument();
  });

  it('edits a coupon from its row, pre-filled in rupees and Indian days', async () => {
    vi.mocked(updateCoupon).mockResolvedValue({ ...DIWALI, message: COUPON_TEXTS.saved('DIWALI', 'updated') });
    renderAdmin(<CouponsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit coupon DIWALI' }));
    expect(screen.getByRole('spinbutton', { name: 'Amount (₹)' })).toHaveValue(100);
    expect(screen.getByLabelText('Valid from (optional)')).toHaveValue('2026-11-01');
    await user.click(screen.getByRole('checkbox', { name: 'Active (shoppers can use it)' }));
    await user.click(screen.getByRole('button', { name: 'Update Coupon' }));
    expect(updateCoupon).toHaveBeenCalledWith(
      'c1',
      expect.objectContaining({
        kind: 'flat',
        flatOffPaise: 10000,
        minOrderPaise: 99900,
        startsAt: '2026-11-01T00:00:00+05:30',
        endsAt: '2026-11-15T23:59:59+05:30',
        active: false,
      }),
    );
  });

  it("shows the server's reason when a save is refused, and deletes after confirming", async () => {
    vi.mocked(createCoupon).mockRejectedValue(new ApiError('x', 409, COUPON_TEXTS.codeTaken));
    vi.mocked(deleteCoupon).mockResolvedValue({ ...DIWALI, message: COUPON_TEXTS.saved('DIWALI', 'deleted') });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin(<CouponsPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'DIWALI');
    await user.type(screen.getByRole('spinbutton', { name: 'Percent' }), '5');
    await user.click(screen.getByRole('button', { name: 'Add Coupon' }));
    expect(await screen.findByText(COUPON_TEXTS.codeTaken)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete coupon DIWALI' }));
    expect(deleteCoupon).toHaveBeenCalledWith('c1');
    expect(await screen.findByText('Coupon "DIWALI" deleted successfully!')).toBeInTheDocument();
  });
});
