export { createDurableMailer } from './durable-mailer.js';
