import { PASSWORD_MIN_LENGTH } from './constants.js';
import type { AdminLoginResponse } from './schemas.js';

/** The forced change of the published admin password at the first login (docs/operations.md). */
export const ADMIN_PASSWORD_MESSAGES = {
  /** 403 on every admin call but the change itself and logout, while the published password is in use. */
  changeRequired:
    'Choose a new admin password first: this admin signed in with the published default password, ' +
    'so the admin panel answers nothing else until it is changed.',
  fieldsRequired: 'The current and the new password are required.',
  tooShort: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  published: 'The new password must not be the published default password.',
  wrongCurrent: 'The current password is wrong.',
  changed: 'Password changed.',
} as const;

/** The error answer's `code` on those 403s, for a client to open the change-password screen. */
export const PASSWORD_CHANGE_REQUIRED = 'password-change-required';

/** A new token: the change ends every session of the old password, this one's included. */
export interface AdminPasswordChangeResponse {
  success: true;
  token: string;
  message: string;
}

/** POST /logAdmin's answer: the spec's fields, plus a flag while the published password is in use. */
export type AdminLoginAnswer = AdminLoginResponse & { mustChangePassword?: true };
