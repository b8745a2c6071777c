import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the quick suites. Tests that start real processes and kill them
 * (`*.processes.test.ts`) run apart, with `npm run test:slow` (`--mode slow`); CI runs both.
 */
const SLOW_TESTS = ['src/**/*.processes.test.ts'];

export default defineConfig(({ mode }) => ({
  test: {
    environment: 'node',
    include: mode === 'slow' ? SLOW_TESTS : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(mode === 'slow' ? [] : SLOW_TESTS)],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each test file starts its own engine, so files may run in parallel safely.
    pool: 'forks',
  },
}));
