import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { MESSAGES, STORAGE_KEYS, VERIFY_TEXTS, type Order, type UserProfile } from '@kesh/shared';
import { SessionProvider } from '../../state/session';
import {
  addAddress,
  fetchUser,
  logout,
  logoutEverywhere,
  removeAddress,
  resendEmailCode,
  verifyEmail,
} from '../../api/auth';
import { cancelMyOrder, downloadInvoice, fetchMyOrders } from '../../api/payments';
import { ApiError } from '../../api/http';
import DashboardPage from './DashboardPage';

vi.mock('../../api/auth', () => ({
  fetchUser: vi.fn(),
  addAddress: vi.fn(),
  removeAddress: vi.fn(),
  logout: vi.fn(),
  logoutEverywhere: vi.fn(),
  verifyEmail: vi.fn(),
  resendEmailCode: vi.fn(),
}));
vi.mock('../../api/payments', () => ({ fetchMyOrders: vi.fn(), cancelMyOrder: vi.fn(), downloadInvoice: vi.fn() }));
vi.mock('../../api/shop', () => ({ fetchShop: vi.fn(() => new Promise(() => {})) }));

const profile = (over: Partial<UserProfile> = {}): UserProfile => ({
  _id: 'u1',
  username: 'asha',
  email: 'asha@example.com',
  contact: '9876543210',
  address: null,
  ...over,
});

