import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { STORAGE_KEYS } from '@kesh/shared';
import { AdminSessionProvider } from './session';

/** Renders an admin screen as a signed-in owner sees it: router, query cache, session, toasts. */
export function renderAdmin(ui: ReactNode, path = '/admin/screen') {
  localStorage.setItem(STORAGE_KEYS.adminToken, 'test-admin-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AdminSessionProvider>
          <Routes>
            <Route path="/admin" element={<p>login screen</p>} />
            <Route path="*" element={ui} />
          </Routes>
        </AdminSessionProvider>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** A File of the given type whose size is reported without allocating it. */
export function fakeFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
