import { Schema, model } from 'mongoose';
import { accountsChanged } from './account-version.js';
import { isDuplicateKey } from './errors.js';
import type { TokenClaims } from './tokens.js';

/**
 * Logged-out tokens (admins' and shoppers'). Kept in the database, not memory, so a revocation
 * holds across restarts and every server process; the TTL index drops an entry once the token
 * has expired anyway.
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

/** Revokes the token until it would have expired anyway; the TTL index then forgets it. */
export async function revokeToken(claims: TokenClaims): Promise<void> {
  await RevokedToken.updateOne(
    { jti: claims.jti },
    { $setOnInsert: { jti: claims.jti, expiresAt: new Date(claims.exp * 1000) } },
    { upsert: true },
  ).catch((err: unknown) => {
    // Two logouts of one token at the same moment: the other one stored it.
    if (!isDuplicateKey(err)) throw err;
  });
  await accountsChanged();
}

export async function isRevoked(jti: string): Promise<boolean> {
  return (await RevokedToken.exists({ jti })) !== null;
}
