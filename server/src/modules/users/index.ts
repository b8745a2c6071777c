export { codCancelCounter, codHistoriesOf, codHistoryOf, countCodOutcome } from './cod-history.js';
export { countSoFarToday, countToday } from './daily-count.js';
export { mailShopperInBackground, mayMailShopper, takeAddressMail } from './mail-gate.js';
export { userAdminRoutes, userRoutes } from './routes.js';
export { userSearchKeysOf } from './search.js';
export { backfillUserSearchKeys, isVerified } from './service.js';
export { User } from './user.model.js';
