import { readFileSync, readlinkSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, workerData, type MessagePort, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';

export interface WorkerThreadOptions {
  /**
   * Ends the thread once it has had no work for this long, so that its heap and code go back to
   * the system; the next request starts a new one. Without it the thread lives as long as the process.
   */
  idleMs?: number;
  /** The thread's own V8 heap limits: a thread that reaches them dies, failing the job it had. */
  resourceLimits?: ResourceLimits;
  /**
   * The thread's nice value (Linux; 0 is the process's own, 19 the lowest priority): a job that
   * may wait a little (a login's hash, an invoice) then leaves the cores to the event loop and the
   * engine thread when all are busy, and runs at full speed on an idle core.
   */
  niceness?: number;
}

/**
 * One worker thread (a pool of one) that runs a module's CPU-bound job, one request after another,
 * so the event loop stays free while it works. The thread starts with the first request and holds
 * the process open only while it has work; a thread that dies fails what it had and is replaced
 * at the next request.
 *
 * `entry` is the worker module's URL without its extension (see startWorker).
 */
export function workerThread<Input, Output>(
  entry: URL,
  name: string,
  { idleMs, resourceLimits, niceness }: WorkerThreadOptions = {},
): (input: Input) => Promise<Output> {
  let current: { thread: Worker; pending: Map<number, Job<Output>> } | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 0;

  function start() {
    const thread = startWorker(entry, {
      ...(resourceLimits ? { resourceLimits } : {}),
      ...(niceness !== undefined ? { workerData: { niceness } satisfies ServedThreadData } : {}),
    });
    // Each thread fails only its own jobs: one ended for idling may exit after its successor started.
    const pending = new Map<number, Job<Output>>();
    const started = { thread, pending };
    thread.on('message', ({ id, output, error }: { id: number; output?: Output; error?: string }) => {
      const job = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) idle(started);
      if (!job) return;
      if (error === undefined) job.resolve(output as Output);
      else job.reject(new Error(`${name} failed: ${error}`));
    });
    const fail = (err: Error) => {
      if (current === started) forget();
      for (const job of pending.values()) job.reject(err);
      pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the ${name} thread stopped (exit code ${code})`)));
    return started;
  }

  function forget() {
    current = undefined;
    clearTimeout(idleTimer);
  }

  function idle(started: NonNullable<typeof current>) {
    started.thread.unref();
    if (idleMs === undefined || current !== started) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      // Forgotten first: a request from now on starts a new thread instead of posting to this one.
      forget();
      void started.thread.terminate();
    }, idleMs).unref();
  }

  return (input) => {
    clearTimeout(idleTimer);
    current ??= start();
    const { thread, pending } = current;
    const id = ++nextId;
    return new Promise<Output>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ id, input });
    });
  };
}

interface Job<Output> {
  resolve: (out: Output) => void;
  reject: (err: Error) => void;
}

/**
 * A worker thread running the module at `entry` (its URL without the extension): the compiled .js
 * in the built server; under tsx and vitest, which a worker thread's loader does not inherit, its
 * TypeScript source through tsx's own import.
 */
export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  const source = `${entry.href}.ts`;
  return import.meta.url.endsWith('.ts')
    ? new Worker(
        `import(${JSON.stringify(tsxImportApi())})` +
          `.then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
        { ...options, eval: true },
      )
    : new Worker(new URL(`${entry.href}.js`), options);
}

/**
 * A worker's entry as `npm run build -w server` bundled it (`<entry>.bundle.js`), when that file is
 * at least as new as the entry and each module of `sources` (URLs of built .js files) it was made
 * from; otherwise, with a warning, the entry itself: `tsc -b` alone (the typecheck) re-emits the
 * modules but not the bundle, and a thread running older code than was just built would be a silent
 * wrong answer. Under tsx and vitest the entry itself.
 */
export function bundledEntry(entry: URL, sources: URL[]): URL {
  if (import.meta.url.endsWith('.ts')) return entry;
  const bundle = new URL(`${entry.href}.bundle`);
  const mtime = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  const built = mtime(`${fileURLToPath(bundle)}.js`);
  const plain = [new URL(`${entry.href}.js`), ...sources].map((url) => mtime(fileURLToPath(url)) ?? Infinity);
  if (built !== undefined && plain.every((modified) => modified <= built)) return bundle;
  process.emitWarning(
    `${fileURLToPath(bundle)}.js is missing or older than its sources: run \`npm run build -w server\``,
  );
  return entry;
}

/**
 * tsx's ESM API as a file URL: the worker's code is evaluated, so a bare 'tsx' would be looked up
 * from the working directory, which need not be the project's.
 */
function tsxImportApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default)).href;
}

/** What workerThread hands its thread (as workerData). */
interface ServedThreadData {
  niceness?: number;
}

/**
 * Gives the calling thread the nice value `niceness` (never a higher priority than it has). On Linux
 * a thread is a task of its own, named by /proc/thread-self, and lowering a priority needs no
 * privilege; false where that does not hold (the thread then runs as before).
 */
export function lowerThreadPriority(niceness: number): boolean {
  try {
    const tid = Number(path.basename(readlinkSync('/proc/thread-self')));
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, Math.max(getPriority(tid), niceness));
    return true;
  } catch {
    return false;
  }
}

/**
 * The worker side: answers each request with `job`'s result (or its error's message), at the
 * priority workerThread asked for.
 */
export function serveJobs<Input, Output>(
  port: MessagePort,
  job: (input: Input) => Promise<{ output: Output; transfer?: ArrayBuffer[] }>,
): void {
  const { niceness } = (workerData ?? {}) as ServedThreadData;
  if (niceness !== undefined) lowerThreadPriority(niceness);
  port.on('message', ({ id, input }: { id: number; input: Input }) => {
    job(input).then(
      ({ output, transfer }) => port.postMessage({ id, output }, transfer ?? []),
      (err: unknown) => port.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
