export { GalleryItem } from './gallery.model.js';
export { galleryRoutes } from './routes.js';
export { listGallery } from './service.js';
