import { createHash } from 'node:crypto';

/** Counter keys that name a person (an e-mail address, an IP) are stored hashed: a counter needs to match, not to read. */
export const hashedKey = (key: string) => createHash('sha256').update(key).digest('base64url');
