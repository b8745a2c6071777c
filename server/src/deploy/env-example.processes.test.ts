import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '@kesh/shared';
import { loadConfig } from '../config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ENV_EXAMPLE = path.join(ROOT, '.env.example');
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
const START_DEADLINE_MS = 45_000;

/**
 * `docker run --env-file` (docker/cli opts/parse.go): leading whitespace dropped, a line starting
 * with `#` is a comment, and the value is every character after the first `=`: no inline comments,
 * no quotes removed, nothing trimmed. A line without `=` would take the host's value, which an
 * example file must never rely on.
 */
function readWithDockerRules(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [index, raw] of text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .entries()) {
    const line = raw.replace(/\r$/, '').replace(/^\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const name = eq === -1 ? line : line.slice(0, eq);
    if (eq === -1 || name === '' || /\s/.test(name)) throw new Error(`line ${index + 1} is not NAME=value: ${raw}`);
    settings[name] = line.slice(eq + 1);
  }
  return settings;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('.env.example', () => {
  let text: string;
  beforeAll(async () => {
    text = await readFile(ENV_EXAMPLE, 'utf8');
  });

  it('gives the same settings under Docker env-file rules as under the server loader (dotenv)', () => {
    const docker = readWithDockerRules(text);
    const server = dotenv.parse(text);
    expect(docker).toEqual(server);
    expect(loadConfig(docker)).toEqual(loadConfig(server));
  });

  it('writes every comment on its own line and every value bare, so no reader takes a comment for a value', () => {
    const settingLines = text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
    for (const line of settingLines) {
      // `#` starts an inline comment for some readers, quotes are stripped by some, `$` is expanded by compose.
      expect(line, 'NAME=value with no #, quotes, $ or surrounding spaces').toMatch(
        /^[A-Z][A-Z0-9_]*=([^\s#'"`$]([^#'"`$]*[^\s#'"`$])?)?$/,
      );
    }
  });

  it('holds the defaults it promises: the settings of an empty environment (production, no secrets set)', () => {
    expect(loadConfig(readWithDockerRules(text))).toEqual(loadConfig({}));
  });
});

describe('the server started with .env copied from .env.example', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kesh-env-example-'));
    await copyFile(ENV_EXAMPLE, path.join(dir, '.env'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers /readyz and serves the example shop with the payment simulator', async () => {
    const port = await freePort();
    // Only what cannot be shared on a test machine is set here: a free port on loopback, and the
    // in-process engine instead of probing for a mongod. dotenv never overrides a set variable.
    const child = spawn(process.execPath, [TSX_CLI, '--conditions=source', path.join(ROOT, 'server/src/main.ts')], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', EMBEDDED_ENGINE: 'wire' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + START_DEADLINE_MS;
      let ready = false;
      while (!ready && child.exitCode === null && Date.now() < deadline) {
        ready = await fetch(`${base}/readyz`).then(
          (res) => res.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 250));
      }
      expect(ready, output).toBe(true);

      const shop = await fetch(`${base}/api/shop`);
      expect(shop.status).toBe(200);
      // The example's shop, and no Razorpay keys: the simulator's stand-in key id.
      expect(await shop.json()).toEqual({
        ...DEFAULT_SHOP,
        paymentMode: 'simulator',
        razorpayKeyId: 'rzp_test_simulator',
      });
      // The demo catalogue's images were stored under the example's DATA_DIR (relative to the start
      // folder), since an empty UPLOAD_DIR means <DATA_DIR>/uploads.
      expect((await readdir(path.join(dir, 'data/uploads'))).length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  }, 60_000);
});
