import type {
  AdminLoginBody,
  AdminLoginResponse,
  ContactMessage,
  GalleryItem,
  Order,
  OrderStatus,
  Product,
  Slider,
  UserSummary,
} from '@kesh/shared';
import { adminToken, apiRequest } from './http';

/** Admin calls send the stored admin token; the server refuses them without it. */
const withAdmin = () => ({ token: adminToken() });

export const adminLogin = (body: AdminLoginBody) =>
  apiRequest<AdminLoginResponse>('/logAdmin', { method: 'POST', body });
export const adminLogout = () => apiRequest<unknown>('/logout', { method: 'POST', body: {}, token: adminToken(), bareToken: true });

export const addSlider = (form: FormData) => apiRequest<Slider>('/sliders/addSlider', { method: 'POST', body: form, ...withAdmin() });
export const updateSlider = (id: string, form: FormData) =>
  apiRequest<Slider>(`/sliders/updateSlider/${encodeURIComponent(id)}`, { method: 'PUT', body: form, ...withAdmin() });
export const deleteSlider = (id: string) =>
  apiRequest<unknown>(`/sliders/deleteSlider/${encodeURIComponent(id)}`, { method: 'DELETE', ...withAdmin() });

export const addCategory = (form: FormData) => apiRequest<Product>('/api/main-category', { method: 'POST', body: form, ...withAdmin() });
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

export const fetchUsers = () => apiRequest<UserSummary[]>('/api/auth/users', withAdmin());
export const fetchAllOrders = () => apiRequest<Order[]>('/api/orders/', withAdmin());
export const updateOrderStatus = (id: string, status: OrderStatus) =>
  apiRequest<Order>(`/api/orders/${encodeURIComponent(id)}/status`, { method: 'PUT', body: { status }, ...withAdmin() });
export const fetchContactMessages = () => apiRequest<ContactMessage[]>('/api/contact', withAdmin());
