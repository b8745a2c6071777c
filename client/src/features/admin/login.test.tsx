import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MESSAGES, STORAGE_KEYS } from '@kesh/shared';
import { adminLogin } from '../../api/admin';
import { ApiError } from '../../api/http';
import AdminApp from './AdminApp';

vi.mock('../../api/admin', () => ({ adminLogin: vi.fn(), adminLogout: vi.fn() }));

/**
 * The dashboard is a lazily loaded screen: on a shared 2-core machine under load its first import
 * and render took 1.2 s after the login answered, past findBy's default 1 s. Wait for it as long
 * as the test may run (20 s) rather than for a fixed short time.
 */
const LAZY_SCREEN_LOADED = { timeout: 19_000 };

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(adminLogin).mockReset();
});

describe('admin login and guard', () => {
  it('sends every admin path to the login screen when no token is stored', async () => {
    renderAt('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
  });

  it("shows the server's message, or 'Something went wrong!' when there is none", async () => {
    vi.mocked(adminLogin)
      .mockRejectedValueOnce(new ApiError('bad', 401, 'Invalid username or password.', 'Invalid username or password.'))
      .mockRejectedValueOnce(new ApiError('Network error', 0, undefined, undefined, true));
    const u = userEvent.setup();
    renderAt('/admin');
    await u.type(screen.getByLabelText('Username'), 'owner');
    await u.type(screen.getByLabelText('Password'), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.adminLoginFallback);
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it("says 'Logging in...' while busy, then stores the token and opens the dashboard", async () => {
    let finish: () => void = () => undefined;
    vi.mocked(adminLogin).mockImplementation(
      () =>
        new Promise(
          (resolve) => (finish = () => resolve({ success: true, token: 'admin-jwt', message: 'Login successful' })),
        ),
    );
    const u = userEvent.setup();
    renderAt('/admin');
    await u.type(screen.getByLabelText('Username'), 'owner');
    await u.type(screen.getByLabelText('Password'), 'right');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    finish();
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the Admin Dashboard' }, LAZY_SCREEN_LOADED),
    ).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('admin-jwt');
    expect(adminLogin).toHaveBeenCalledWith({ username: 'owner', password: 'right' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
});
