#!/usr/bin/env node
// node scripts/bench-startup.mjs <data dir> [node flags...]: copies the data directory, spawns
// `node server/dist/main.js` on the copy (in-process engine), and prints as JSON the time from
// spawn to the first `/readyz` 200 (and from its "store listening" line to it), the server's CPU time then (user + system, /proc/<pid>/stat),
// each busy thread's CPU then (`main`, then `node` threads: the busiest is the engine's, the others
// V8's helpers), its RSS then and STARTUP_SETTLE_MS (default 5 s) later, and its peak RSS (VmHWM) by
// then: the start's transient. CPU time is the figure
// to compare on a shared machine; wall time only on a quiet one. Needs `npm run build` first. Linux
// only. Extra arguments go to node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (a profile per
// thread). STARTUP_ENTRY names another build to start (e.g. `server/dist-base/main.js`: main's code
// built beside this one, to compare). STARTUP_TIMELINE=<ms> prints to stderr, every <ms> until
// /readyz, the time, RSS, peak RSS and each thread's CPU: where the start's time and memory go.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [source, ...nodeFlags] = process.argv.slice(2);
if (!source) {
  console.error('usage: node scripts/bench-startup.mjs <data dir> [node flags...]');
  process.exit(2);
}
const settleMs = Number(process.env.STARTUP_SETTLE_MS ?? 5000);
const dir = await mkdtemp(path.join(tmpdir(), 'bench-startup-'));
await cp(source, dir, { recursive: true });
const port = 20_000 + (process.pid % 10_000);
const started = performance.now();
const server = spawn(process.execPath, [...nodeFlags, process.env.STARTUP_ENTRY ?? 'server/dist/main.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dir,
    EMBEDDED_ENGINE: 'wire',
    NODE_ENV: 'development',
    SEED_ON_EMPTY: 'false',
    // Info, for the "store listening" line; only warnings and errors are passed on.
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let listenedMs;
let rest = '';
server.stdout.on('data', (chunk) => {
  const lines = (rest + chunk).split('\n');
  rest = lines.pop();
  for (const line of lines) {
    if (listenedMs === undefined && line.includes('store listening')) listenedMs = performance.now() - started;
    if (!/"level":(10|20|30),/.test(line)) process.stderr.write(`${line}\n`);
  }
});
let finished = false;
server.on('exit', (code) => {
  if (finished) return;
  console.error(`the server exited (${code}) before /readyz answered 200`);
  process.exit(1);
});

const cpuOf = async (statFile) => {
  const fields = (await readFile(statFile, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const cpuSeconds = () => cpuOf(`/proc/${server.pid}/stat`);
/** CPU seconds of each of the server's threads, busiest first, with their names. */
const threadCpu = async () => {
  const tids = await readdir(`/proc/${server.pid}/task`);
  const threads = await Promise.all(
    tids.map(async (tid) => ({
      name:
        tid === String(server.pid) ? 'main' : (await readFile(`/proc/${server.pid}/task/${tid}/comm`, 'utf8')).trim(),
      cpu: await cpuOf(`/proc/${server.pid}/task/${tid}/stat`),
    })),
  );
  return threads.sort((a, b) => b.cpu - a.cpu).filter((t) => t.cpu > 0);
};
const memoryMb = async () => {
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024);
  return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
};
const timelineMs = Number(process.env.STARTUP_TIMELINE ?? 0);
const timeline =
  timelineMs > 0 &&
  setInterval(async () => {
    const at = Math.round(performance.now() - started);
    const [{ rss, hwm }, threads] = await Promise.all([memoryMb(), threadCpu()]).catch(() => [{}, []]);
    const cpu = threads.map((t) => `${t.name} ${t.cpu}`).join(', ');
    process.stderr.write(`${at} ms  rss ${rss}  hwm ${hwm}  ${cpu}\n`);
  }, timelineMs);

for (;;) {
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    (r) => r.status === 200,
    () => false,
  );
  if (ready) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const readyMs = Math.round(performance.now() - started);
const listenToReadyMs = Math.round(readyMs - listenedMs);
const cpuAtReadyS = await cpuSeconds();
const threadsAtReady = await threadCpu();
const { rss: rssAtReadyMb, hwm: hwmAtReadyMb } = await memoryMb();
if (timeline) clearInterval(timeline);
await new Promise((resolve) => setTimeout(resolve, settleMs));
const threads = threadsAtReady.map((t) => `${t.name} ${t.cpu}`).join(', ');
console.log(
  JSON.stringify({
    readyMs,
    listenToReadyMs,
    cpuAtReadyS,
    threads,
    rssAtReadyMb,
    hwmAtReadyMb,
    rssAfterSettleMb: (await memoryMb()).rss,
  }),
);
finished = true;
server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
await rm(dir, { recursive: true, force: true });
