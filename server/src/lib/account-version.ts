import type { Schema } from 'mongoose';
import { sharedVersion } from './shared-version.js';

/**
 * One number that moves whenever a signed-in session may have ended: an account deleted, its session
 * version raised (password reset, "log out everywhere", `npm run admin:password`), a token logged out.
 * The signed-in state kept per token (modules/auth/session-check.ts) is current while it has not moved.
 */
const accounts = sharedVersion('accounts');

export const accountsChanged = accounts.changed;
export const watchAccountsVersion = accounts.watch;

/**
 * Moves the accounts' number after every write to an account model that can end its sessions, in
 * whatever code makes it (a route, a script, a test), before the write's caller goes on.
 */
export function sessionsEndWithWrites(schema: Schema): void {
  schema.post(['deleteOne', 'deleteMany', 'findOneAndDelete'], { document: false, query: true }, accountsChanged);
  schema.post('deleteOne', { document: true, query: false }, accountsChanged);
  schema.post(
    ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'],
    async function (this: { getUpdate(): unknown }) {
      if (JSON.stringify(this.getUpdate() ?? {}).includes('"sessionVersion"')) await accountsChanged();
    },
  );
  schema.pre('save', function () {
    this.$locals.endsSessions = !this.isNew && this.isModified('sessionVersion');
  });
  schema.post('save', async function () {
    if (this.$locals.endsSessions) await accountsChanged();
  });
}
