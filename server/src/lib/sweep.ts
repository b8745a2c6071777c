import type { Logger } from './logger.js';

/**
 * Runs `sweep` now and then every `everyMs`, never two at once (a slow sweep makes the next one
 * wait for the following turn). A failed sweep is logged and the next one tries again; the timer
 * never holds a stopping process open. Returns the function that stops it.
 */
export function startSweeping(sweep: () => Promise<unknown>, everyMs: number, logger: Logger, what: string) {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sweep()
      .catch((err: unknown) => logger.error({ err }, `${what} sweep failed; trying again later`))
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
