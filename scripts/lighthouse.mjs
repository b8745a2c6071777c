#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile settings, its defaults) on /, /products and /gallery of
// the production build, in Debian's Chromium. Each page is audited LIGHTHOUSE_RUNS times (default 3,
// each in a fresh Chromium) and judged by its median run, as Lighthouse's own docs advise for noisy
// machines; a run that Lighthouse itself could not record (NO_NAVSTART and the like) is repeated.
// Prints the four category scores, the timings (first and largest contentful paint, total blocking
// time, layout shift, JavaScript transferred) and the audits that cost the most per page, writes them
// to bench/lighthouse.md and to the marked table in docs/performance.md, and exits non-zero below the floor
// (LIGHTHOUSE_ENFORCE=0 only prints).
// Accessibility, best practices and SEO do not move with machine load, so their floor is the real
// budget. Performance is a timing on a shared 2-core machine (81-95 for the same build), so it is
// printed and recorded, and its floor (70) is reported when missed but never fails the run.
// Before the audits each page and the files it names are requested a few times, as a shop's visitors
// have done before any one of them arrives: the first render of a page after a start (136 ms for / on
// this machine, against 5 ms once its code is compiled and the page cached) is a start-up cost, and
// Lighthouse's simulation would count it into every timing of the first page audited.
// LIGHTHOUSE_URL audits an already running store instead; LIGHTHOUSE_REPORTS=<folder> keeps each
// page's median JSON report for a closer look.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROME_FLAGS, CHROMIUM } from './lib/chromium.mjs';
import { ROOT, startProductionStore } from './lib/production-store.mjs';

const PAGES = ['/', '/products', '/gallery'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** Runs Lighthouse could not record are repeated, up to this many in all per page. */
const MAX_ATTEMPTS = RUNS + 3;
const BUDGET = {
  performance: 70,
  accessibility: 95,
  'best-practices': 95,
  seo: 95,
};
const CATEGORIES = Object.keys(BUDGET);
const TOP_AUDITS = 6;

/** Audits that lost points, most costly first: weight in its category times the points lost. */
function failingAudits(lhr) {
  const lost = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const detail = audit.displayValue ? ` (${audit.displayValue})` : '';
      lost.push({ category: id, cost: ref.weight * (1 - audit.score), text: `${audit.title}${detail}` });
    }
  }
  return lost.sort((a, b) => b.cost - a.cost).slice(0, TOP_AUDITS);
}

/** One Lighthouse run in a fresh Chromium: its report, or the error Lighthouse met recording it. */
async function runOnce(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) return { error: 'Lighthouse returned nothing' };
    if (result.lhr.runtimeError) return { error: `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}` };
    return { lhr: result.lhr, report: result.report };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  } finally {
    await chrome.kill();
  }
}

/** The median run's timings, as Lighthouse measured them on its simulated phone. */
function timingsOf(lhr) {
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  return {
    fcp: `${(ms('first-contentful-paint') / 1000).toFixed(1)} s`,
    lcp: `${(ms('largest-contentful-paint') / 1000).toFixed(1)} s`,
    tbt: `${Math.round(ms('total-blocking-time'))} ms`,
    cls: ms('cumulative-layout-shift').toFixed(3),
    js: `${((scripts?.transferSize ?? 0) / 1000).toFixed(0)} kB`,
  };
}

const scoresOf = (lhr) =>
  Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]));

async function audit(url) {
  const runs = [];
  for (let attempt = 1; runs.length < RUNS && attempt <= MAX_ATTEMPTS; attempt += 1) {
    const run = await runOnce(url);
    if (run.error) {
      console.log(`  attempt ${attempt}: ${run.error}; running again`);
      continue;
    }
    runs.push(run);
    console.log(`  run ${runs.length}: performance ${scoresOf(run.lhr).performance}`);
  }
  if (runs.length === 0)
    throw new Error(`${url}: Lighthouse could not record a single run in ${MAX_ATTEMPTS} attempts`);
  const median = computeMedianRun(runs.map((r) => r.lhr));
  const { lhr, report } = runs.find((r) => r.lhr === median) ?? runs[0];
  if (process.env.LIGHTHOUSE_REPORTS) {
    await mkdir(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
    await writeFile(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), report);
  }
  return {
    scores: scoresOf(lhr),
    timings: timingsOf(lhr),
    runScores: runs.map((r) => scoresOf(r.lhr).performance),
    failing: failingAudits(lhr),
    warnings: lhr.runWarnings ?? [],
  };
}