function renderDashboard({ expiry = Date.now() + 60_000, username = 'asha' } = {}) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ username, token: 'tok', userId: 'u1', expiry }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/userdashbord']}>
          <Routes>
            <Route path="/" element={<p>Home page</p>} />
            <Route path="/userdashbord" element={<DashboardPage />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const dialog = () => screen.getByRole('dialog');
const field = (name: string) => within(dialog()).getByRole('textbox', { name });
const stateList = () => within(dialog()).getByRole('combobox', { name: 'State' });

describe('DashboardPage profile', () => {
  beforeEach(() => vi.resetAllMocks());

  it("greets 'User' and shows N/A and Not set when details are missing", async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile({ username: '', email: '', contact: '' }));
    renderDashboard({ username: '' });
    expect(await screen.findByText('Not set')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello, User!' })).toBeInTheDocument();
    expect(screen.getAllByText('N/A')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add Address' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('adds an address from the five fields and shows the server message', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile());
    vi.mocked(addAddress).mockResolvedValue({
      address: '12 MG Road, Rajkot, Gujarat, India, 360001',
      message: 'Address saved successfully',
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add Address' })).toBeInTheDocument();

    await userEvent.type(field('Street'), '12 MG Road');
    await userEvent.type(field('City'), 'Rajkot');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Address' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Please fill all address fields.');
    expect(addAddress).not.toHaveBeenCalled();

    expect(field('Country')).toHaveValue('India');
    await userEvent.selectOptions(stateList(), 'Gujarat');
    await userEvent.type(field('Zip Code'), '060001');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Address' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Please enter a valid 6-digit PIN code (it cannot start with 0).',
    );
    expect(field('Zip Code')).toHaveAccessibleDescription(
      'Please enter a valid 6-digit PIN code (it cannot start with 0).',
    );
    expect(addAddress).not.toHaveBeenCalled();

    await userEvent.clear(field('Zip Code'));
    await userEvent.type(field('Zip Code'), '360001');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Address' }));
    expect(addAddress).toHaveBeenCalledWith('tok', '12 MG Road, Rajkot, Gujarat, India, 360001');
    expect(await screen.findByText('Address saved successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Rajkot, Gujarat, India, 360001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it("splits a saved address of five or more parts on ', ' when changing it", async () => {
    vi.mocked(fetchUser).mockResolvedValue(
      profile({ address: 'Flat 4, Shanti Nagar, Rajkot, Gujarat, India, 360005' }),
    );
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    expect(within(dialog()).getByRole('heading', { name: 'Change Address' })).toBeInTheDocument();
    expect(field('Street')).toHaveValue('Flat 4, Shanti Nagar');
    expect(field('City')).toHaveValue('Rajkot');
    expect(stateList()).toHaveValue('Gujarat');
    expect(field('Country')).toHaveValue('India');
    expect(field('Zip Code')).toHaveValue('360005');
    expect(within(dialog()).getByRole('button', { name: 'Update Address' })).toBeInTheDocument();
  });

  it('asks for a state from the list when an old address names one that is not on it', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile({ address: '14 Kalawad Road, Rajkot, Guj, India, 360005' }));
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    expect(stateList()).toHaveValue('Guj');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Update Address' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Please choose a state or union territory of India from the list.',
    );
    expect(addAddress).not.toHaveBeenCalled();
  });

  it('takes a free-text state and postal code outside India', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile());
    vi.mocked(addAddress).mockResolvedValue({ address: 'x', message: 'Address saved successfully' });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    await userEvent.type(field('Street'), '3 Durbar Marg');
    await userEvent.type(field('City'), 'Kathmandu');
    await userEvent.clear(field('Country'));
    await userEvent.type(field('Country'), 'Nepal');
    await userEvent.type(field('State'), 'Bagmati');
    await userEvent.type(field('Zip Code'), '44600');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save Address' }));
    expect(addAddress).toHaveBeenCalledWith('tok', '3 Durbar Marg, Kathmandu, Bagmati, Nepal, 44600');
  });

  it('puts an address of fewer than five parts wholly in the street field', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile({ address: 'Near Kotecha Chowk, Rajkot' }));
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    expect(field('Street')).toHaveValue('Near Kotecha Chowk, Rajkot');
    for (const name of ['City', 'State', 'Country', 'Zip Code']) expect(field(name)).toHaveValue('');
  });

  it("shows 'Saving...' while saving and the fallback text when saving fails", async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile({ address: 'A, B, C, D, 1' }));
    let fail: (err: unknown) => void = () => {};
    vi.mocked(addAddress).mockReturnValue(new Promise((_, reject) => (fail = reject)));
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Update Address' }));
    expect(within(dialog()).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    fail(new ApiError('HTTP 500', 500));
    expect(await screen.findByText('Failed to add/update address')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Update Address' })).toBeEnabled();
  });

  it('clears the fields when the modal is closed', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile());
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    await userEvent.type(field('Street'), 'Something');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(field('Street')).toHaveValue('');
  });

  it('removes the address after confirmation', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile({ address: 'A, B, C, D, 1' }));
    vi.mocked(removeAddress).mockResolvedValue({ address: null, message: 'Address removed successfully' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to remove your address?');
    expect(removeAddress).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Address removed successfully')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
  });

  it('logs out and goes home on a 401 for user details', async () => {
    vi.mocked(fetchUser).mockRejectedValue(new ApiError('Unauthorized', 401));
    renderDashboard();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('goes home with an expired session', () => {
    renderDashboard({ expiry: Date.now() - 1 });
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('logs out with the Logout button, ending the session on the server first', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile());
    vi.mocked(logout).mockResolvedValue({ message: 'You have been logged out.', success: true });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(logout).toHaveBeenCalledWith('tok');
    expect(logoutEverywhere).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('still logs out in the browser when the server cannot be reached', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile());
    vi.mocked(logout).mockRejectedValue(new ApiError('Network error', 0, undefined, undefined, true));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('logs out on every device with "Log out everywhere"', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile());
    vi.mocked(logoutEverywhere).mockResolvedValue({ message: 'done', success: true });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(logoutEverywhere).toHaveBeenCalledWith('tok');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

const order = (over: Partial<Order>): Order => ({
  _id: '665f1c2e9b1e8a0012abcdef',
  userId: 'u1',
  status: 'Processing',
  createdAt: '2025-08-24T10:00:00.000Z',
  updatedAt: '2025-08-24T10:00:00.000Z',
  totalAmount: 598,
  userDetails: {
    username: 'asha',
    email: 'asha@example.com',
    contact: '9876543210',
    address: '12 MG Road, Rajkot, Gujarat - 360001',
  },
  products: [
    { productId: { _id: 'p1', title: 'Bhringraj Hair Oil' }, title: 'Bhringraj Hair Oil', quantity: 2, price: 299 },
  ],
  razorpayOrderId: 'order_1',
  razorpayPaymentId: 'pay_1',
  ...over,
});

describe('DashboardPage orders', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(fetchUser).mockResolvedValue(profile());
  });

  it('lists orders with the last 8 characters of the id, en-IN dates and coloured status badges', async () => {
    vi.mocked(fetchMyOrders).mockResolvedValue([
      order({}),
      order({ _id: '665f1c2e9b1e8a0012ab0002', status: 'Dispatched' }),
      order({
        _id: '665f1c2e9b1e8a0012ab0003',
        status: 'Delivered',
        totalAmount: 10,
        products: [{ productId: null, title: '', quantity: 1, price: 10 }],
      }),
    ]);
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order ID', 'Products', 'Total', 'Address', 'Status', 'Date', 'Details']);
    expect(within(table).getByText('#12abcdef')).toBeInTheDocument();
    expect(within(table).getAllByText('24 Aug 2025')).toHaveLength(3);
    expect(within(table).getByText('Processing')).toHaveClass('bg-yellow-100');
    expect(within(table).getByText('Dispatched')).toHaveClass('bg-blue-100');
    expect(within(table).getByText('Delivered')).toHaveClass('bg-green-100');
    expect(within(table).getByText('Unknown Product')).toBeInTheDocument();
    expect(within(table).getAllByText('₹598')).toHaveLength(2);
  });

  it('shows the coupon an order used and what it took off, beside the total', async () => {
    vi.mocked(fetchMyOrders).mockResolvedValue([
      order({ coupon: 'DIWALI10', discountPaise: 6650, discount: 66.5, totalAmount: 598.5 }),
      order({ _id: '665f1c2e9b1e8a0012ab0002' }),
    ]);
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Coupon DIWALI10: −₹66.50')).toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent('Coupon');
  });

  it('shows the timeline and tracking link, and the refund before the shopper confirms a cancel', async () => {
    const processing = order({
      cancellation: {
        refundPaise: 53820,
        feePaise: 5980,
        refundAmount: 538.2,
        fee: 59.8,
        freeUntil: '2025-08-25T10:00:00.000Z',
      },
      timeline: [{ status: 'Processing', at: '2025-08-24T10:00:00.000Z' }],
    });
    const dispatched = order({
      _id: '665f1c2e9b1e8a0012ab0002',
      status: 'Dispatched',
      cancellation: null,
      shipment: { courier: 'Delhivery', trackingNumber: 'DLV1', trackingUrl: 'https://track.example/DLV1' },
      timeline: [
        { status: 'Processing', at: '2025-08-24T10:00:00.000Z' },
        { status: 'Dispatched', at: '2025-08-25T09:00:00.000Z' },
      ],
    });
    vi.mocked(fetchMyOrders).mockResolvedValue([processing, dispatched]);
    vi.mocked(cancelMyOrder).mockResolvedValue({ message: 'ok', order: { ...processing, status: 'Cancelled' } });
    vi.mocked(downloadInvoice).mockResolvedValue();
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
    await screen.findByRole('table');

    expect(screen.getByRole('link', { name: 'Track parcel' })).toHaveAttribute('href', 'https://track.example/DLV1');
    expect(screen.getByText('Delhivery · DLV1')).toBeInTheDocument();
    expect(screen.getAllByRole('list', { name: 'Order timeline' })[1]).toHaveTextContent(/Processing.*Dispatched/);
    // Only the Processing order can be cancelled.
    expect(screen.getAllByRole('button', { name: 'Cancel order' })).toHaveLength(1);

    await userEvent.click(screen.getAllByRole('button', { name: 'Download invoice' })[1]!);
    expect(downloadInvoice).toHaveBeenCalledWith('tok', '665f1c2e9b1e8a0012ab0002');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel order #12abcdef?' });
    expect(confirm).toHaveTextContent('a 10% cancellation fee of ₹59.80 applies: you get back ₹538.20');
    expect(cancelMyOrder).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(cancelMyOrder).toHaveBeenCalledWith('tok', '665f1c2e9b1e8a0012abcdef');
    expect(await screen.findByText('Your order has been cancelled.')).toBeInTheDocument();
  });

  it('tells a cash-on-delivery shopper what to pay and that cancelling costs nothing', async () => {
    const cod = order({
      paymentMethod: 'cod',
      razorpayOrderId: null,
      razorpayPaymentId: null,
      paidAt: null,
      totalAmount: 647,
      cancellation: { refundPaise: 0, feePaise: 0, refundAmount: 0, fee: 0, freeUntil: '2025-08-25T10:00:00.000Z' },
    });
    vi.mocked(fetchMyOrders).mockResolvedValue([cod]);
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
    expect(await screen.findByText('Cash on delivery: pay ₹647 when it arrives')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel order #12abcdef?' });
    expect(confirm).toHaveTextContent(
      'Nothing has been paid for this cash-on-delivery order, so cancelling it costs nothing.',
    );
    expect(confirm).not.toHaveTextContent('Refunds go to your original payment method');
  });

  it('shows the empty texts', async () => {
    vi.mocked(fetchMyOrders).mockResolvedValue([]);
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.getByText('Your order history will appear here once you make a purchase.')).toBeInTheDocument();
  });

  it('alerts the reason when orders fail to load', async () => {
    vi.mocked(fetchMyOrders).mockRejectedValue(new ApiError('x', 500, 'Database unavailable'));
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
    expect(await screen.findByText('Failed to fetch orders: Database unavailable')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    vi.mocked(fetchMyOrders).mockResolvedValue([]);
    renderDashboard();
    const profileTab = await screen.findByRole('tab', { name: 'Profile' });
    expect(profileTab).toHaveAttribute('aria-selected', 'true');
    profileTab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'Orders' })).toBeInTheDocument());
  });
});

