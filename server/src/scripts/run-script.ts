/** A command-line tool's entry: a failure prints its message alone (no stack) and exits with 1. */
export function runScript(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
