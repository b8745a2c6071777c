export { Admin } from './admin.model.js';
export { adminRoutes } from './routes.js';
export { ADMIN_BCRYPT_ROUNDS, setAdminPassword } from './service.js';
