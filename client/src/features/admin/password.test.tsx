import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ADMIN_PASSWORD_MESSAGES, PASSWORD_CHANGE_REQUIRED, STORAGE_KEYS, type LanguageCode } from '@kesh/shared';
import { adminLogin, changeAdminPassword, fetchUserPage } from '../../api/admin';
import { ApiError } from '../../api/http';
import { LanguageContext } from '../../i18n';
import AdminApp from './AdminApp';
import UsersPage from './pages/UsersPage';
import { AdminSessionProvider } from './session';

vi.mock('../../api/admin', () => ({
  adminLogin: vi.fn(),
  adminLogout: vi.fn(() => Promise.resolve()),
  changeAdminPassword: vi.fn(),
  fetchUserPage: vi.fn(),
}));

function renderAt(path: string, language: LanguageCode = 'en') {
  return render(
    <LanguageContext value={language}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/*" element={<AdminApp />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </LanguageContext>,
  );
}

const refusal = () =>
  new ApiError(ADMIN_PASSWORD_MESSAGES.changeRequired, 403, ADMIN_PASSWORD_MESSAGES.changeRequired, undefined, false, {
    error: ADMIN_PASSWORD_MESSAGES.changeRequired,
    code: PASSWORD_CHANGE_REQUIRED,
  });

async function fillIn(u: ReturnType<typeof userEvent.setup>, current: string, next: string, repeated = next) {
  if (current) await u.type(screen.getByLabelText('Current password'), current);
  if (next) await u.type(screen.getByLabelText('New password'), next);
  if (repeated) await u.type(screen.getByLabelText('Repeat the new password'), repeated);
  await u.click(screen.getByRole('button', { name: 'Change password' }));
}

beforeEach(() => {
  vi.mocked(adminLogin).mockReset();
  vi.mocked(changeAdminPassword).mockReset();
  vi.mocked(fetchUserPage).mockReset();
});

describe('the first login with the published password', () => {
  it('opens the change-password screen instead of the dashboard, and keeps every other screen shut', async () => {
    vi.mocked(adminLogin).mockResolvedValue({
      success: true,
      token: 'pending-jwt',
      message: 'Login successful',
      mustChangePassword: true,
    });
    const u = userEvent.setup();
    const { unmount } = renderAt('/admin');
    await u.type(screen.getByLabelText('Username'), 'admin');
    await u.type(screen.getByLabelText('Password'), 'admin12345');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText(/You signed in with the published default password/)).toBeInTheDocument();
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();

    // A reload on another admin path still lands here.
    unmount();
    renderAt('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });

  it('checks the form before sending it: both fields, the length, the repeat', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'pending-jwt');
    const u = userEvent.setup();
    renderAt('/admin/password');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await fillIn(u, '', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_PASSWORD_MESSAGES.fieldsRequired);
    await fillIn(u, 'admin12345', 'short', 'short');
    expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_PASSWORD_MESSAGES.tooShort);
    await u.clear(screen.getByLabelText('New password'));
    await u.clear(screen.getByLabelText('Repeat the new password'));
    await fillIn(u, '', 'rajkot-amla-2026', 'rajkot-amla-2025');
    expect(screen.getByRole('alert')).toHaveTextContent('The two new passwords differ.');
    expect(changeAdminPassword).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, then on success stores the new token and opens the dashboard", async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'pending-jwt');
    localStorage.setItem('adminPasswordChangeRequired', 'true');
    vi.mocked(changeAdminPassword)
      .mockRejectedValueOnce(new ApiError('x', 400, ADMIN_PASSWORD_MESSAGES.published))
      .mockResolvedValueOnce({ success: true, token: 'fresh-jwt', message: ADMIN_PASSWORD_MESSAGES.changed });
    const u = userEvent.setup();
    renderAt('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await fillIn(u, 'admin12345', 'admin12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_PASSWORD_MESSAGES.published);
    await u.clear(screen.getByLabelText('Current password'));
    await u.clear(screen.getByLabelText('New password'));
    await u.clear(screen.getByLabelText('Repeat the new password'));
    await fillIn(u, 'admin12345', 'rajkot-amla-2026');
    // The dashboard's code loads on demand: slow on a busy machine.
    const dashboard = await screen.findByRole(
      'heading',
      { name: 'Welcome to the Admin Dashboard' },
      { timeout: 10_000 },
    );
    expect(dashboard).toBeInTheDocument();
    expect(changeAdminPassword).toHaveBeenLastCalledWith({
      currentPassword: 'admin12345',
      newPassword: 'rajkot-amla-2026',
    });
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('fresh-jwt');
    expect(localStorage.getItem('adminPasswordChangeRequired')).toBeNull();
  });

  it('opens the change screen when the server refuses a screen until the password is changed', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'pending-jwt');
    vi.mocked(fetchUserPage).mockRejectedValue(refusal());
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/admin/usermanagment']}>
          <AdminSessionProvider>
            <Routes>
              <Route path="/admin/password" element={<p>change screen</p>} />
              <Route path="*" element={<UsersPage />} />
            </Routes>
          </AdminSessionProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('change screen')).toBeInTheDocument();
    expect(localStorage.getItem('adminPasswordChangeRequired')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('pending-jwt');
  });

  it.each([
    ['hi', 'नया पासवर्ड चुनें', 'पासवर्ड बदलें', 'मौजूदा पासवर्ड गलत है।'],
    ['mr', 'नवीन पासवर्ड निवडा', 'पासवर्ड बदला', 'सध्याचा पासवर्ड चुकीचा आहे.'],
    ['gu', 'નવો પાસવર્ડ પસંદ કરો', 'પાસવર્ડ બદલો', 'હાલનો પાસવર્ડ ખોટો છે.'],
  ] as const)('speaks %s, the server refusals included', async (language, title, submit, wrongCurrent) => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'pending-jwt');
    vi.mocked(changeAdminPassword).mockRejectedValue(new ApiError('x', 400, ADMIN_PASSWORD_MESSAGES.wrongCurrent));
    const u = userEvent.setup();
    renderAt('/admin/password', language);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    const inputs = document.querySelectorAll('input[type="password"]');
    for (const [i, value] of ['wrong-current', 'rajkot-amla-2026', 'rajkot-amla-2026'].entries()) {
      await u.type(inputs[i] as HTMLInputElement, value);
    }
    await u.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wrongCurrent);
  });
});
