import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { hashPassword, passwordMatches } from '../../lib/passwords.js';

const PRODUCTION_COST = 10;
/** Tests hash hundreds of passwords; cost 4 keeps them fast while running the same code path. */
const TEST_COST = 4;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Compares against a throwaway hash when there is no account, so timing does not reveal it. */
  matches(password: string, hash: string | undefined): Promise<boolean>;
}

export function createPasswordHasher(config: Pick<Config, 'env'>): PasswordHasher {
  const cost = config.env === 'test' ? TEST_COST : PRODUCTION_COST;
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hashPassword(password, cost),
    async matches(password, hash) {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'), cost);
      const ok = await passwordMatches(password, hash ?? (await dummyHash));
      return ok && hash !== undefined;
    },
  };
}
