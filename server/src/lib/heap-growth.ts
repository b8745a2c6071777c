import { setFlagsFromString } from 'node:v8';

/**
 * How far past what its last full collection kept V8 lets a heap grow before the next one, in
 * percent, on every thread of the process (V8's flags are the process's). Left to itself V8 picks
 * 10-300 % by how fast collections have been, and a list of every order, whose garbage outlives
 * the young generation on both the event loop's heap and the engine thread's, then climbed
 * 100-250 MB above the live heaps before anything was collected (decision 0037). No limit is set:
 * a heap that needs more still gets it, only sooner collected.
 */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Once the engine has loaded the data: set from the start, the load's heap, growing from nothing to
 * its 300 MB, was collected again at every 30 % (≈ 1-2 s more CPU before /readyz at 100,000 orders).
 */
export function keepHeapsClose(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
