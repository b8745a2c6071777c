import type { Schema } from 'mongoose';
import { followWrites } from '../../lib/follow-writes.js';

/** Writes through MainCategory or ProductVariant in this process, each counted as it begins and as it ends. */
let writes = 0;

/** The count moves with every write to the model's documents (kept-shelf.ts drops what it kept then). */
export function countCatalogueWrites(schema: Schema): void {
  const counted = () => {
    writes += 1;
  };
  followWrites(schema, { query: counted, document: counted, any: counted });
}

export const catalogueWrites = () => writes;
