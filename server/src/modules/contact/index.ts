export { ContactMessage } from './contact.model.js';
export { contactAdminRoutes, contactRoutes } from './routes.js';