const WARM_UP_ROUNDS = 5;
const BROWSER_HEADERS = { Accept: 'text/html', 'Accept-Language': 'en-US,en;q=0.9', 'Accept-Encoding': 'br, gzip' };

/** Requests each page, and the scripts, styles and pictures its HTML names, as visitors before would. */
async function warmUp(base) {
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    for (const page of PAGES) {
      const response = await fetch(base + page, { headers: BROWSER_HEADERS });
      const html = await response.text();
      if (!response.ok) throw new Error(`${page} answered ${response.status} while warming up`);
      if (round > 0) continue;
      const files = new Set(
        [...html.matchAll(/(?:src|href)="(\/(?!\/)[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')),
      );
      for (const file of files)
        await (await fetch(base + file, { headers: { 'Accept-Encoding': 'br, gzip' } })).arrayBuffer();
    }
  }
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}. Install it: apt-get update && apt-get install -y chromium`);
    process.exit(1);
  }
  const store = process.env.LIGHTHOUSE_URL ? undefined : await startProductionStore();
  const base = (process.env.LIGHTHOUSE_URL ?? store.url).replace(/\/$/, '');
  const results = [];
  try {
    await warmUp(base);
    for (const page of PAGES) {
      console.log(`Auditing ${page} (${RUNS} run${RUNS === 1 ? '' : 's'}) ...`);
      results.push({ page, ...(await audit(base + page)) });
    }
  } finally {
    await store?.stop();
  }

  const lines = [
    `| page | ${CATEGORIES.join(' | ')} |`,
    `| --- | ${CATEGORIES.map(() => '---:').join(' | ')} |`,
    `| floor | ${CATEGORIES.map((c) => BUDGET[c]).join(' | ')} |`,
    ...results.map((r) => `| ${r.page} | ${CATEGORIES.map((c) => r.scores[c]).join(' | ')} |`),
    '',
    `Median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page; performance in each run: ${results
      .map((r) => `${r.page} ${r.runScores.join(', ')}`)
      .join('; ')}.`,
    '',
    '| page | first contentful paint | largest contentful paint | total blocking time | layout shift | JavaScript transferred |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(({ page, timings: t }) => `| ${page} | ${t.fcp} | ${t.lcp} | ${t.tbt} | ${t.cls} | ${t.js} |`),
    '',
  ];
  const summary = lines.join('\n');
  for (const r of results) {
    lines.push(`Costliest audits on ${r.page}:`);
    if (r.failing.length === 0) lines.push('- none');
    for (const f of r.failing) lines.push(`- [${f.category}] ${f.text}`);
    for (const w of r.warnings) lines.push(`- warning: ${w}`);
    lines.push('');
  }
  const report = lines.join('\n');
  console.log(`\nLighthouse, mobile settings, production build:\n\n${report}`);
  await mkdir(path.join(ROOT, 'bench'), { recursive: true });
  await writeFile(
    path.join(ROOT, 'bench/lighthouse.md'),
    `# Lighthouse results\n\nMobile settings, production build, ${new Date().toISOString().slice(0, 10)}.\n\n${report}`,
  );
  await writePerformancePage(summary);

  // Only the scores that do not move with machine load gate; performance (a timing) is reported above.
  const below = results.flatMap((r) =>
    CATEGORIES.filter((c) => c !== 'performance' && r.scores[c] < BUDGET[c]).map(
      (c) => `${r.page} ${c} ${r.scores[c]} < ${BUDGET[c]}`,
    ),
  );
  const slow = results.filter((r) => r.scores.performance < BUDGET.performance);
  if (slow.length > 0)
    console.log(
      `Performance under ${BUDGET.performance} (reported, not gated: a timing): ${slow.map((r) => r.page).join(', ')}`,
    );
  if (below.length > 0) {
    console.log(`Below budget: ${below.join('; ')}`);
    if (process.env.LIGHTHOUSE_ENFORCE !== '0') process.exitCode = 1;
  } else {
    console.log('All pages within budget.');
  }
}

/** The scores and timings go between docs/performance.md's lighthouse markers, so that page shows the last run. */
async function writePerformancePage(summary) {
  const file = path.join(ROOT, 'docs/performance.md');
  const page = await readFile(file, 'utf8');
  const start = '<!-- lighthouse:start (npm run lighthouse writes this) -->';
  const end = '<!-- lighthouse:end -->';
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) return;
  await writeFile(file, `${page.slice(0, from + start.length)}\n\n${summary}\n${page.slice(to)}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
