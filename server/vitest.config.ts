import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the quick suites. Tests that start real processes and kill them
 * (`*.processes.test.ts`) or measure timings (`*.timing.test.ts`) run apart, with
 * `npm run test:slow` (`vitest.config.ts --mode slow`); CI runs both.
 */
const SLOW_TESTS = ['src/**/*.processes.test.ts', 'src/**/*.timing.test.ts'];

export default defineConfig(({ mode }) => ({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node',
    include: mode === 'slow' ? SLOW_TESTS : ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(mode === 'slow' ? [] : SLOW_TESTS)],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each worker file starts its own embedded database, so files may run in parallel safely.
    pool: 'forks',
  },
}));
