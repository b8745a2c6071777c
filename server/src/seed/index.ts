import type { AppDeps } from '../deps.js';

/** Placeholder until the seed lands; see issue 2. */
export async function seedIfEmpty(_deps: AppDeps): Promise<void> {}
