import { Schema, model } from 'mongoose';
import { sessionsEndWithWrites } from '../../lib/account-version.js';

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
sessionsEndWithWrites(adminSchema);

export const Admin = model('Admin', adminSchema);
