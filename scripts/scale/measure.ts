// How the scale benchmark measures one server: its process's CPU and memory from /proc, one HTTP
// request as a browser would make it (compressed, timed to the last byte), and the event loop's
// longest delay as the server reports it at GET /metrics.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const CLOCK_TICKS_PER_SECOND = 100;

/** The process's CPU seconds so far (user + system), from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Under this share of one CPU a store is quiet: 5 %, or BENCH_SCALE_QUIET_SHARE for a profiled one
 * (a CPU profiler sampling every thread keeps an idle store above 5 % by itself).
 */
const QUIET_SHARE = Number(process.env.BENCH_SCALE_QUIET_SHARE ?? 0.05);

/**
 * Waits until the process has been quiet (under `share` of one CPU over `windowMs`), at most `maxMs`:
 * the work a server starts after it answers /readyz (an upgraded shop's backfills). Returns how long
 * that took and the CPU it used.
 */
export async function untilQuiet(
  pid: number,
  opts = { windowMs: 5000, share: QUIET_SHARE, maxMs: 600_000 },
): Promise<{ wallMs: number; cpuSeconds: number; quiet: boolean }> {
  const started = performance.now();
  const cpuAtStart = cpuSeconds(pid);
  for (;;) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, opts.windowMs));
    const used = cpuSeconds(pid) - before;
    const wallMs = performance.now() - started;
    const quiet = used < (opts.share * opts.windowMs) / 1000;
    if (quiet || wallMs >= opts.maxMs) return { wallMs, cpuSeconds: cpuSeconds(pid) - cpuAtStart, quiet };
  }
}

/** Resident memory now and its peak (MB), from /proc/<pid>/status. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Starts the process's peak (VmHWM) again from its resident memory now (Linux: `5` written to
 * /proc/<pid>/clear_refs), so that a later memoryMb() gives the peak of what ran since. False where
 * the system does not allow it: the peak then still counts from the start.
 */
export function restartPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface Answer {
  status: number;
  ms: number;
  /** Bytes of the body as sent (compressed when the server compressed it). */
  wireBytes: number;
  /** Bytes of the body once decoded. */
  bytes: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

export class RequestTimeout extends Error {}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One request with a browser's Accept-Encoding; resolves once the whole body has arrived. */
export function send(
  base: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        agent,
        headers: {
          'accept-encoding': 'gzip, br',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({
            status: res.statusCode ?? 0,
            ms,
            wireBytes: wire.length,
            bytes: body.length,
            body,
            headers: res.headers,
          });
        });
      },
    );
    // A deadline for the whole answer: an idle timeout alone let the every-order list at 1,000,000
    // orders stream for 16 minutes past a 900 s timeout.
    const deadline = setTimeout(
      () => req.destroy(new RequestTimeout(`no answer within ${opts.timeoutMs / 1000} s`)),
      opts.timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Each scrape resets the server's figure, so every scrape feeds every watch open (a phase, a row). */
const watches = new Set<{ max: number | undefined }>();

/**
 * The longest event-loop delay since the previous scrape (seconds), or undefined when the server
 * has no GET /metrics yet.
 */
export async function eventLoopMaxSeconds(base: string): Promise<number | undefined> {
  let seconds: number | undefined;
  try {
    const res = await send(base, '/metrics', { timeoutMs: 30_000 });
    const m = /^kesh_event_loop_delay_max_seconds(?:\{[^}]*\})?\s+(\S+)/m.exec(res.body.toString('utf8'));
    if (res.status === 200 && m) seconds = Number(m[1]);
  } catch {
    seconds = undefined;
  }
  if (seconds !== undefined) for (const w of watches) w.max = Math.max(w.max ?? 0, seconds);
  return seconds;
}

/**
 * Runs `run` and gives the server's longest event-loop delay while it ran (seconds; undefined
 * without /metrics), even when scrapes inside it (a row within a phase) reset the server's figure.
 */
export async function watchLoop<T>(base: string, run: () => Promise<T>): Promise<{ result: T; maxSeconds?: number }> {
  await eventLoopMaxSeconds(base);
  const watch: { max: number | undefined } = { max: undefined };
  watches.add(watch);
  try {
    const result = await run();
    await eventLoopMaxSeconds(base);
    return { result, ...(watch.max === undefined ? {} : { maxSeconds: watch.max }) };
  } finally {
    watches.delete(watch);
  }
}

/** The machine's own stall: an idle process keeping the server's timer (stall-probe.mjs). */
export interface StallProbe {
  /** The probe's longest timer delay since the previous call (ms). */
  longestMs(): Promise<number>;
  stop(): void;
}

/**
 * Starts the stall probe beside the store. Whatever delays the probe's timer (another program taking
 * both cores, the system pausing this virtual machine) delays the server's too; a delay only the
 * server saw is the server's own work.
 */
export function startStallProbe(): StallProbe {
  // The benchmark's own loader flags (tsx) run the probe's TypeScript.
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL('./stall-probe.ts', import.meta.url))],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  child.stdout.setEncoding('utf8');
  const waiting: ((ms: number) => void)[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      waiting.shift()?.(Number(buffered.slice(0, nl)));
      buffered = buffered.slice(nl + 1);
    }
  });
  return {
    longestMs: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write('\n');
      }),
    stop: () => child.stdin.end(),
  };
}

export const median = (values: number[]) => percentile(values, 0.5);

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? NaN;
}
