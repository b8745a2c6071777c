/**
 * glibc's malloc gives threads that allocate at the same moment arenas of their own (up to eight per
 * core) and gives little of their freed memory back. The server's threads (the event loop, the
 * database engine's, libuv's pool compressing answers, the invoice renderer) each fill one: at
 * 100,000 orders two arenas kept ≈ 12 MB less at rest and up to ≈ 25 MB less at the peak of the
 * owner's screens (decision 0042). glibc reads MALLOC_ARENA_MAX once, as the process starts,
 * so it must be in the environment that starts node: `npm start` and the Docker image set it, and a
 * server started another way is told at start-up.
 */
export const MALLOC_ARENAS = '2';

/**
 * The warning for a server on glibc (`glibcVersion` from process.report, undefined elsewhere) whose
 * environment does not set MALLOC_ARENA_MAX, or undefined when there is nothing to say.
 */
export function mallocArenaWarning(env: NodeJS.ProcessEnv, glibcVersion: string | undefined): string | undefined {
  if (!glibcVersion || env.MALLOC_ARENA_MAX) return undefined;
  return (
    'MALLOC_ARENA_MAX is not set: glibc may keep up to eight malloc arenas per core, which costs ' +
    `resident memory on a large shop. Start the server with MALLOC_ARENA_MAX=${MALLOC_ARENAS} in ` +
    'its environment, as `npm start` and the Docker image do (docs/operations.md).'
  );
}

/** The C library's glibc version, or undefined when node does not run on glibc (macOS, musl). */
export function glibcVersion(): string | undefined {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return report?.header?.glibcVersionRuntime;
}
