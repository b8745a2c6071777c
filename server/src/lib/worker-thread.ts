import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type MessagePort, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';

/**
 * One worker thread (a pool of one) that runs a module's CPU-bound job, one request after another,
 * so the event loop stays free while it works. The thread starts with the first request and holds
 * the process open only while it has work; a thread that dies fails what it had and is replaced
 * at the next request.
 *
 * `entry` is the worker module's URL without its extension (see startWorker); `resourceLimits` caps
 * the thread's own V8 heap, and a thread that reaches it dies, failing the job it had.
 */
export function workerThread<Input, Output>(
  entry: URL,
  name: string,
  resourceLimits?: ResourceLimits,
): (input: Input) => Promise<Output> {
  let worker: Worker | undefined;
  const pending = new Map<number, { resolve: (out: Output) => void; reject: (err: Error) => void }>();
  let nextId = 0;

  function start(): Worker {
    const started = startWorker(entry, resourceLimits ? { resourceLimits } : {});
    started.on('message', ({ id, output, error }: { id: number; output?: Output; error?: string }) => {
      const job = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      if (!job) return;
      if (error === undefined) job.resolve(output as Output);
      else job.reject(new Error(`${name} failed: ${error}`));
    });
    const fail = (err: Error) => {
      if (worker === started) worker = undefined;
      for (const job of pending.values()) job.reject(err);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the ${name} thread stopped (exit code ${code})`)));
    return started;
  }

  return (input) => {
    worker ??= start();
    const current = worker;
    const id = ++nextId;
    return new Promise<Output>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      current.ref();
      current.postMessage({ id, input });
    });
  };
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

/** The worker side: answers each request with `job`'s result (or its error's message). */
export function serveJobs<Input, Output>(
  port: MessagePort,
  job: (input: Input) => Promise<{ output: Output; transfer?: ArrayBuffer[] }>,
): void {
  port.on('message', ({ id, input }: { id: number; input: Input }) => {
    job(input).then(
      ({ output, transfer }) => port.postMessage({ id, output }, transfer ?? []),
      (err: unknown) => port.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
