/**
 * A BSON document as deserialized (plain object, values keep their BSON classes). In a file of its
 * own so that errors.ts names it without importing values.ts, which imports errors.ts (via numeric.ts).
 */
export type Doc = { [key: string]: unknown };
