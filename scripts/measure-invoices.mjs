/**
 * What placing an order and downloading invoices cost the server, measured from outside:
 *   node scripts/measure-invoices.mjs <base URL> <server pid> <shopper e-mail> <password>
 * against a running server (e.g. on a copy of /work/scale-data/orders-100000, RATE_LIMIT=false,
 * payments through the built-in simulator). Prints verify-payment's time and server CPU, and what 20
 * parallel downloads of one invoice do to /healthz, polled every 10 ms meanwhile. Server CPU is
 * read from /proc/<pid>/stat (utime + stime), so the server must run on this machine.
 */
import { readFileSync } from 'node:fs';

const [base, pid, email, password] = process.argv.slice(2);
if (!password) throw new Error('usage: node scripts/measure-invoices.mjs <base URL> <server pid> <e-mail> <password>');
const TICKS_PER_S = 100;
const cpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
};
async function call(method, path, { token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const type = res.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { token } = await call('POST', '/api/auth/login', { body: { email, password } });
const products = await call('GET', '/api/main-category');
const product = products.find((p) => (p.stock ?? 1) > 20) ?? products[0];
const address = '7 Race Course Road, Rajkot, Gujarat, India, 360001';

const verifyMs = [];
const verifyCpuMs = [];
let placed;
for (let i = 0; i < 8; i += 1) {
  await call('POST', '/api/cart/add-to-cart', { token, body: { productId: product._id, quantity: 1 } });
  const order = await call('POST', '/api/payment/create-order', { token, body: { address } });
  const paid = await call('POST', '/api/payment/simulator/pay', { body: { order_id: order.id } });
  await new Promise((r) => setTimeout(r, 1500)); // let the previous order's invoice work finish
  const cpu0 = cpuMs();
  const t0 = performance.now();
  placed = (await call('POST', '/api/payment/verify-payment', { token, body: paid })).order;
  verifyMs.push(performance.now() - t0);
  verifyCpuMs.push(cpuMs() - cpu0);
}
console.log(
  `verify-payment: median ${median(verifyMs).toFixed(0)} ms (${verifyMs.map((m) => m.toFixed(0)).join(', ')}), ` +
    `server CPU during it median ${median(verifyCpuMs).toFixed(0)} ms`,
);

/** Downloads one invoice `n` times at once while /healthz is polled; the worst /healthz answer. */
async function downloadsUnderWatch(orderId, n) {
  let watching = true;
  const healthz = [];
  const watcher = (async () => {
    while (watching) {
      const t = performance.now();
      await fetch(`${base}/healthz`);
      healthz.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const cpu0 = cpuMs();
  const t0 = performance.now();
  const bodies = await Promise.all(
    Array.from({ length: n }, () => call('GET', `/api/orders/${orderId}/invoice`, { token })),
  );
  const took = performance.now() - t0;
  const cpu = cpuMs() - cpu0;
  watching = false;
  await watcher;
  return { took, cpu, worstHealthz: Math.max(...healthz), bytes: bodies[0].length };
}
const mine = await call('GET', '/api/orders/', { token });
const legacy = mine.find((o) => o._id !== placed._id) ?? placed;
for (const [what, id] of [
  ['an order from before stored invoices (first downloads)', legacy._id],
  ['the same order again (stored)', legacy._id],
  ['the order just placed', placed._id],
]) {
  const r = await downloadsUnderWatch(id, 20);
  console.log(
    `20 parallel invoice downloads, ${what}: ${r.took.toFixed(0)} ms, server CPU ${r.cpu.toFixed(0)} ms ` +
      `(${(r.cpu / 20).toFixed(1)} ms each), ${r.bytes} bytes, slowest /healthz meanwhile ${r.worstHealthz.toFixed(0)} ms`,
  );
}
