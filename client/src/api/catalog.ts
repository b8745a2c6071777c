import type { GalleryItem, Product, Slider } from '@kesh/shared';
import { apiRequest } from './http';

export const fetchProducts = () => apiRequest<Product[]>('/api/main-category');
export const fetchSliders = () => apiRequest<Slider[]>('/sliders/getSliders');
export const fetchGallery = () => apiRequest<GalleryItem[]>('/gallery/');
