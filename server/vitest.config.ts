import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the quick suites. Tests that start real processes and kill them
 * (`*.processes.test.ts`) run apart with `npm run test:slow` (`--mode slow`); CI runs both.
 * Tests that measure timings (`*.timing.test.ts`) run only with `npm run test:timing`
 * (`--mode timing`), never in CI: a clock on a shared machine is no gate.
 */
const SLOW_TESTS = ['src/**/*.processes.test.ts'];
const TIMING_TESTS = ['src/**/*.timing.test.ts'];
const APART = [...SLOW_TESTS, ...TIMING_TESTS];

export default defineConfig(({ mode }) => ({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node',
    include: mode === 'slow' ? SLOW_TESTS : mode === 'timing' ? TIMING_TESTS : ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(mode === 'slow' || mode === 'timing' ? [] : APART)],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each worker file starts its own embedded database, so files may run in parallel safely.
    pool: 'forks',
  },
}));
