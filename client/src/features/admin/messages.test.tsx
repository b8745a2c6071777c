import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactMessage, Page } from '@kesh/shared';
import { fetchMessagePage } from '../../api/admin';
import { ApiError } from '../../api/http';
import MessagesPage from './pages/MessagesPage';
import { renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({ fetchMessagePage: vi.fn() }));

const messageOn = (page: number): ContactMessage => ({
  _id: `m${page}`,
  name: 'Kiran Shah',
  email: 'kiran@example.com',
  phoneNo: '9898989898',
  subject: `Bulk order ${page}`,
  message: 'Do you ship 20 bottles of amla oil to Surat?',
  createdAt: '2026-11-20T06:00:00.000Z',
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(fetchMessagePage).mockImplementation(async (page): Promise<Page<ContactMessage>> => ({
    items: [messageOn(page)],
    page,
    limit: 25,
    total: 60,
  }));
});

describe('admin Messages page', () => {
  it('shows the newest page of the inbox and pages on to older messages', async () => {
    renderAdmin(<MessagesPage />, '/admin/messages');
    expect(await screen.findByRole('heading', { name: 'Bulk order 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '60 message(s), newest first' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(pager).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Bulk order 2' })).toBeInTheDocument();
    expect(fetchMessagePage).toHaveBeenLastCalledWith(2);
    expect(screen.getByText('Showing 26–50 of 60')).toBeInTheDocument();
  });

  it('opens the page the address names, with no link past the last', async () => {
    renderAdmin(<MessagesPage />, '/admin/messages?page=3');
    expect(await screen.findByRole('heading', { name: 'Bulk order 3' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/admin/messages?page=2');
  });

  it('says when there are no messages', async () => {
    vi.mocked(fetchMessagePage).mockResolvedValue({ items: [], page: 1, limit: 25, total: 0 });
    renderAdmin(<MessagesPage />, '/admin/messages');
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
  });

  it('says so when the inbox cannot be loaded', async () => {
    vi.mocked(fetchMessagePage).mockRejectedValue(new ApiError('Internal', 500, 'Internal'));
    renderAdmin(<MessagesPage />, '/admin/messages');
    // A server error is retried once before the owner is told.
    expect(await screen.findByText('Failed to fetch messages!', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
