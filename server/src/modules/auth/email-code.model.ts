import { Schema, model } from 'mongoose';

/**
 * The live code that confirms an account's e-mail address: one per account, replaced by each new
 * code (only the signed-in shopper can ask for one), gone when it expires or is used.
 */
const emailCodeSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    /** HMAC of account and code, keyed by the server secret, like the password-reset codes. */
    codeHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    attempts: { type: Number, default: 0 },
  },
  { versionKey: false },
);
emailCodeSchema.index({ userId: 1 }, { unique: true });
emailCodeSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const EmailCode = model('EmailCode', emailCodeSchema);
