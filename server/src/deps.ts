import type { Config } from './config.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './lib/mailer.js';
import type { PaymentGateway } from './lib/payments.js';
import type { ImageStorage } from './lib/storage.js';

/** Everything a route module may use; tests build their own. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  mailer: Mailer;
  storage: ImageStorage;
  payments: PaymentGateway;
  /** The clock of time-bound rules (the 24 h free cancellation); tests pass their own. */
  now?: () => Date;
  /** Folder with the built client (index.html); omitted in API-only tests. */
  clientDir?: string;
}
