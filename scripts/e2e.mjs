#!/usr/bin/env node
// Builds the app, then runs the browser journeys (client/e2e/*.e2e.ts) against it in Debian's
// Chromium. Set E2E_BASE_URL to test an already running store instead of starting one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install it: apt-get update && apt-get install -y chromium`);
  process.exit(1);
}

const run = (cmd, args, opts = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', shell: false, ...opts });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.env.E2E_SKIP_BUILD) run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], { cwd: 'client' });
