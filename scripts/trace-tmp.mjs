import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'], logLevel: 'silent' });
const r = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
await chrome.kill();
const trace = r.artifacts.Trace ?? r.artifacts.traces?.defaultPass;
writeFileSync('/tmp/trace.json', JSON.stringify(trace));
const ev = trace.traceEvents;
// find renderer main thread: thread_name CrRendererMain with most events
const names = ev.filter(e => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const counts = new Map();
for (const n of names) counts.set(`${n.pid}:${n.tid}`, ev.filter(e => e.pid === n.pid && e.tid === n.tid).length);
const [main] = [...counts.entries()].sort((a,b)=>b[1]-a[1])[0];
const [pid, tid] = main.split(':').map(Number);
const nav = ev.find(e => e.name === 'navigationStart' && e.pid === pid) ?? ev.find(e=>e.name==='navigationStart');
const t0 = nav.ts;
const mine = ev.filter(e => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= t0);
const tasks = mine.filter(e => e.name === 'RunTask' && e.dur > 8000);
for (const t of tasks) {
  const kids = mine.filter(e => e.ts >= t.ts && e.ts + (e.dur||0) <= t.ts + t.dur && e !== t && e.dur > 2000);
  const agg = new Map();
  for (const k of kids) agg.set(k.name, (agg.get(k.name) ?? 0) + k.dur);
  console.log(((t.ts - t0)/1000).toFixed(0), 'ms', (t.dur/1000).toFixed(1), 'ms:', [...agg.entries()].sort((a,b)=>b[1]-a[1]).slice(0,6).map(([n,d])=>`${n}=${(d/1000).toFixed(1)}`).join(' '));
}
console.log('fcp', r.lhr.audits['first-contentful-paint'].numericValue, 'lcp', r.lhr.audits['largest-contentful-paint'].numericValue, 'tbt', r.lhr.audits['total-blocking-time'].numericValue, 'score', r.lhr.categories.performance.score);
