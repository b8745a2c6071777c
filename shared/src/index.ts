export * from './constants.js';
export * from './messages.js';
export * from './money.js';
export * from './address.js';
export * from './shop.js';
export * from './page-data.js';
export * from './language.js';
export * from './schemas.js';
