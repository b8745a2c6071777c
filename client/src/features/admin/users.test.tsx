import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type AdminUserPage, type AdminUserRow } from '@kesh/shared';
import { fetchUserPage } from '../../api/admin';
import { ApiError } from '../../api/http';
import UsersPage from './pages/UsersPage';
import { renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({ fetchUserPage: vi.fn() }));

const KIRAN: AdminUserRow = {
  _id: 'u1',
  username: 'Kiran Shah',
  email: 'kiran@example.com',
  contact: '9898012345',
  createdAt: '2026-03-05T06:00:00.000Z',
};
const ANJALI: AdminUserRow = { ...KIRAN, _id: 'u2', username: 'Anjali Shah', email: 'anjali@example.org' };

const pageOf = (items: AdminUserRow[], page = 1, total = 20_000, totalCapped = false): AdminUserPage => ({
  items,
  page,
  limit: 25,
  total,
  totalCapped,
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(fetchUserPage).mockImplementation(async ({ q, page }) =>
    q ? pageOf([KIRAN, ANJALI], page, 2) : pageOf([KIRAN], page),
  );
});

describe('admin Users page', () => {
  it('shows the newest page of accounts, how many there are and where the owner is', async () => {
    renderAdmin(<UsersPage />, '/admin/usermanagment');
    const row = (await screen.findByRole('cell', { name: 'Kiran Shah' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Kiran Shah', 'kiran@example.com', 'Confirmed', '9898012345', '5 Mar 2026']);
    expect(screen.getByRole('heading', { name: 'Registered Users (20,000)' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Showing 1–25 of 20,000')).toBeInTheDocument();
    expect(within(pager).getByText('Page 1 of 800')).toBeInTheDocument();
    expect(fetchUserPage).toHaveBeenCalledWith({ q: '', page: 1 });
  });

  it('searches from page 1 and pages through the matches, keeping the search', async () => {
    vi.mocked(fetchUserPage).mockImplementation(async ({ q, page }) =>
      q ? pageOf(page === 1 ? [KIRAN] : [ANJALI], page, 30) : pageOf([KIRAN], page),
    );
    renderAdmin(<UsersPage />, '/admin/usermanagment?page=4');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search users' }), ' shah ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: '30 accounts match “shah”' })).toBeInTheDocument();
    expect(fetchUserPage).toHaveBeenLastCalledWith({ q: 'shah', page: 1 });
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'Anjali Shah' })).toBeInTheDocument();
    expect(fetchUserPage).toHaveBeenLastCalledWith({ q: 'shah', page: 2 });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('shah');
  });

  it('shows no rows of the last list while a new search loads', async () => {
    renderAdmin(<UsersPage />, '/admin/usermanagment');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'Kiran Shah' });
    vi.mocked(fetchUserPage).mockReturnValue(new Promise(() => undefined));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zz');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Kiran Shah' })).not.toBeInTheDocument();
  });

  it('opens the search and page the address names', async () => {
    renderAdmin(<UsersPage />, '/admin/usermanagment?q=kiran&page=3');
    expect(await screen.findByRole('searchbox', { name: 'Search users' })).toHaveValue('kiran');
    expect(fetchUserPage).toHaveBeenCalledWith({ q: 'kiran', page: 3 });
  });

  it('clears the search back to every account', async () => {
    renderAdmin(<UsersPage />, '/admin/usermanagment?q=shah');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('heading', { name: 'Registered Users (20,000)' })).toBeInTheDocument();
    expect(fetchUserPage).toHaveBeenLastCalledWith({ q: '', page: 1 });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it('says when a search matches more accounts than were counted', async () => {
    vi.mocked(fetchUserPage).mockResolvedValue(pageOf([KIRAN], 1, 1000, true));
    renderAdmin(<UsersPage />, '/admin/usermanagment?q=pa');
    expect(
      await screen.findByRole('heading', {
        name: 'More than 1,000 accounts match “pa”: type more of the name, e-mail or number to narrow them',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 40')).toBeInTheDocument();
  });

  it('says when no account matches', async () => {
    vi.mocked(fetchUserPage).mockResolvedValue(pageOf([], 1, 0));
    renderAdmin(<UsersPage />, '/admin/usermanagment?q=zz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '0 accounts match “zz”' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it("shows the spec's failure text when the list cannot be loaded", async () => {
    vi.mocked(fetchUserPage).mockRejectedValue(new ApiError('Internal', 500, 'Internal'));
    renderAdmin(<UsersPage />, '/admin/usermanagment');
    // A server error is retried once before the owner is told.
    expect(await screen.findByText(MESSAGES.usersFetchFailed, {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
