import { Schema, model, type InferSchemaType, type HydratedDocument } from 'mongoose';

const userSchema = new Schema(
  {
    username: { type: String, required: true, trim: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    contact: { type: String, required: true },
    passwordHash: { type: String, required: true, select: false },
    address: { type: String, default: null },
    /** Raised by a password reset and by "log out everywhere": tokens carry the version they were issued under (lib/tokens). */
    sessionVersion: { type: Number, default: 0 },
  },
  { timestamps: true },
);

userSchema.index({ email: 1 }, { unique: true });

export type UserRecord = InferSchemaType<typeof userSchema>;
export type UserDocument = HydratedDocument<UserRecord>;
export const User = model('User', userSchema);