describe('DashboardPage e-mail confirmation banner', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(fetchMyOrders).mockResolvedValue([]);
  });
  const codeBox = () => screen.getByRole('textbox', { name: 'Code from the e-mail' });

  it('is not shown for a confirmed address', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile({ emailVerified: true }));
    renderDashboard();
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Please confirm your e-mail address' })).not.toBeInTheDocument();
  });

  it('takes the mailed code, says what a wrong one means, and thanks the shopper', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile({ emailVerified: false }));
    vi.mocked(verifyEmail)
      .mockRejectedValueOnce(new ApiError(MESSAGES.otpInvalid, 400, MESSAGES.otpInvalid))
      .mockResolvedValueOnce({ message: VERIFY_TEXTS.emailVerified, emailVerified: true });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Please confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.type(codeBox(), '12a3456');
    expect(codeBox()).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code is wrong or has expired. Check the newest mail, or send a new code.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you, your e-mail address is confirmed.');
    expect(screen.queryByRole('textbox', { name: 'Code from the e-mail' })).not.toBeInTheDocument();
    expect(verifyEmail).toHaveBeenLastCalledWith('tok', '123456');
  });

  it('sends a new code, and says when the day’s codes are used up', async () => {
    vi.mocked(fetchUser).mockResolvedValue(profile({ emailVerified: false }));
    vi.mocked(resendEmailCode)
      .mockResolvedValueOnce({ message: VERIFY_TEXTS.codeSent, emailVerified: false })
      .mockRejectedValueOnce(new ApiError(VERIFY_TEXTS.tooManyCodes, 429, VERIFY_TEXTS.tooManyCodes));
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a new code to your e-mail address.');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have asked for 5 codes today. Please use the last code we sent, or ask again tomorrow.',
    );
  });
});
