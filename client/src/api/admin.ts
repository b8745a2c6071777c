import type {
  AdminOrdersPage,
  AdminOrdersQuery,
  AdminUserPage,
  LowStockProduct,
  AdminLoginAnswer,
  AdminLoginBody,
  AdminPasswordChangeBody,
  AdminPasswordChangeResponse,
  ContactMessage,
  DeliverySettings,
  GalleryItem,
  Order,
  OrderStatus,
  OrderStatusBody,
  OrdersExportQuery,
  Page,
  Product,
  SalesStats,
  Slider,
} from '@kesh/shared';
import { takeEarlyResponse } from './early';
import { ApiError, adminToken, apiRequest, downloadFile } from './http';

/** Admin calls send the stored admin token; the server refuses them without it. */
const withAdmin = () => ({ token: adminToken() });

export const adminLogin = (body: AdminLoginBody) => apiRequest<AdminLoginAnswer>('/logAdmin', { method: 'POST', body });
export const changeAdminPassword = (body: AdminPasswordChangeBody) =>
  apiRequest<AdminPasswordChangeResponse>('/api/admin/password', { method: 'POST', body, ...withAdmin() });
export const adminLogout = () =>
  apiRequest<unknown>('/logout', { method: 'POST', body: {}, token: adminToken(), bareToken: true });

export const addSlider = (form: FormData) =>
  apiRequest<Slider>('/sliders/addSlider', { method: 'POST', body: form, ...withAdmin() });
export const updateSlider = (id: string, form: FormData) =>
  apiRequest<Slider>(`/sliders/updateSlider/${encodeURIComponent(id)}`, { method: 'PUT', body: form, ...withAdmin() });
export const deleteSlider = (id: string) =>
  apiRequest<unknown>(`/sliders/deleteSlider/${encodeURIComponent(id)}`, { method: 'DELETE', ...withAdmin() });

export const addCategory = (form: FormData) =>
  apiRequest<Product>('/api/main-category', { method: 'POST', body: form, ...withAdmin() });
export const updateCategory = (id: string, form: FormData) =>
  apiRequest<Product>(`/api/main-category/${encodeURIComponent(id)}`, { method: 'PUT', body: form, ...withAdmin() });
export const deleteCategory = (id: string) =>
  apiRequest<unknown>(`/api/main-category/${encodeURIComponent(id)}`, { method: 'DELETE', ...withAdmin() });

export const replaceGalleryImage = (id: string, form: FormData) =>
  apiRequest<{ message: string; updatedItem: GalleryItem }>(`/gallery/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: form,
    ...withAdmin(),
  });
export const deleteGalleryImage = (id: string) =>
  apiRequest<{ message: string }>(`/gallery/${encodeURIComponent(id)}`, { method: 'DELETE', ...withAdmin() });

/** The address of one page of one tab of the owner's orders (empty values are left out). */
export const adminOrdersPath = (query: Partial<Record<keyof AdminOrdersQuery, string | number>>) => {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );
  return `/api/admin/orders?${params}`;
};
/**
 * One page of one tab of the owner's orders, with every tab's count. The orders page's HTML asks for
 * the page its address names before the app's code arrives (features/admin/orders-early.ts; api/early.ts). that
 * answer is taken when it is this one.
 */
export const fetchAdminOrders = (query: Partial<Record<keyof AdminOrdersQuery, string | number>>) =>
  apiRequest<AdminOrdersPage>(adminOrdersPath(query), { ...withAdmin(), asked: takeEarlyResponse });
/** ?q=&page= of the owner's paged lists; a blank search is left out. */
const listParams = (query: { q?: string; page: number }) =>
  new URLSearchParams({ ...(query.q ? { q: query.q } : {}), page: String(query.page) });
export const fetchUserPage = (query: { q: string; page: number }) =>
  apiRequest<AdminUserPage>(`/api/admin/users?${listParams(query)}`, withAdmin());
export const updateOrderStatus = (id: string, status: OrderStatus, shipment: Omit<OrderStatusBody, 'status'> = {}) =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: { status, ...shipment },
    ...withAdmin(),
  });
export const markOrderPaid = (id: string) =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}/paid`, { method: 'PUT', ...withAdmin() });
/** The owner's record that a dispatched cash-on-delivery parcel was refused at the door. */
export const markOrderRefused = (id: string) =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}/refused`, { method: 'POST', body: {}, ...withAdmin() });
export const retryOrderRefund = (id: string) =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}/refund`, { method: 'POST', ...withAdmin() });
export const fetchLowStock = () => apiRequest<LowStockProduct[]>('/api/admin/low-stock', withAdmin());
export const downloadOrderInvoice = (id: string) =>
  downloadFile(`/api/orders/${encodeURIComponent(id)}/invoice`, adminToken(), `invoice-${id}.pdf`);
export const downloadOrdersCsv = (query: OrdersExportQuery) => {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  return downloadFile(`/api/orders/export.csv?${params}`, adminToken(), 'orders.csv');
};
export const fetchSalesStats = (days: number) => apiRequest<SalesStats>(`/api/admin/stats?days=${days}`, withAdmin());
export const fetchMessagePage = (page: number) =>
  apiRequest<Page<ContactMessage>>(`/api/admin/messages?${listParams({ page })}`, withAdmin());

/**
 * POST /gallery/upload (repeated field `images`). XMLHttpRequest rather than fetch because only it
 * reports upload progress; `onProgress` receives 0-100. Errors are the same ApiError as apiRequest.
 */
export function uploadGallery(form: FormData, onProgress: (percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/gallery/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = adminToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0, undefined, undefined, true));
    xhr.onload = () => {
      let data: unknown = undefined;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(data);
        return;
      }
      const d = (data ?? {}) as { error?: unknown; message?: unknown };
      const serverError = typeof d.error === 'string' ? d.error : undefined;
      const serverMessage = typeof d.message === 'string' ? d.message : undefined;
      const network = data === undefined && (xhr.status === 502 || xhr.status === 503 || xhr.status === 504);
      reject(
        new ApiError(
          serverError ?? serverMessage ?? `HTTP ${xhr.status}`,
          xhr.status,
          serverError,
          serverMessage,
          network,
          data,
        ),
      );
    };
    xhr.send(form);
  });
}

export const fetchDeliverySettings = () => apiRequest<DeliverySettings>('/api/admin/delivery', withAdmin());
export const saveDeliverySettings = (body: DeliverySettings) =>
  apiRequest<DeliverySettings>('/api/admin/delivery', { method: 'PUT', body, ...withAdmin() });
export const importDeliveryCsv = (csv: string) =>
  apiRequest<DeliverySettings>('/api/admin/delivery/csv', { method: 'POST', body: { csv }, ...withAdmin() });
