// What the store ran during each long event-loop block: `node scripts/scale/block-profile.mjs
// <profile.cpuprofile> <blocks.json> [min ms] [from s] [to s]`, with the profile from --cpu-prof and
// the blocks from loop-blocks.mjs of the same process. Per block: the profile's samples inside it
// (one per sampling interval the thread ran: a block with few was waiting for a core, not running),
// how many were the garbage collector, the functions that ran most, and our own frames among the
// callers. Times are seconds from the start of the profile.
import { readFileSync } from 'node:fs';

const [profileFile, blocksFile, minMs = '50', fromS, toS] = process.argv.slice(2);
if (!profileFile || !blocksFile) {
  console.error('usage: block-profile.mjs <profile.cpuprofile> <blocks.json> [min ms] [from s] [to s]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
const blocks = JSON.parse(readFileSync(blocksFile, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
const OURS = /\/(server|embedded-mongo|shared|client)\/(dist|dist-ssr)\//;

function label(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*\/((server|embedded-mongo|shared|client|node_modules)\/)/, '$1');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
}

const sampleTimes = [];
let t = profile.startTime;
for (const delta of profile.timeDeltas) sampleTimes.push((t += delta));
/** The profile's sampling interval (µs): the median gap between samples. */
const intervalUs = [...profile.timeDeltas].sort((a, b) => a - b)[profile.timeDeltas.length >> 1] ?? 1000;
const seconds = (us) => ((us - profile.startTime) / 1e6).toFixed(2);
const top = (counts, n) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `    ${String(count).padStart(5)} ${name}`)
    .join('\n');

const chosen = blocks.filter((b) => {
  const at = (b.endUs - profile.startTime) / 1e6;
  return (
    b.ms >= Number(minMs) && (fromS === undefined || at >= Number(fromS)) && (toS === undefined || at <= Number(toS))
  );
});
console.log(`${blocks.length} blocks noted, ${chosen.length} of at least ${minMs} ms`);
for (const block of chosen) {
  const start = block.endUs - block.ms * 1000;
  const self = new Map();
  const ours = new Map();
  let samples = 0;
  let gc = 0;
  for (let i = 0; i < sampleTimes.length; i++) {
    if (sampleTimes[i] < start || sampleTimes[i] > block.endUs) continue;
    const id = profile.samples[i];
    const name = label(nodes.get(id));
    if (name.startsWith('(idle)')) continue;
    samples += 1;
    if (name.startsWith('(garbage collector)')) gc += 1;
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at);
      const caller = label(frame);
      if (seen.has(caller) || !OURS.test(frame.callFrame.url)) continue;
      seen.add(caller);
      ours.set(caller, (ours.get(caller) ?? 0) + 1);
    }
  }
  const ranMs = (n) => ((n * intervalUs) / 1000).toFixed(0);
  console.log(
    `\n${block.ms} ms ending at ${seconds(block.endUs)} s: ran ~${ranMs(samples)} ms (${samples} samples), GC ~${ranMs(gc)} ms`,
  );
  if (samples > 0) console.log(`  ran most:\n${top(self, 6)}\n  our frames:\n${top(ours, 10)}`);
}
