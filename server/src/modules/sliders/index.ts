export { slidersRoutes } from './routes.js';
export { listSliders } from './service.js';
export { Slider } from './slider.model.js';
