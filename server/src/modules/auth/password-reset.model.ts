import { Schema, model } from 'mongoose';

/**
 * One document per forgot-password request, written the same way whether or not the e-mail has an
 * account (so the request's work and timing tell nothing). Codes are not replaced by later
 * requests: a stranger asking for codes for someone's e-mail cannot cancel the owner's code.
 *
 * A code is checked in one of two ways. With the reset cookie of the browser that asked for it
 * (`requester` = hash of that cookie) it has its own OTP_MAX_ATTEMPTS tries, which nobody else can
 * use up. Without it (an API client, or anyone else) only the newest code of the e-mail is checked,
 * against a separate budget of OTP_MAX_ATTEMPTS `openAttempts`.
 */
const passwordResetSchema = new Schema(
  {
    email: { type: String, required: true },
    /** HMAC of e-mail and code, keyed by the server secret: a leaked database gives no live codes. */
    codeHash: { type: String, required: true },
    requester: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    attempts: { type: Number, default: 0 },
    openAttempts: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false },
);
passwordResetSchema.index({ email: 1, createdAt: -1 });
passwordResetSchema.index({ requester: 1 });
passwordResetSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const PasswordReset = model('PasswordReset', passwordResetSchema);
