import bcrypt from 'bcryptjs';
import { workerThread } from './worker-thread.js';

export type PasswordJob =
  { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

/**
 * bcryptjs's async functions yield to the event loop only after every 100 ms of work, so a login
 * at cost 10 held the loop 100-200 ms (203 ms measured at 100,000 orders on the 2-core machine),
 * and an owner's at cost 12 longer. Hashes that costly run on a worker thread; the tests' cost 4
 * (about a millisecond) runs in place.
 */
const IN_PLACE_MAX_COST = 6;
/**
 * The thread ends after this long without a password to check, giving back ≈ 9 MB of the ≈ 16 MB
 * it holds (measured: RSS 42 → 58 → 49 MB); starting again costs the next login ≈ 30 ms.
 */
const IDLE_MS = 60_000;
/**
 * A hash is ≈ 0.45 s of one core at cost 12 on the 2-core machine: at nice 5 it yields that core to
 * the event loop and the engine thread when both are busy (the loop was held 80 ms by a login at
 * start), and takes a whole idle core otherwise. The one waiting is the person logging in.
 */
const NICENESS = 5;
const onThread = workerThread<PasswordJob, string | boolean>(
  new URL('./password-worker', import.meta.url),
  'password hashing',
  { idleMs: IDLE_MS, niceness: NICENESS },
);

/** A bcrypt hash of `password` at `cost` (log2 of its rounds). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  if (cost <= IN_PLACE_MAX_COST) return bcrypt.hash(password, cost);
  return (await onThread({ op: 'hash', password, cost })) as string;
}

/** Whether `password` is the one `hash` was made from. */
export async function passwordMatches(password: string, hash: string): Promise<boolean> {
  if (bcrypt.getRounds(hash) <= IN_PLACE_MAX_COST) return bcrypt.compare(password, hash);
  return (await onThread({ op: 'compare', password, hash })) as boolean;
}
