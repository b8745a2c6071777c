import { Schema, model, type InferSchemaType, type HydratedDocument } from 'mongoose';
import { LANGUAGES } from '@kesh/shared';
import { sessionsEndWithWrites } from '../../lib/account-version.js';
import { userSearchKeysOf } from './search.js';

const userSchema = new Schema(
  {
    username: { type: String, required: true, trim: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    contact: { type: String, required: true },
    passwordHash: { type: String, required: true, select: false },
    address: { type: String, default: null },
    /** Raised by a password reset and by "log out everywhere": tokens carry the version they were issued under (lib/tokens). */
    sessionVersion: { type: Number, default: 0 },
    /** What the owner's users list finds the account by (see search.ts); absent on accounts made before it, until backfilled. */
    searchKeys: { type: [String], default: undefined },
    /**
     * False from sign-up until the mailed code is entered, then true. Absent on accounts made before
     * verification existed: those count as confirmed (docs/verification.md), so no backfill is needed.
     */
    emailVerified: { type: Boolean },
    /**
     * The store language the shopper last used to sign up or ask for a code (the client sends its
     * choice as Accept-Language); the account's own mails are written in it. Absent on accounts made
     * before it was kept: their mails use the language of the request, else English.
     */
    language: { type: String, enum: LANGUAGES.map((l) => l.code) },
    /** The shopper's cash-on-delivery history, counted as each order ends (docs/verification.md). */
    codStats: {
      delivered: { type: Number },
      refused: { type: Number },
      cancelled: { type: Number },
    },
  },
  { timestamps: true },
);

userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ searchKeys: 1 });
// The owner's list, newest first, a page at a time; scanned backwards it is also sign-up order.
userSchema.index({ createdAt: -1, _id: -1 });

// Validation runs on create, save and insertMany alike, so every way an account is written keeps its keys.
userSchema.pre('validate', function () {
  if (this.isNew || this.isModified('username') || this.isModified('email') || this.isModified('contact')) {
    this.searchKeys = userSearchKeysOf(this);
  }
});

sessionsEndWithWrites(userSchema);

export type UserRecord = InferSchemaType<typeof userSchema>;
export type UserDocument = HydratedDocument<UserRecord>;
export const User = model('User', userSchema);
