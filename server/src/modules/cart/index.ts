export { Cart } from './cart.model.js';
export { cartRoutes } from './routes.js';
export { getCartSnapshot, removePaidLines, type CartLine } from './service.js';
