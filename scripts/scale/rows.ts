// One line of the benchmark's table: a request made several times in a row, with its time, its
// size as sent and decoded, the server CPU it cost and the longest event-loop delay meanwhile.
import { RequestTimeout, cpuSeconds, median, percentile, send, watchLoop, type Answer } from './measure.js';
import { settle, type Store } from './store.js';

/** A heavy request (every order, a year of stats) is made at most this often, within this budget. */
const HEAVY_RUNS = 3;
const HEAVY_BUDGET_MS = 20_000;
/** Other requests stop early once they have taken this long in all. */
const BUDGET_MS = 60_000;

export interface RequestSpec {
  name: string;
  path: string | (() => string);
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Reads every record today: made once or a few times, never 15. */
  heavy?: boolean;
  /** An endpoint being built by another change: a 404 says "not built" and does not fail the run. */
  planned?: boolean;
}

export interface Row {
  name: string;
  runs: number;
  medianMs?: number;
  p95Ms?: number;
  wireBytes?: number;
  bytes?: number;
  cpuMsPerRequest?: number;
  /** The server's longest event-loop delay during the measured runs (GET /metrics). */
  loopMaxMs?: number;
  note: string;
  summary: string;
}

export const formatBytes = (n: number | undefined) =>
  n === undefined
    ? ''
    : n >= 1_000_000
      ? `${(n / 1_000_000).toFixed(1)} MB`
      : n >= 1_000
        ? `${(n / 1_000).toFixed(1)} kB`
        : `${n} B`;

export const formatMs = (ms: number | undefined) =>
  ms === undefined ? '' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

/** The row of answers that all came back (any status), with the CPU the server spent on them. */
export function rowOf(name: string, answers: Answer[], cpuSpent: number, note = ''): Row {
  const times = answers.map((a) => a.ms);
  const row: Row = {
    name,
    runs: answers.length,
    medianMs: median(times),
    p95Ms: percentile(times, 0.95),
    wireBytes: median(answers.map((a) => a.wireBytes)),
    bytes: median(answers.map((a) => a.bytes)),
    cpuMsPerRequest: (cpuSpent * 1000) / answers.length,
    note,
    summary: '',
  };
  row.summary =
    `${formatMs(row.medianMs)} median, ${formatMs(row.p95Ms)} p95 (${row.runs} runs), ` +
    `${formatBytes(row.wireBytes)} sent (${formatBytes(row.bytes)} decoded), ${formatMs(row.cpuMsPerRequest)} CPU ${note}`.trim();
  return row;
}

const failedRow = (name: string, note: string, runs = 0): Row => ({ name, runs, note, summary: note });

export async function measureRequest(
  store: Store,
  spec: RequestSpec,
  opts: { runs: number; timeoutMs: number },
): Promise<Row> {
  const pathOf = () => (typeof spec.path === 'function' ? spec.path() : spec.path);
  const request = () =>
    send(store.url, pathOf(), {
      method: spec.method,
      headers: spec.headers,
      body: spec.body,
      timeoutMs: opts.timeoutMs,
    });
  const runs = spec.heavy ? Math.min(HEAVY_RUNS, opts.runs) : opts.runs;
  const budget = spec.heavy ? HEAVY_BUDGET_MS : BUDGET_MS;
  const answers: Answer[] = [];
  try {
    // One unmeasured request first, so cold code and caches filled once are not counted.
    if (!spec.heavy) {
      const first = await request();
      if (first.status === 404 && spec.planned) return failedRow(spec.name, 'not built (404)');
    }
    const { result: cpuSpent, maxSeconds } = await watchLoop(store.url, async () => {
      const cpuBefore = cpuSeconds(store.pid);
      const began = performance.now();
      while (answers.length < runs && (answers.length === 0 || performance.now() - began < budget)) {
        const answer = await request();
        if (answer.status === 404 && spec.planned) return undefined;
        answers.push(answer);
      }
      return cpuSeconds(store.pid) - cpuBefore;
    });
    if (cpuSpent === undefined) return failedRow(spec.name, 'not built (404)');
    const statuses = [...new Set(answers.map((a) => a.status))];
    const note = statuses.every((s) => s >= 200 && s < 300) ? '' : `HTTP ${statuses.join(', ')}`;
    const row = rowOf(spec.name, answers, cpuSpent, note);
    if (maxSeconds !== undefined) {
      row.loopMaxMs = maxSeconds * 1000;
      row.summary += `, longest loop delay ${formatMs(row.loopMaxMs)}`;
    }
    return row;
  } catch (err) {
    if (!(err instanceof RequestTimeout)) throw err;
    await settle(store);
    return failedRow(spec.name, `no answer within ${opts.timeoutMs / 1000} s`, answers.length);
  }
}
