import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, DEV_RAZORPAY_SIM_SECRET, loadConfig } from './config.js';
import { SECRETS_FILE, copySecretsFile, loadOrCreateSecrets } from './secrets.js';

const ENV_SECRET = 'an-operator-chosen-secret-of-40-characters';

describe('the secrets file in the data directory', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'kesh-secrets-'));
    dirs.push(dir);
    return dir;
  }
  const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

  it('is made on the first start: owner-only, in an owner-only folder, random, complete', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const first = await loadOrCreateSecrets(dataDir);
    expect(first.file).toBe(path.join(dataDir, SECRETS_FILE));
    expect(first.created).toEqual(['jwtSecret', 'paymentSimulatorSecret']);
    expect(await modeOf(first.file)).toBe(0o600);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(JSON.parse(await readFile(first.file, 'utf8'))).toEqual(first.secrets);
    expect(first.secrets.jwtSecret).toMatch(/^[\w-]{43}$/);
    expect(first.secrets.paymentSimulatorSecret).toMatch(/^[\w-]{43}$/);
    expect(first.secrets.jwtSecret).not.toBe(first.secrets.paymentSimulatorSecret);
    // No temporary file is left beside it.
    expect(await readdir(dataDir)).toEqual([SECRETS_FILE]);

    const other = await loadOrCreateSecrets(path.join(await tempDir(), 'data'));
    expect(other.secrets.jwtSecret).not.toBe(first.secrets.jwtSecret);
  });

  it('is reused on every later start, unchanged', async () => {
    const dataDir = await tempDir();
    const first = await loadOrCreateSecrets(dataDir);
    const before = await readFile(first.file, 'utf8');
    const again = await loadOrCreateSecrets(dataDir);
    expect(again.secrets).toEqual(first.secrets);
    expect(again.created).toEqual([]);
    expect(await readFile(first.file, 'utf8')).toBe(before);
  });

  it('gives processes starting at the same moment the same secrets', async () => {
    const dataDir = await tempDir();
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => loadOrCreateSecrets(dataDir)));
    const [first] = outcomes;
    for (const outcome of outcomes) expect(outcome.secrets).toEqual(first!.secrets);
    expect(await readdir(dataDir)).toEqual([SECRETS_FILE]);
  });

  it('keeps the secrets a file already has and adds only the missing ones', async () => {
    const dataDir = await tempDir();
    const file = path.join(dataDir, SECRETS_FILE);
    await writeFile(file, JSON.stringify({ jwtSecret: ENV_SECRET }), { mode: 0o600 });
    const outcome = await loadOrCreateSecrets(dataDir);
    expect(outcome.created).toEqual(['paymentSimulatorSecret']);
    expect(outcome.secrets.jwtSecret).toBe(ENV_SECRET);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(outcome.secrets);
    expect(await modeOf(file)).toBe(0o600);
  });

  it.each([
    ['not JSON', '{"jwtSecret": "abc', 'not JSON'],
    ['empty', '', 'not JSON'],
    ['not an object', '["a"]', 'not an object'],
    ['a secret too short', JSON.stringify({ jwtSecret: 'short' }), 'jwtSecret is not a secret of 32+ characters'],
    ['a secret of the wrong type', JSON.stringify({ paymentSimulatorSecret: 42 }), 'paymentSimulatorSecret is not'],
  ])('refuses to start on a damaged file (%s) and leaves it as it is', async (_case, content, why) => {
    const dataDir = await tempDir();
    const file = path.join(dataDir, SECRETS_FILE);
    await writeFile(file, content, { mode: 0o600 });
    const start = loadOrCreateSecrets(dataDir);
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(`${file} is damaged (${why}`);
    await expect(start).rejects.toThrow(/Restore it from the backup of the data directory, or delete it/);
    expect(await readFile(file, 'utf8')).toBe(content);
  });

  it('refuses to start on a secrets file it cannot read, rather than making new ones', async () => {
    const dataDir = await tempDir();
    // What the process may not read looks the same to it: root reads a 0000 file, so a folder stands in.
    await mkdir(path.join(dataDir, SECRETS_FILE));
    await expect(loadOrCreateSecrets(dataDir)).rejects.toThrow(
      `Cannot read ${path.join(dataDir, SECRETS_FILE)} (EISDIR): fix its owner or permissions`,
    );
  });
});

describe('the secrets in a backup', () => {
  it('go into the backup folder and back into a restored data directory, owner-only, never over others', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'kesh-secrets-backup-'));
    try {
      const shop = await loadOrCreateSecrets(path.join(root, 'data'));
      expect(await copySecretsFile(path.join(root, 'data'), path.join(root, 'backup'))).toBe(true);
      const restored = path.join(root, 'restored');
      expect(await copySecretsFile(path.join(root, 'backup'), restored)).toBe(true);
      expect((await stat(path.join(restored, SECRETS_FILE))).mode & 0o777).toBe(0o600);
      expect((await loadOrCreateSecrets(restored)).secrets).toEqual(shop.secrets);
      await expect(copySecretsFile(path.join(root, 'backup'), restored)).rejects.toThrow(/EEXIST/);
      expect(await copySecretsFile(path.join(root, 'none'), path.join(root, 'other'))).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the configuration with the stored secrets', () => {
  const stored = { jwtSecret: 'x'.repeat(43), paymentSimulatorSecret: 'y'.repeat(43) };

  it('uses the stored secrets when the environment sets none', () => {
    const config = loadConfig({}, stored);
    expect(config.jwtSecret).toBe(stored.jwtSecret);
    expect(config.paymentSimulatorSecret).toBe(stored.paymentSimulatorSecret);
  });

  it('lets JWT_SECRET from the environment win', () => {
    expect(loadConfig({ JWT_SECRET: ENV_SECRET }, stored).jwtSecret).toBe(ENV_SECRET);
  });

  it('falls back to the published ones only without stored secrets (tests, tools that sign nothing)', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.jwtSecret).toBe(DEV_JWT_SECRET);
    expect(config.paymentSimulatorSecret).toBe(DEV_RAZORPAY_SIM_SECRET);
  });
});
