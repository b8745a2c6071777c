#!/usr/bin/env node
// npx tsx --conditions=source scripts/bench-search.ts: the products page's search on the embedded
// engine with BENCH_S_DOCS products (default 1,000; words in English, Hindi, Marathi, Gujarati),
// through mongoose and the catalogue's own model, so the keys are those the shop stores. For each
// query: matches, index keys and documents examined (explain), and the median of 100 runs beside
// the same query forced onto a collection scan ({hint: {$natural: 1}}).
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { searchWords } from '@kesh/shared';
import { startEmbeddedEngine } from '@kesh/embedded-mongo';
import { MainCategory } from '../server/src/modules/catalog/category.model.js';
import { searchKeyOfWord } from '../server/src/modules/catalog/search.js';

const DOCS = Number(process.env.BENCH_S_DOCS ?? 1000);
const RUNS = 100;
const WORDS = ['amla', 'bhringraj', 'neem', 'brahmi', 'बालों', 'तेल', 'आंवला', 'केस', 'વાળ', 'તેલ', 'hibiscus', 'reetha'];
const word = (i: number) => WORDS[i % WORDS.length]!;

const engine = await startEmbeddedEngine();
await mongoose.connect(`${engine.uri}/bench?directConnection=true`);
await MainCategory.syncIndexes();
for (let start = 0; start < DOCS; start += 500) {
  await MainCategory.insertMany(
    Array.from({ length: Math.min(500, DOCS - start) }, (_, k) => {
      const i = start + k;
      return {
        title: `${word(i)} ${word(i * 7 + 3)} ${i}`,
        description: `Made with ${word(i * 5 + 1)} in Rajkot.`,
        mainPricePaise: 10000 + i,
      };
    }),
  );
}
await MainCategory.create({ title: 'भृंगराज शिकाकाई केश तेल', mainPricePaise: 45000 });

const median = async (run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
};

console.log(
  `| query (${DOCS + 1} products) | matches | keys examined | documents examined | median ms | collection scan: documents, median ms |`,
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const q of ['शिकाकाई', 'बाल', 'amla तेल']) {
  const filter = { $and: searchWords(q).map((w) => ({ searchKeys: searchKeyOfWord(w) })) };
  type Stats = { executionStats: { nReturned: number; totalKeysExamined: number; totalDocsExamined: number } };
  const { executionStats: ix } = (await MainCategory.find(filter).explain('executionStats')) as unknown as Stats;
  const { executionStats: scan } = (await MainCategory.find(filter)
    .hint({ $natural: 1 })
    .explain('executionStats')) as unknown as Stats;
  const indexed = await median(() => MainCategory.find(filter).lean());
  const scanned = await median(() => MainCategory.find(filter).hint({ $natural: 1 }).lean());
  console.log(
    `| ${q} | ${ix.nReturned} | ${ix.totalKeysExamined} | ${ix.totalDocsExamined} | ${indexed.toFixed(2)} | ${scan.totalDocsExamined}, ${scanned.toFixed(2)} |`,
  );
}
await mongoose.disconnect();
await engine.stop();
