import { defineConfig } from 'vitest/config';

/** Browser journeys: one server (built app, embedded database, seeded) shared by all files. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser journey at a time: two cores, and journeys share the seeded catalogue.
    fileParallelism: false,
    pool: 'forks',
  },
});
