import mongoose from 'mongoose';

/** How many queries `call` makes that `counts` picks (by collection and method), through mongoose's query log. */
export async function queriesDuring(
  counts: (collection: string, method: string) => boolean,
  call: () => Promise<unknown>,
): Promise<number> {
  let queries = 0;
  mongoose.set('debug', (collection: string, method: string) => {
    if (counts(collection, method)) queries += 1;
  });
  try {
    await call();
    return queries;
  } finally {
    mongoose.set('debug', false);
  }
}
