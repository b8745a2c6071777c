import { isValidObjectId } from 'mongoose';
import { watchAccountsVersion } from '../../lib/account-version.js';
import { isRevoked } from '../../lib/revoked-tokens.js';
import type { TokenClaims } from '../../lib/tokens.js';
import type { SessionCheck } from '../../middleware/auth.js';
import { Admin } from '../admin/index.js';
import { User } from '../users/index.js';

/**
 * How long a token found live is believed without asking again while the accounts' number stands.
 * Every write through the app moves that number at once; this bounds only what bypasses the app (an
 * operator's edit in mongosh).
 */
export const SESSION_STATE_TTL_MS = 10_000;
/** Tokens kept at most (~100 bytes each); the oldest go first. */
const MAX_KEPT = 20_000;

/**
 * The account check of every signed-in request (middleware/auth.ts), keeping the tokens it found live
 * until the accounts' number moves (lib/account-version.ts) — so a shopper's calls cost no account
 * and logout reads, and a revocation is refused from the moment it is answered. `recheckMs` as in
 * sharedVersion: Infinity when this process owns the database (every write passes through it), 0
 * when processes share it (the number is read per request: one small read instead of two).
 */
export function createSessionCheck({
  recheckMs,
  now = Date.now,
}: {
  recheckMs: number;
  now?: () => number;
}): SessionCheck {
  const accounts = watchAccountsVersion({ recheckMs });
  const live = new Map<string, { version: number; until: number }>();

  return async (claims: TokenClaims) => {
    if (!isValidObjectId(claims.sub)) return 'gone';
    // Read before the account, so a state is never kept under a number newer than what it saw.
    const version = await accounts.current();
    const kept = live.get(claims.jti);
    if (kept && kept.version === version && kept.until > now()) return 'live';
    const [account, revoked] = await Promise.all([
      claims.role === 'admin'
        ? Admin.findById(claims.sub, { sessionVersion: 1 }).lean()
        : User.findById(claims.sub, { sessionVersion: 1 }).lean(),
      isRevoked(claims.jti),
    ]);
    if (!account) return 'gone';
    if (revoked || (account.sessionVersion ?? 0) !== claims.ver) return 'ended';
    live.delete(claims.jti);
    if (live.size >= MAX_KEPT) live.delete(live.keys().next().value as string);
    live.set(claims.jti, { version, until: now() + SESSION_STATE_TTL_MS });
    return 'live';
  };
}
