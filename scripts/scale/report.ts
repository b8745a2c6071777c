// The benchmark's markdown: one section per run (its label as heading), a table per shop size.
import os from 'node:os';
import type { Row } from './rows.js';
import { formatBytes, formatMs } from './rows.js';

export interface SizeResult {
  orders: number;
  shop: { note: string };
  startup: { wallMs: number; cpuSeconds: number; memory: { rss: number; peak: number } };
  /** Memory once the start's background work was done: its peak is the start's and that work's. */
  beforeScreens: { rss: number; peak: number };
  /**
   * Memory at the end of the production phase, after the heaviest screens; the peak is theirs alone
   * when `screensPeakOnly` (the peak was restarted before them), else the whole process's.
   */
  end: { rss: number; peak: number; screensPeakOnly: boolean };
  rows: Row[];
  loop: Record<string, string>;
  extra: string[];
}

const HEADER =
  '# Scale benchmark (`npm run bench:scale`)\n\nWhat it measures and how to read it: docs/scale-benchmark.md.\n';

function table(r: SizeResult): string {
  const lines = [
    `### ${r.orders.toLocaleString('en-US')} orders`,
    '',
    `Shop: ${r.shop.note}.`,
    '',
    `- start-up, spawn to \`/readyz\` 200: ${(r.startup.wallMs / 1000).toFixed(1)} s (${r.startup.cpuSeconds.toFixed(1)} s CPU)`,
    `- server memory (RSS): ${r.startup.memory.rss.toFixed(0)} MB after start; ` +
      `${r.beforeScreens.rss.toFixed(0)} MB once its background work was done (peak so far ${r.beforeScreens.peak.toFixed(0)} MB); ` +
      `${r.end.rss.toFixed(0)} MB at the end of the production phase, peak (VmHWM) ${r.end.peak.toFixed(0)} MB ` +
      (r.end.screensPeakOnly ? 'during the screens' : 'since the start (this system cannot restart the peak)'),
    ...r.extra.map((e) => `- ${e}`),
    `- longest event-loop delay (in brackets, an idle process's over the same phase: the machine's own stall): ${Object.entries(
      r.loop,
    )
      .map(([phase, delay]) => `${phase} ${delay}`)
      .join('; ')}`,
    '',
    '| what | median | p95 | runs | sent (gzip/br) | decoded | server CPU / request | longest loop delay | note |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.rows.map(
      (row) =>
        `| ${row.name} | ${formatMs(row.medianMs)} | ${formatMs(row.p95Ms)} | ${row.runs} | ${formatBytes(row.wireBytes)} | ` +
        `${formatBytes(row.bytes)} | ${formatMs(row.cpuMsPerRequest)} | ${formatMs(row.loopMaxMs)} | ${row.note} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

export function reportSection(run: {
  label: string;
  commit: string;
  command: string;
  loadStart: number[];
  loadEnd: number[];
  runs: number;
  results: SizeResult[];
}): string {
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  return [
    `## ${run.label}`,
    '',
    `\`${run.command}\` on ${new Date().toISOString()}: commit ${run.commit}, node ${process.version}, ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM; ` +
      `load average ${load(run.loadStart)} at the start, ${load(run.loadEnd)} at the end (the machine is shared: times ` +
      `carry that load, CPU seconds much less). The store ran as \`node server/dist/main.js\` with NODE_ENV=production ` +
      `(the production client build), except for verify-payment (development, for the payment simulator). ` +
      `${run.runs} sequential runs per request after one unmeasured one; requests that read everything at most 3.`,
    '',
    ...run.results.map(table),
  ].join('\n');
}

/** `existing` with the section of the same heading replaced by `section` (or `section` added at the end). */
export function writeSection(existing: string, section: string): string {
  const text = existing.trim() === '' ? HEADER : existing;
  const heading = section.split('\n', 1)[0]!;
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1) return `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  const next = text.indexOf('\n## ', start + heading.length + 1);
  return `${text.slice(0, start).trimEnd()}\n\n${section.trimEnd()}\n${next === -1 ? '' : `\n${text.slice(next + 1)}`}`;
}
