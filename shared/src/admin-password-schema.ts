import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { ADMIN_PASSWORD_MESSAGES } from './admin-password.js';

// Apart from admin-password.ts, so that every admin screen (which reads PASSWORD_CHANGE_REQUIRED)
// does not bring zod with it: only the change-password screen and the server validate the body.

const MAX_PASSWORD = 200;
const required = z
  .string({ error: ADMIN_PASSWORD_MESSAGES.fieldsRequired })
  .max(MAX_PASSWORD, { error: ADMIN_PASSWORD_MESSAGES.fieldsRequired, abort: true })
  .min(1, { error: ADMIN_PASSWORD_MESSAGES.fieldsRequired });

/** POST /api/admin/password. The published-password rule is the server's (it alone knows it). */
export const adminPasswordChangeSchema = z.object({
  currentPassword: required,
  newPassword: required.pipe(z.string().min(PASSWORD_MIN_LENGTH, { error: ADMIN_PASSWORD_MESSAGES.tooShort })),
});
export type AdminPasswordChangeBody = z.input<typeof adminPasswordChangeSchema>;
