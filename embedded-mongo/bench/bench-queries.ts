#!/usr/bin/env node
// npm run bench:queries: the shop's order queries on the embedded engine at 100k orders, through the
// official driver, each with the plan explain reports, beside findOne by _id of the same run.
// Every query runs BENCH_Q_RUNS times (default 200); the table shows the median and p95 wall time
// and the median CPU time of this process (engine and driver share it, so CPU time is what the
// query costs even when other work loads the machine). The same queries forced onto a collection
// scan ({hint: {$natural: 1}}) show what the indexes save. Results go to bench/queries.md.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { MongoClient, ObjectId, type Document } from 'mongodb';
import { startEmbeddedEngine } from '../src/index.js';
import { stageNames } from '../test/plan.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = Number(process.env.BENCH_Q_DOCS ?? 100_000);
const RUNS = Number(process.env.BENCH_Q_RUNS ?? 200);
const CUSTOMERS = Math.max(1, Math.floor(DOCS / 20));
const STATUSES = ['Processing', 'Shipped', 'Delivered'];

const engine = await startEmbeddedEngine();
const client = new MongoClient(`${engine.uri}/bench?directConnection=true`);
await client.connect();
const orders = client.db('bench').collection('orders');
// The indexes of server/src/modules/orders/order.model.ts.
await orders.createIndex({ razorpayPaymentId: 1 }, { unique: true });
await orders.createIndex({ razorpayOrderId: 1 }, { unique: true });
await orders.createIndex({ userId: 1, createdAt: -1 });
await orders.createIndex({ status: 1, createdAt: -1 });
const customers = Array.from({ length: CUSTOMERS }, () => new ObjectId());
const t0 = Date.UTC(2024, 0, 1);
for (let start = 0; start < DOCS; start += 5000) {
  await orders.insertMany(
    Array.from({ length: Math.min(5000, DOCS - start) }, (_, k) => {
      const i = start + k;
      return {
        userId: customers[i % CUSTOMERS],
        products: [
          { productId: new ObjectId(), title: 'Bhringraj Hair Oil 200 ml', quantity: 1 + (i % 3), pricePaise: 34900 },
        ],
        totalPaise: 34900 * (1 + (i % 3)),
        status: STATUSES[i % 3],
        razorpayOrderId: `order_${i}`,
        razorpayPaymentId: `pay_${i}`,
        createdAt: new Date(t0 + i * 60_000),
      };
    }),
  );
}
const someOrder = await orders.findOne({ razorpayOrderId: `order_${Math.floor(DOCS / 2)}` });
const user = customers[7];

interface Case {
  name: string;
  run: (hint?: Document) => Promise<unknown>;
  explain: () => Promise<Document>;
}
const cases: Case[] = [
  {
    name: 'findOne by _id',
    run: (hint) => orders.findOne({ _id: someOrder!._id }, hint ? { hint } : {}),
    explain: () => orders.find({ _id: someOrder!._id }).explain('queryPlanner'),
  },
  {
    name: 'my orders: find({userId}).sort({createdAt: -1, _id: -1})',
    run: (hint) =>
      orders
        .find({ userId: user }, hint ? { hint } : {})
        .sort({ createdAt: -1, _id: -1 })
        .toArray(),
    explain: () => orders.find({ userId: user }).sort({ createdAt: -1, _id: -1 }).explain('queryPlanner'),
  },
  {
    name: 'countDocuments({userId})',
    run: (hint) => orders.countDocuments({ userId: user }, hint ? { hint } : {}),
    explain: () =>
      client.db('bench').command({ explain: { count: 'orders', query: { userId: user } }, verbosity: 'queryPlanner' }),
  },
  {
    name: '$match {userId} → $group by status (count, total)',
    run: (hint) =>
      orders
        .aggregate(
          [
            { $match: { userId: user } },
            { $group: { _id: '$status', n: { $sum: 1 }, totalPaise: { $sum: '$totalPaise' } } },
          ],
          hint ? { hint } : {},
        )
        .toArray(),
    explain: () =>
      orders
        .aggregate([{ $match: { userId: user } }, { $group: { _id: '$status', n: { $sum: 1 } } }])
        .explain('queryPlanner'),
  },
  {
    name: 'admin: 20 newest Delivered orders',
    run: (hint) =>
      orders
        .find({ status: 'Delivered' }, hint ? { hint } : {})
        .sort({ createdAt: -1 })
        .limit(20)
        .toArray(),
    explain: () => orders.find({ status: 'Delivered' }).sort({ createdAt: -1 }).limit(20).explain('queryPlanner'),
  },
  {
    name: 'findOne by unique razorpayOrderId',
    run: (hint) => orders.findOne({ razorpayOrderId: 'order_4242' }, hint ? { hint } : {}),
    explain: () => orders.find({ razorpayOrderId: 'order_4242' }).explain('queryPlanner'),
  },
];

async function measure(fn: () => Promise<unknown>, runs: number) {
  await fn(); // warm up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    await fn();
    wall.push(performance.now() - w0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const pick = (xs: number[], p: number) =>
    xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
  return { median: pick(wall, 0.5), p95: pick(wall, 0.95), cpu: pick(cpu, 0.5) };
}

const fmt = (n: number) => n.toFixed(2);
const rows: string[] = [];
for (const c of cases) {
  const plan = stageNames(await c.explain()).join(' ← ');
  const indexed = await measure(() => c.run(), RUNS);
  const scan = await measure(() => c.run({ $natural: 1 }), Math.max(5, Math.floor(RUNS / 20)));
  rows.push(
    `| ${c.name} | ${plan} | ${fmt(indexed.median)} | ${fmt(indexed.p95)} | ${fmt(indexed.cpu)} | ${fmt(scan.median)} |`,
  );
  console.log(rows.at(-1));
}
await client.close();
await engine.stop();

const report = `# Embedded engine query benchmark

\`npm run bench:queries\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}: ${DOCS.toLocaleString('en')} orders of
${CUSTOMERS.toLocaleString('en')} customers (${Math.round(DOCS / CUSTOMERS)} each), the order model's indexes, official driver over
the loopback wire protocol, ${RUNS} runs per query (collection scan: ${Math.max(5, Math.floor(RUNS / 20))}).

| query | plan (explain) | median ms | p95 ms | CPU ms (median) | forced collection scan, median ms |
| --- | --- | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`;
await writeFile(path.join(ROOT, 'bench/queries.md'), report);
console.log(report);
