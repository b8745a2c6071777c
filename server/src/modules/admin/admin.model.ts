import { Schema, model } from 'mongoose';

const adminSchema = new Schema(
  {
    username: { type: String, required: true, trim: true },
    passwordHash: { type: String, required: true },
    /** Raised by `npm run admin:password`: tokens carry the version they were issued under (lib/tokens). */
    sessionVersion: { type: Number, default: 0 },
  },
  { timestamps: true },
);
adminSchema.index({ username: 1 }, { unique: true });

export const Admin = model('Admin', adminSchema);

/**
 * Logged-out admin tokens. Kept in the database (not memory) so a revocation holds across
 * restarts and every server process; the TTL index drops an entry once the token expired anyway.
 */
const revokedTokenSchema = new Schema(
  {
    jti: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true },
);
revokedTokenSchema.index({ jti: 1 }, { unique: true });
revokedTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const RevokedToken = model('RevokedToken', revokedTokenSchema);
